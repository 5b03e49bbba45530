import { startStandalone } from '@sbc/shared';
import ApiDocsPage from './exposed/ApiDocsPage';
import FaqPage from './exposed/FaqPage';
import HomePage from './exposed/HomePage';
import MaterialDetailPage from './exposed/MaterialDetailPage';
import MaterialsPage from './exposed/MaterialsPage';
import ProductDetailPage from './exposed/ProductDetailPage';
import ProductsPage from './exposed/ProductsPage';
import ProfitabilityPage from './exposed/ProfitabilityPage';
import WatchlistPage from './exposed/WatchlistPage';
import TradeBookPage from './exposed/TradeBookPage';
import PlannerPage from './exposed/PlannerPage';
// Standalone page: the same design tokens the shell loads.
import '@sbc/shared/src/ui/tokens.css';

/**
 * The remote's own dev page (http://localhost:3001): its pages, routed by the shared route manifest, with its own
 * RootStore, so the public-site team can work without the shell. In the site, the shell imports only the exposed
 * modules.
 */
void startStandalone('public-site', 'publicSite', {
  'publicSite/HomePage': HomePage,
  'publicSite/FaqPage': FaqPage,
  'publicSite/ProductsPage': ProductsPage,
  'publicSite/ProfitabilityPage': ProfitabilityPage,
  'publicSite/ProductDetailPage': ProductDetailPage,
  'publicSite/MaterialsPage': MaterialsPage,
  'publicSite/MaterialDetailPage': MaterialDetailPage,
  'publicSite/WatchlistPage': WatchlistPage,
  'publicSite/TradeBookPage': TradeBookPage,
  'publicSite/PlannerPage': PlannerPage,
  'publicSite/ApiDocsPage': ApiDocsPage,
});
