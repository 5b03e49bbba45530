/**
 * The routes that arrive as HTML (the public pages of SPEC.md section 2) and the remote page each shows: the
 * same patterns as app/routes.tsx, which stays the router; this table only tells the render server (and the
 * browser's hydration) which page module to have ready before rendering.
 */
import { matchPath } from 'react-router-dom';
import { paths, PUBLIC_SITE_REMOTE, routePatterns, type PublicSitePage, type RemoteModuleId } from '@sbc/shared';

const SERVER_RENDERED: Array<{ pattern: string; page: PublicSitePage }> = [
  { pattern: paths.home, page: 'HomePage' },
  { pattern: paths.products, page: 'ProductsPage' },
  { pattern: routePatterns.product, page: 'ProductDetailPage' },
  { pattern: paths.materials, page: 'MaterialsPage' },
  { pattern: routePatterns.material, page: 'MaterialDetailPage' },
  { pattern: paths.faq, page: 'FaqPage' },
];

/**
 * Paths the table would otherwise claim: /products/profitability is a fixed segment that the router ranks above
 * /products/:slug, so it must not render as a product page; it is client-rendered (its data is the whole catalogue,
 * which a render should not read per visit).
 */
const CLIENT_RENDERED = [paths.profitability];

/** The public-site page a path shows, or null when the path is not server-rendered (login, admin, unknown). */
export function serverRenderedPage(pathname: string): PublicSitePage | null {
  if (CLIENT_RENDERED.some((pattern) => matchPath({ path: pattern, end: true }, pathname))) return null;
  return SERVER_RENDERED.find((route) => matchPath({ path: route.pattern, end: true }, pathname))?.page ?? null;
}

export function remoteModuleId(page: PublicSitePage): RemoteModuleId {
  return `${PUBLIC_SITE_REMOTE}/${page}`;
}
