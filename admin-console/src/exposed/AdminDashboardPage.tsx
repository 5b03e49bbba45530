export { AdminDashboardPage as default } from '../features/dashboard/components/AdminDashboardPage';
