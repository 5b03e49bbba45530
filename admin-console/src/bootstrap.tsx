import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { createFirebaseGateway, loadRuntimeConfig, paths, RootStore, StandaloneStartupError, StoreProvider } from '@sbc/shared';
import AdminDashboardPage from './exposed/AdminDashboardPage';
import AddProductPage from './exposed/AddProductPage';
import JsonEditorPage from './exposed/JsonEditorPage';
import AddMaterialPage from './exposed/AddMaterialPage';
import ManageUsersPage from './exposed/ManageUsersPage';
// Standalone page: the same design tokens the shell loads.
import '@sbc/shared/src/ui/tokens.css';

/**
 * The remote's own dev page (http://localhost:3002) with its own RootStore, so the admin team can work on
 * layouts without the shell. Guards live in the shell and Firebase keeps sessions per origin, so writes
 * here are refused by the rules: exercise guarded flows through the site at http://localhost:3000.
 */
async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  let config: Awaited<ReturnType<typeof loadRuntimeConfig>>;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    // Started alone (`npm run dev -w admin-console`) nothing writes the config file: say so instead of a blank page.
    console.error('[admin-console] start-up failed', error);
    root.render(<StandaloneStartupError app="admin-console" error={error} />);
    return;
  }
  const store = new RootStore(createFirebaseGateway(config));
  root.render(
    <StrictMode>
      <StoreProvider store={store}>
        <BrowserRouter>
          <nav aria-label="admin-console standalone">
            <Link to={paths.admin}>Dashboard</Link> · <Link to={paths.adminAddProduct}>Add product</Link> ·{' '}
            <Link to={paths.adminJsonEditor}>JSON editor</Link> · <Link to={paths.adminAddMaterial}>Add material</Link> · <Link to={paths.adminUsers}>Users</Link>
          </nav>
          <main id="main-content">
            <Routes>
              <Route path={paths.admin} element={<AdminDashboardPage />} />
              <Route path={paths.adminAddProduct} element={<AddProductPage />} />
              <Route path={paths.adminJsonEditor} element={<JsonEditorPage />} />
              <Route path={paths.adminAddMaterial} element={<AddMaterialPage />} />
              <Route path={paths.adminUsers} element={<ManageUsersPage />} />
              <Route path="*" element={<AdminDashboardPage />} />
            </Routes>
          </main>
        </BrowserRouter>
      </StoreProvider>
    </StrictMode>,
  );
}

void start();
