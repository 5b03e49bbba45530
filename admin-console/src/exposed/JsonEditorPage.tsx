import { JsonEditorPage } from '../features/json-editor/components/JsonEditorPage';
import { italianPage } from '../components/ItalianPage';

export default italianPage(JsonEditorPage);
