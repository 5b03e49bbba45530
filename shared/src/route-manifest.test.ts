import { matchPath } from 'react-router-dom';
import { RESERVED_PRODUCT_SLUGS } from '@sbc/domain';
import { paths, routePatterns } from './paths';
import { ADMIN_CONSOLE_PAGES, PUBLIC_SITE_PAGES } from './remote-contract';
import { REMOTE_ROUTES, remoteRoutesOf, ROUTE_REDIRECTS } from './route-manifest';

describe('route manifest', () => {
  test('every exposed page has exactly one route, and every route names an exposed page', () => {
    const exposed = [...PUBLIC_SITE_PAGES.map((p) => `publicSite/${p}`), ...ADMIN_CONSOLE_PAGES.map((p) => `adminConsole/${p}`)].sort();
    expect(REMOTE_ROUTES.map((r) => r.module).sort()).toEqual(exposed);
  });

  test.each([
    ['/', 'publicSite/HomePage', 'public', true],
    ['/products/:slug', 'publicSite/ProductDetailPage', 'public', true],
    ['/market/profitability', 'publicSite/ProfitabilityPage', 'public', true],
    ['/watchlist', 'publicSite/WatchlistPage', 'signedIn', false],
    ['/admin/json-editor', 'adminConsole/JsonEditorPage', 'catalogue', false],
    ['/admin', 'adminConsole/AdminDashboardPage', 'catalogue', false],
    ['/admin/add-product', 'adminConsole/AddProductPage', 'catalogue', false],
    ['/admin/add-material', 'adminConsole/AddMaterialPage', 'catalogue', false],
    ['/admin/users', 'adminConsole/ManageUsersPage', 'admin', false],
    ['/admin/materials', 'adminConsole/EditMaterialPage', 'catalogue', false],
    ['/admin/salute', 'adminConsole/SalutePage', 'admin', false],
  ])('%s → %s (%s, server-rendered %s)', (path, module, access, serverRendered) => {
    expect(REMOTE_ROUTES.find((r) => r.path === path)).toMatchObject({ module, access, serverRendered });
  });

  test('only public pages are server-rendered; console pages are for admins, or for editors too (the catalogue)', () => {
    for (const route of REMOTE_ROUTES) {
      if (route.serverRendered) expect(route.access).toBe('public');
      if (route.module.startsWith('adminConsole/')) expect(['catalogue', 'admin']).toContain(route.access);
    }
    expect(remoteRoutesOf('adminConsole')).toHaveLength(ADMIN_CONSOLE_PAGES.length);
  });
});

describe('redirects of old addresses', () => {
  test('the ranking left /products/{slug}: its old address leads to its new one', () => {
    expect(ROUTE_REDIRECTS).toEqual([{ from: '/products/profitability', to: '/market/profitability' }]);
    expect(matchPath({ path: routePatterns.product, end: true }, paths.profitability)).toBeNull();
  });

  test('every redirect leads to a routed page, and no old address is still a route', () => {
    for (const { from, to } of ROUTE_REDIRECTS) {
      expect(REMOTE_ROUTES.map((r) => r.path)).toContain(to);
      expect(REMOTE_ROUTES.map((r) => r.path)).not.toContain(from);
    }
  });

  test("the fixed segments under /products/ (routes and redirects) are exactly the domain's reserved product slugs", () => {
    const fixed = [...REMOTE_ROUTES.map((r) => r.path), ...ROUTE_REDIRECTS.map((r) => r.from)]
      .map((path) => /^\/products\/([^/:]+)$/.exec(path)?.[1])
      .filter((segment): segment is string => segment !== undefined);
    expect([...new Set(fixed)].sort()).toEqual([...RESERVED_PRODUCT_SLUGS].sort());
  });
});
