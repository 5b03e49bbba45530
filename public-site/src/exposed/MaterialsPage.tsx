export { MaterialsPage as default } from '../features/materials/components/MaterialsPage';
