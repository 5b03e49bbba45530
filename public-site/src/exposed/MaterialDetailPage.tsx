export { MaterialDetailPage as default } from '../features/materials/components/MaterialDetailPage';
