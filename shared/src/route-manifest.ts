/**
 * Every page a remote provides, once: its route pattern, the exposed module that renders it, who may see it and
 * whether the server renders it. The shell's router (shell/src/app/routes.tsx), the render server's table
 * (shell/src/ssr/public-routes.ts) and each remote's standalone dev page (ui/standalone.tsx) all read this list,
 * so a page added here appears in all three.
 */
import type { ComponentType } from 'react';
import { paths, routePatterns } from './paths';
import { ADMIN_CONSOLE_REMOTE, PUBLIC_SITE_REMOTE, type RemoteModuleId, type RemoteName } from './remote-contract';

/**
 * Who may open a page: anyone, a signed-in player (guests go to login), whoever may edit the catalogue (admins and
 * editors, issue 38), an administrator only (@sbc/domain roles.ts says what each role may do).
 */
export type RouteAccess = 'public' | 'signedIn' | 'catalogue' | 'admin';

export interface RemoteRoute {
  /** A react-router pattern ('/products/:slug'); '/' is the index route. */
  path: string;
  module: RemoteModuleId;
  access: RouteAccess;
  /** Arrives as HTML from the render server (public pages whose data a render may read). */
  serverRendered: boolean;
  /** The link text on the remote's standalone dev page (and nowhere else). */
  label: string;
}

export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: paths.home, module: `${PUBLIC_SITE_REMOTE}/HomePage`, access: 'public', serverRendered: true, label: 'Home' },
  { path: paths.faq, module: `${PUBLIC_SITE_REMOTE}/FaqPage`, access: 'public', serverRendered: true, label: 'FAQ' },
  { path: paths.products, module: `${PUBLIC_SITE_REMOTE}/ProductsPage`, access: 'public', serverRendered: true, label: 'Products' },
  // Server-rendered since issue 36: its first rows are ranked where the catalogue is (the render server's period cache,
  // the open data API), not read whole per visit. The exposed module keeps its name: a shell released before issue 26
  // routes /products/profitability to it.
  { path: paths.profitability, module: `${PUBLIC_SITE_REMOTE}/ProfitabilityPage`, access: 'public', serverRendered: true, label: 'Profitability' },
  // Server-rendered: its reads (the product list N and the ledger M) are shared by every render of a market period.
  { path: paths.planner, module: `${PUBLIC_SITE_REMOTE}/PlannerPage`, access: 'public', serverRendered: true, label: 'Production planner' },
  { path: routePatterns.product, module: `${PUBLIC_SITE_REMOTE}/ProductDetailPage`, access: 'public', serverRendered: true, label: 'A product' },
  { path: paths.materials, module: `${PUBLIC_SITE_REMOTE}/MaterialsPage`, access: 'public', serverRendered: true, label: 'Materials' },
  { path: routePatterns.material, module: `${PUBLIC_SITE_REMOTE}/MaterialDetailPage`, access: 'public', serverRendered: true, label: 'A material' },
  { path: paths.watchlist, module: `${PUBLIC_SITE_REMOTE}/WatchlistPage`, access: 'signedIn', serverRendered: false, label: 'Watchlist' },
  // A player's own data: never rendered on the server (a render is a signed-out page).
  { path: paths.tradeBook, module: `${PUBLIC_SITE_REMOTE}/TradeBookPage`, access: 'signedIn', serverRendered: false, label: 'Trade book' },
  // Static content: rendered on the server like the FAQ.
  { path: paths.developersApi, module: `${PUBLIC_SITE_REMOTE}/ApiDocsPage`, access: 'public', serverRendered: true, label: 'Open data API' },
  { path: paths.admin, module: `${ADMIN_CONSOLE_REMOTE}/AdminDashboardPage`, access: 'catalogue', serverRendered: false, label: 'Dashboard' },
  { path: paths.adminAddProduct, module: `${ADMIN_CONSOLE_REMOTE}/AddProductPage`, access: 'catalogue', serverRendered: false, label: 'Add product' },
  { path: paths.adminJsonEditor, module: `${ADMIN_CONSOLE_REMOTE}/JsonEditorPage`, access: 'catalogue', serverRendered: false, label: 'JSON editor' },
  { path: paths.adminAddMaterial, module: `${ADMIN_CONSOLE_REMOTE}/AddMaterialPage`, access: 'catalogue', serverRendered: false, label: 'Add material' },
  { path: paths.adminEditMaterial, module: `${ADMIN_CONSOLE_REMOTE}/EditMaterialPage`, access: 'catalogue', serverRendered: false, label: 'Edit material' },
  { path: paths.adminUsers, module: `${ADMIN_CONSOLE_REMOTE}/ManageUsersPage`, access: 'admin', serverRendered: false, label: 'Users' },
  { path: paths.adminHealth, module: `${ADMIN_CONSOLE_REMOTE}/SalutePage`, access: 'admin', serverRendered: false, label: 'Salute' },
  { path: paths.adminProducts, module: `${ADMIN_CONSOLE_REMOTE}/CatalogPage`, access: 'catalogue', serverRendered: false, label: 'Catalogo' },
];

/** An old address kept for links and bookmarks: the shell's router and the render server send it on to `to`. */
export interface RouteRedirect {
  /** A fixed path, matched as the router matches it (case-insensitive, a trailing slash allowed). */
  from: string;
  to: string;
}

/**
 * Old addresses and where they lead now; the query string and hash are kept (?sort=, ?sector= … stay). The
 * browser's router answers with a replace navigation (shell/src/app/routes.tsx), the render server with a 301
 * (shell/src/ssr/render.tsx). A fixed segment under /products/ here is also a slug no product may take
 * (RESERVED_PRODUCT_SLUGS in @sbc/domain; route-manifest.test.ts checks the two agree).
 */
export const ROUTE_REDIRECTS: readonly RouteRedirect[] = [
  // Issue 26: the ranking moved out of /products/{slug}, where it shadowed a product slugged 'profitability'.
  { from: '/products/profitability', to: paths.profitability },
];

/** The routes one remote provides, in manifest order. */
export function remoteRoutesOf(remote: RemoteName): RemoteRoute[] {
  return REMOTE_ROUTES.filter((route) => route.module.startsWith(`${remote}/`));
}

/** The pages of one remote, by module id: what its standalone dev page must be given. */
export type RemotePages<R extends RemoteName> = Record<Extract<RemoteModuleId, `${R}/${string}`>, ComponentType>;
