export { ProductsPage as default } from '../features/products/components/ProductsPage';
