export { JsonEditorPage as default } from '../features/json-editor/components/JsonEditorPage';
