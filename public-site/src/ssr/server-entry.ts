/**
 * The remote's Node build (webpack.server.js → dist/server/public-site.server.js): the same page components
 * as the browser build, plus the data preparation and the styles, for the render server. React, the router,
 * MobX and @sbc/shared are not bundled: the render server hands in its own instances (singletons, as Module
 * Federation shares them in the browser), so the pages use the render server's RootStore and router context.
 */
import './public-path';
import type { ComponentType } from 'react';
import type { PublicSitePage } from '@sbc/shared';
import HomePage from '../exposed/HomePage';
import ProductsPage from '../exposed/ProductsPage';
import ProductDetailPage from '../exposed/ProductDetailPage';
import MaterialsPage from '../exposed/MaterialsPage';
import MaterialDetailPage from '../exposed/MaterialDetailPage';
import FaqPage from '../exposed/FaqPage';
import ApiDocsPage from '../exposed/ApiDocsPage';
import ProfitabilityPage from '../exposed/ProfitabilityPage';
import WatchlistPage from '../exposed/WatchlistPage';
import TradeBookPage from '../exposed/TradeBookPage';
import PlannerPage from '../exposed/PlannerPage';
import { collectedCss } from '../../../shared/src/ssr/css-registry';

export { preparePage } from './prepare';

export const pages: Record<PublicSitePage, ComponentType> = {
  HomePage,
  ProductsPage,
  ProductDetailPage,
  MaterialsPage,
  MaterialDetailPage,
  FaqPage,
  ApiDocsPage,
  PlannerPage,
  // Exposed pages the render server does not render (shell/src/ssr/public-routes.ts): listed so the map stays the
  // whole contract.
  ProfitabilityPage,
  WatchlistPage,
  TradeBookPage,
};

/**
 * The CSS of every page. Today's render server inlines only the page's own stylesheets, read from the browser build's
 * mf-manifest.json (shell/src/ssr/page-styles.ts), and falls back to this when it cannot read them; a render server
 * of the previous release inlines this on every page. Kept for both (README: compatibility policy).
 */
export function css(): string {
  return collectedCss();
}
