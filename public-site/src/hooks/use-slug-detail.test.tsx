import { fakeMaterial, fakeProduct } from '@sbc/shared/src/testing/fakes';
import { act, screen } from '@testing-library/react';
import { MaterialDetailPage } from '../features/materials/components/MaterialDetailPage';
import { ProductDetailPage } from '../features/products/components/ProductDetailPage';
import { renderPage } from '../test/render-page';

// ECharts needs a canvas; these tests are about the record, not the charts.
jest.mock('../components/charts/LineChart', () => ({ __esModule: true, default: () => null }));

const bread = fakeProduct({ name: 'Bread', slug: 'bread', category: 'food', average_market_price: 12.5, pieces_on_market: 100 });
const iron = fakeMaterial({ name: 'Iron ore', value: 10, amount: 100 });

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('a detail page and its record in the store', () => {
  it('header Refresh on /products/{slug} shows the changed product, read past the loaded lists, without a loading flash', async () => {
    const { gateway, store } = renderPage(<ProductDetailPage />, { url: '/products/bread', pattern: '/products/:slug', seed: { products: [bread] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bread' })).toBeInTheDocument();
    await act(() => store.market.loadProducts()); // the old record is now in memory too
    gateway.data.products = [{ ...bread, average_market_price: 20 }];
    const releaseList = gateway.hold('products.getAll'); // the list reload stays pending: the detail must not wait for it

    let refreshing!: Promise<void>;
    act(() => {
      refreshing = store.refreshAll();
    });
    expect(screen.queryByText('Loading asset intelligence…')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bread' })).toBeInTheDocument();
    // The figure card (the production-economics panel repeats the price in its table).
    expect(await screen.findByText('20.00 SBC', { selector: 'dd' })).toBeInTheDocument();
    expect(gateway.callCount('products.getBySlug')).toBe(2);
    releaseList();
    await act(() => refreshing);
  });

  it('header Refresh on /materials/{slug} shows the changed material without a loading flash', async () => {
    const { gateway, store } = renderPage(<MaterialDetailPage />, {
      url: '/materials/Iron%20ore',
      pattern: '/materials/:slug',
      seed: { materials: [iron] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Iron ore' })).toBeInTheDocument();
    expect(screen.getAllByText('10.00 SBC').length).toBeGreaterThan(0);
    gateway.data.materials = [{ ...iron, value: 14 }];
    await act(() => store.refreshAll());
    expect(screen.queryByText('Loading material…')).not.toBeInTheDocument();
    expect((await screen.findAllByText('14.00 SBC')).length).toBeGreaterThan(0);
    expect(gateway.callCount('materials.getByName')).toBe(2);
  });

  it('a market update reads the shown product again and shows its new figures without a loading flash', async () => {
    const { gateway, store } = renderPage(<ProductDetailPage />, { url: '/products/bread', pattern: '/products/:slug', seed: { products: [bread] } });
    expect(await screen.findByText('12.50 SBC', { selector: 'dd' })).toBeInTheDocument();
    gateway.data.products = [{ ...bread, average_market_price: 21 }];
    const release = gateway.hold('products.getBySlug');
    let following!: Promise<unknown>;
    act(() => {
      following = store.market.followMarketUpdate();
    });
    expect(screen.getByText('12.50 SBC', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByText('Loading asset intelligence…')).not.toBeInTheDocument();
    release();
    await act(() => following);
    expect(screen.getByText('21.00 SBC', { selector: 'dd' })).toBeInTheDocument();
    expect(store.market.productRecord('bread')).toMatchObject({ state: 'ready', product: { average_market_price: 21 } });
  });

  it('an outage shows the error card; Retry reads the record again into the store', async () => {
    const { gateway, user } = renderPage(<ProductDetailPage />, {
      url: '/products/bread',
      pattern: '/products/:slug',
      seed: { products: [bread], failing: { 'products.getBySlug': new Error('offline') } },
    });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(gateway.callCount('products.getBySlug')).toBe(1);
    gateway.fail('products.getBySlug', undefined);
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bread' })).toBeInTheDocument();
    expect(gateway.callCount('products.getBySlug')).toBe(2);
  });
});
