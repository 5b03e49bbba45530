/**
 * The routes that arrive as HTML (the public pages of SPEC.md section 2) and the remote page each shows, from the
 * route manifest (@sbc/shared REMOTE_ROUTES, `serverRendered`), which app/routes.tsx also reads: this only tells
 * the render server (and the browser's hydration) which page module to have ready before rendering.
 */
import { matchPath } from 'react-router-dom';
import { PUBLIC_SITE_REMOTE, REMOTE_ROUTES, type PublicSitePage, type RemoteModuleId } from '@sbc/shared';

/**
 * The public-site page a path shows, or null when the path is not server-rendered (login, admin, unknown). A
 * route that is not server-rendered wins over a pattern it would otherwise match: /products/profitability is a
 * fixed segment the router ranks above /products/:slug, so it must not render as a product page.
 */
export function serverRenderedPage(pathname: string): PublicSitePage | null {
  const matching = REMOTE_ROUTES.filter((route) => matchPath({ path: route.path, end: true }, pathname));
  if (matching.length === 0 || matching.some((route) => !route.serverRendered)) return null;
  const [remote, page] = matching[0].module.split('/');
  return remote === PUBLIC_SITE_REMOTE ? (page as PublicSitePage) : null;
}

export function remoteModuleId(page: PublicSitePage): RemoteModuleId {
  return `${PUBLIC_SITE_REMOTE}/${page}`;
}
