/**
 * The routes that arrive as HTML (the public pages of SPEC.md section 2) and the remote page each shows, from the
 * route manifest (@sbc/shared REMOTE_ROUTES, `serverRendered`), which app/routes.tsx also reads: this only tells
 * the render server (and the browser's hydration) which page module to have ready before rendering.
 */
import { matchPath } from 'react-router-dom';
import { PUBLIC_SITE_REMOTE, REMOTE_ROUTES, ROUTE_REDIRECTS, type PublicSitePage, type RemoteModuleId, type RouteRedirect } from '@sbc/shared';

/** The redirect whose old address is `pathname`, matched as the browser's router matches it. */
function redirectOf(pathname: string): RouteRedirect | undefined {
  return ROUTE_REDIRECTS.find((redirect) => matchPath({ path: redirect.from, end: true }, pathname));
}

/**
 * Where an old address (ROUTE_REDIRECTS) now lives, with its query string kept ('/market/profitability?sort=margin'),
 * or null when `url` ('/path?query') is not an old address. The render server answers it with a 301.
 */
export function redirectTarget(url: string): string | null {
  const { pathname, search } = new URL(url, 'http://render.invalid');
  const redirect = redirectOf(pathname);
  return redirect ? `${redirect.to}${search}` : null;
}

/**
 * The public-site page a path shows, or null when the path is not server-rendered (login, admin, unknown). A
 * route that is not server-rendered, and an old address that redirects, win over a pattern they would otherwise
 * match: /products/profitability is a fixed path the router ranks above /products/:slug, so it must not render
 * as a product page.
 */
export function serverRenderedPage(pathname: string): PublicSitePage | null {
  if (redirectOf(pathname)) return null;
  const matching = REMOTE_ROUTES.filter((route) => matchPath({ path: route.path, end: true }, pathname));
  if (matching.length === 0 || matching.some((route) => !route.serverRendered)) return null;
  const [remote, page] = matching[0].module.split('/');
  return remote === PUBLIC_SITE_REMOTE ? (page as PublicSitePage) : null;
}

export function remoteModuleId(page: PublicSitePage): RemoteModuleId {
  return `${PUBLIC_SITE_REMOTE}/${page}`;
}
