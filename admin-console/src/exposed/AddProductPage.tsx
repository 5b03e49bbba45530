export { AddProductPage as default } from '../features/add-product/components/AddProductPage';
