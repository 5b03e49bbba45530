import { AddMaterialPage } from '../features/add-material/components/AddMaterialPage';
import { italianPage } from '../components/ItalianPage';

export default italianPage(AddMaterialPage);
