import { ADMIN_CONSOLE_PAGES, PUBLIC_SITE_PAGES } from './remote-contract';
import { REMOTE_ROUTES, remoteRoutesOf } from './route-manifest';

describe('route manifest', () => {
  test('every exposed page has exactly one route, and every route names an exposed page', () => {
    const exposed = [...PUBLIC_SITE_PAGES.map((p) => `publicSite/${p}`), ...ADMIN_CONSOLE_PAGES.map((p) => `adminConsole/${p}`)].sort();
    expect(REMOTE_ROUTES.map((r) => r.module).sort()).toEqual(exposed);
  });

  test.each([
    ['/', 'publicSite/HomePage', 'public', true],
    ['/products/:slug', 'publicSite/ProductDetailPage', 'public', true],
    ['/products/profitability', 'publicSite/ProfitabilityPage', 'public', false],
    ['/watchlist', 'publicSite/WatchlistPage', 'signedIn', false],
    ['/admin/json-editor', 'adminConsole/JsonEditorPage', 'admin', false],
  ])('%s → %s (%s, server-rendered %s)', (path, module, access, serverRendered) => {
    expect(REMOTE_ROUTES.find((r) => r.path === path)).toMatchObject({ module, access, serverRendered });
  });

  test('only public pages are server-rendered; admin pages are admin-only', () => {
    for (const route of REMOTE_ROUTES) {
      if (route.serverRendered) expect(route.access).toBe('public');
      if (route.module.startsWith('adminConsole/')) expect(route.access).toBe('admin');
    }
    expect(remoteRoutesOf('adminConsole')).toHaveLength(ADMIN_CONSOLE_PAGES.length);
  });
});
