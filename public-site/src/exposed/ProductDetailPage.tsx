export { ProductDetailPage as default } from '../features/products/components/ProductDetailPage';
