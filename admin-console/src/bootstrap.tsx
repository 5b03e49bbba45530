import { startStandalone } from '@sbc/shared';
import AddMaterialPage from './exposed/AddMaterialPage';
import AddProductPage from './exposed/AddProductPage';
import CatalogPage from './exposed/CatalogPage';
import AdminDashboardPage from './exposed/AdminDashboardPage';
import JsonEditorPage from './exposed/JsonEditorPage';
import ManageUsersPage from './exposed/ManageUsersPage';
import SalutePage from './exposed/SalutePage';
import EditMaterialPage from './exposed/EditMaterialPage';
// Standalone page: the same design tokens the shell loads.
import '@sbc/shared/src/ui/tokens.css';

/**
 * The remote's own dev page (http://localhost:3002), routed by the shared route manifest, with its own RootStore,
 * so the admin team can work on layouts without the shell. Guards live in the shell and Firebase keeps sessions
 * per origin, so writes here are refused by the rules: exercise guarded flows through the site at
 * http://localhost:3000.
 */
void startStandalone('admin-console', 'adminConsole', {
  'adminConsole/AdminDashboardPage': AdminDashboardPage,
  'adminConsole/AddProductPage': AddProductPage,
  'adminConsole/JsonEditorPage': JsonEditorPage,
  'adminConsole/AddMaterialPage': AddMaterialPage,
  'adminConsole/ManageUsersPage': ManageUsersPage,
  'adminConsole/SalutePage': SalutePage,
  'adminConsole/CatalogPage': CatalogPage,
  'adminConsole/EditMaterialPage': EditMaterialPage,
});
