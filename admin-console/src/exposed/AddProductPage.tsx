import { AddProductPage } from '../features/add-product/components/AddProductPage';
import { italianPage } from '../components/ItalianPage';

export default italianPage(AddProductPage);
