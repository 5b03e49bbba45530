export { ProfitabilityPage as default } from '../features/products/components/ProfitabilityPage';
