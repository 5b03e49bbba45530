import { ManageUsersPage } from '../features/users/components/ManageUsersPage';
import { italianPage } from '../components/ItalianPage';

export default italianPage(ManageUsersPage);
