import { CatalogPage } from '../features/catalog/components/CatalogPage';
import { italianPage } from '../components/ItalianPage';

export default italianPage(CatalogPage);
