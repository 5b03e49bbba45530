// The browser's side of the old addresses: /products/profitability (the ranking until issue 26) leads to
// /market/profitability with the table's query kept, and a product path is left alone.
import { Route } from 'react-router-dom';
import { screen } from '@testing-library/react';
import { paths, routePatterns } from '@sbc/shared';
import { currentLocation, renderShell } from '../testing/render-shell';
import { redirectRoutes } from './redirects';

const routes = (
  <>
    {redirectRoutes()}
    <Route path={paths.profitability} element={<h1>Profitability ranking</h1>} />
    <Route path={routePatterns.product} element={<h1>A product</h1>} />
  </>
);

describe('redirects of old addresses in the browser', () => {
  it.each([
    ['/products/profitability?sort=margin', '/market/profitability?sort=margin'],
    ['/products/profitability?sort=marginPercent&dir=asc&q=bread&sector=food', '/market/profitability?sort=marginPercent&dir=asc&q=bread&sector=food'],
    ['/products/profitability', '/market/profitability'],
    ['/products/profitability/', '/market/profitability'],
    ['/products/Profitability?sort=name', '/market/profitability?sort=name'],
  ])('%s → %s', async (from, to) => {
    await renderShell(routes, { route: from });
    expect(screen.getByRole('heading', { name: 'Profitability ranking' })).toBeInTheDocument();
    expect(currentLocation()).toBe(to);
  });

  it('leaves a product page where it is', async () => {
    await renderShell(routes, { route: '/products/profitability-index?tab=1' });
    expect(screen.getByRole('heading', { name: 'A product' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/products/profitability-index?tab=1');
  });
});
