/** Every route path of the site (SPEC.md section 2), in one place for the shell and both remotes. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  faq: '/faq',
  products: '/products',
  /**
   * The profitability ranking, on a path of its own so that it shadows no product (issue 26: it was
   * /products/profitability, which stays a redirect: ROUTE_REDIRECTS in route-manifest.ts).
   */
  profitability: '/market/profitability',
  /** The production planner (issue 37): the plan lives in the query (domain PLAN_PARAMS), so it can be shared. */
  planner: '/market/planner',
  product: (slug: string) => `/products/${encodeURIComponent(slug)}`,
  materials: '/materials',
  material: (name: string) => `/materials/${encodeURIComponent(name)}`,
  admin: '/admin',
  adminAddProduct: '/admin/add-product',
  adminAddMaterial: '/admin/add-material',
  /** Issue 38: a material edited by its form or as JSON, with its history. */
  adminEditMaterial: '/admin/materials',
  adminUsers: '/admin/users',
  adminJsonEditor: '/admin/json-editor',
  /** The whole catalogue: search, filters, bulk edit (issue 38). */
  adminProducts: '/admin/products',
  /** How each app's release does with real visitors: errors and Core Web Vitals (docs/telemetry.md). */
  adminHealth: '/admin/salute',
  /** The signed-in player's watchlist (guests are sent to login with a returnUrl). */
  watchlist: '/watchlist',
  /** The signed-in player's trade book: buys, sells, holdings, profit and loss (issue 37). */
  tradeBook: '/trade-book',
  /** The open data API's page for people (the API itself is under /api/v1, docs/open-data-api.md). */
  developersApi: '/developers/api',
} as const;

/** /login that comes back to `returnUrl` (a same-site path) after signing in: guards and the guest's star use it. */
export function loginReturningTo(returnUrl: string): string {
  return `${paths.login}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** /register that comes back to `returnUrl` once the new player is signed in (GuestOnly honours it). */
export function registerReturningTo(returnUrl: string): string {
  return `${paths.register}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** Route patterns as react-router matches them. */
export const routePatterns = {
  product: '/products/:slug',
  material: '/materials/:slug',
} as const;

/**
 * The game's App Store listing, the home page's download buttons (SPEC.md section 2, home hero and closing call).
 * SET BEFORE LAUNCH: id0000000000 is a placeholder, not a published listing; replace it with the real app id.
 * It is a constant rather than a runtime-config field because the listing is the same in every environment;
 * moving it to /app-config.json (to hide the buttons where it is unset) would need the shell to hand the
 * config to the remotes, which it does not do today.
 */
export const APP_STORE_URL = 'https://apps.apple.com/app/sbc-tycoon/id0000000000';
