import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { createFirebaseGateway, loadRuntimeConfig, paths, RootStore, routePatterns, StandaloneStartupError, StoreProvider } from '@sbc/shared';
import HomePage from './exposed/HomePage';
import ProductsPage from './exposed/ProductsPage';
import ProductDetailPage from './exposed/ProductDetailPage';
import MaterialsPage from './exposed/MaterialsPage';
import MaterialDetailPage from './exposed/MaterialDetailPage';
import FaqPage from './exposed/FaqPage';
// Standalone page: the same design tokens the shell loads.
import '@sbc/shared/src/ui/tokens.css';

/**
 * The remote's own dev page (http://localhost:3001): its pages with its own RootStore, so the public-site
 * team can work without the shell. In the site, the shell imports only the exposed modules.
 */
async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  let config: Awaited<ReturnType<typeof loadRuntimeConfig>>;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    // Started alone (`npm run dev -w public-site`) nothing writes the config file: say so instead of a blank page.
    console.error('[public-site] start-up failed', error);
    root.render(<StandaloneStartupError app="public-site" error={error} />);
    return;
  }
  const store = new RootStore(createFirebaseGateway(config));
  root.render(
    <StrictMode>
      <StoreProvider store={store}>
        <BrowserRouter>
          <nav aria-label="public-site standalone">
            <Link to={paths.home}>Home</Link> · <Link to={paths.products}>Products</Link> ·{' '}
            <Link to={paths.materials}>Materials</Link> · <Link to={paths.faq}>FAQ</Link>
          </nav>
          <main id="main-content">
            <Routes>
              <Route index element={<HomePage />} />
              <Route path={paths.products} element={<ProductsPage />} />
              <Route path={routePatterns.product} element={<ProductDetailPage />} />
              <Route path={paths.materials} element={<MaterialsPage />} />
              <Route path={routePatterns.material} element={<MaterialDetailPage />} />
              <Route path={paths.faq} element={<FaqPage />} />
            </Routes>
          </main>
        </BrowserRouter>
      </StoreProvider>
    </StrictMode>,
  );
}

void start();
