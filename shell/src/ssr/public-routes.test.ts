import { serverRenderedPage } from './public-routes';

describe('serverRenderedPage: which paths arrive as HTML', () => {
  it.each<[string, string | null]>([
    ['/', 'HomePage'],
    ['/products', 'ProductsPage'],
    ['/products/solar-panel', 'ProductDetailPage'],
    ['/products/profitability', null],
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
