export { ApiDocsPage as default } from '../features/developers/components/ApiDocsPage';
