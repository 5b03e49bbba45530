import { AdminDashboardPage } from '../features/dashboard/components/AdminDashboardPage';
import { italianPage } from '../components/ItalianPage';

export default italianPage(AdminDashboardPage);
