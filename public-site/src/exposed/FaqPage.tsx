export { FaqPage as default } from '../features/faq/components/FaqPage';
