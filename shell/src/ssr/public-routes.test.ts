import { redirectTarget, serverRenderedPage } from './public-routes';

describe('serverRenderedPage: which paths arrive as HTML', () => {
  it.each<[string, string | null]>([
    ['/', 'HomePage'],
    ['/products', 'ProductsPage'],
    ['/products/solar-panel', 'ProductDetailPage'],
    ['/products/profitability', null],
    ['/market/profitability', 'ProfitabilityPage'],
    ['/materials', 'MaterialsPage'],
    ['/materials/Copper', 'MaterialDetailPage'],
    ['/faq', 'FaqPage'],
    ['/watchlist', null],
    ['/login', null],
    ['/admin', null],
    ['/nowhere', null],
  ])('%s → %p', (path, page) => {
    expect(serverRenderedPage(path)).toBe(page);
  });
});

describe('redirectTarget: old addresses the render server answers with a 301', () => {
  it.each<[string, string | null]>([
    ['/products/profitability', '/market/profitability'],
    ['/products/profitability?sort=margin&dir=desc&q=bread&sector=food', '/market/profitability?sort=margin&dir=desc&q=bread&sector=food'],
    ['/products/profitability/?sort=margin', '/market/profitability?sort=margin'],
    ['/products/PROFITABILITY', '/market/profitability'],
    ['/products/profitability-index', null],
    ['/products/solar-panel?sort=margin', null],
    ['/market/profitability?sort=margin', null],
    ['/products', null],
  ])('%s → %p', (url, target) => {
    expect(redirectTarget(url)).toBe(target);
  });
});
