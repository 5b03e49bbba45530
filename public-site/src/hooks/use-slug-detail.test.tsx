import { RootStore, StoreProvider } from '@sbc/shared';
import { createFakeGateway, fakeMaterial, fakeProduct } from '@sbc/shared/src/testing/fakes';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MaterialDetailPage } from '../features/materials/components/MaterialDetailPage';
import { ProductDetailPage } from '../features/products/components/ProductDetailPage';
import { renderPage } from '../test/render-page';
import { useSlugDetail, type SlugDetail } from './use-slug-detail';

// ECharts needs a canvas; these tests are about the record, not the charts.
jest.mock('../components/charts/LineChart', () => ({ __esModule: true, default: () => null }));

const bread = fakeProduct({ name: 'Bread', slug: 'bread', category: 'food', average_market_price: 12.5, pieces_on_market: 100 });
const iron = fakeMaterial({ name: 'Iron ore', value: 10, amount: 100 });

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

/**
 * A plain (non-observer) component keeping its record itself, as under a shell released before the store kept
 * records (no `stored` home): the hook must follow refreshes on its own.
 */
function Probe({ slug, load }: { slug: string; load: (root: RootStore, slug: string) => Promise<SlugDetail<string>> }) {
  const { state, item, retry } = useSlugDetail(slug, 'probe', { stored: () => undefined, load });
  return (
    <>
      <p>{`${state}:${item ?? '-'}`}</p>
      <button type="button" onClick={retry}>
        retry
      </button>
    </>
  );
}

/** The probe for 'bread' under a store of its own; returns the store. */
function renderProbe(load: (root: RootStore, slug: string) => Promise<SlugDetail<string>>): RootStore {
  const store = new RootStore(createFakeGateway({}), { storage: null });
  render(
    <StoreProvider store={store}>
      <Probe slug="bread" load={load} />
    </StoreProvider>,
  );
  return store;
}

describe('useSlugDetail under a shell without records: failures and retry', () => {
  it('a load that throws with nothing shown is error, not notFound; retry goes back to loading and loads again', async () => {
    let answer: (value: SlugDetail<string>) => void = () => {};
    const load = jest
      .fn<Promise<SlugDetail<string>>, [RootStore, string]>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderProbe(load);
    expect(await screen.findByText('error:-')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Failed to load probe bread', expect.any(Error));
    act(() => screen.getByRole('button', { name: 'retry' }).click());
    expect(screen.getByText('loading:-')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => answer({ state: 'ready', item: 'found' }));
    expect(screen.getByText('ready:found')).toBeInTheDocument();
  });

  it("passes the store's own error and notFound through", async () => {
    const load = jest
      .fn<Promise<SlugDetail<string>>, [RootStore, string]>()
      .mockResolvedValueOnce({ state: 'error', item: null })
      .mockResolvedValueOnce({ state: 'notFound', item: null });
    renderProbe(load);
    expect(await screen.findByText('error:-')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'retry' }).click());
    expect(await screen.findByText('notFound:-')).toBeInTheDocument();
  });
});

describe('useSlugDetail under a shell without records: the header refresh', () => {
  it('loads again on refreshAll, keeping the shown record until the new one arrives', async () => {
    let answer: (value: SlugDetail<string>) => void = () => {};
    const load = jest
      .fn<Promise<SlugDetail<string>>, [RootStore, string]>()
      .mockResolvedValueOnce({ state: 'ready', item: 'old' })
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const store = renderProbe(load);
    expect(await screen.findByText('ready:old')).toBeInTheDocument();
    await act(() => store.refreshAll());
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('ready:old')).toBeInTheDocument();
    await act(async () => answer({ state: 'ready', item: 'new' }));
    expect(screen.getByText('ready:new')).toBeInTheDocument();
  });

  it('keeps the shown record when the reload throws', async () => {
    const load = jest
      .fn<Promise<SlugDetail<string>>, [RootStore, string]>()
      .mockResolvedValueOnce({ state: 'ready', item: 'old' })
      .mockRejectedValueOnce(new Error('offline'));
    const store = renderProbe(load);
    expect(await screen.findByText('ready:old')).toBeInTheDocument();
    await act(() => store.refreshAll());
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to load probe bread', expect.any(Error)));
    expect(screen.getByText('ready:old')).toBeInTheDocument();
  });
});

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
