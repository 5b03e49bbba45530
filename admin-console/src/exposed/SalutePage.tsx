import { SalutePage } from '../features/health/components/SalutePage';
import { italianPage } from '../components/ItalianPage';

export default italianPage(SalutePage);
