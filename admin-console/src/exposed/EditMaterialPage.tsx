import { EditMaterialPage } from '../features/edit-material/components/EditMaterialPage';
import { italianPage } from '../components/ItalianPage';

export default italianPage(EditMaterialPage);
