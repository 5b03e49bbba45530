import { fakeMaterial, fakeProduct } from '@sbc/shared/src/testing/fakes';
import type { Material } from '@sbc/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../../test/render-page';
import { ProductDetailPage } from './ProductDetailPage';

// ECharts needs a canvas: the wrapper is replaced by a stand-in that shows what it was given.
jest.mock('../../../components/charts/LineChart', () => ({
  __esModule: true,
  default: (p: { ariaLabel: string; values: number[]; axis: { min: number; max: number } }) => (
    <div role="img" aria-label={p.ariaLabel} data-axis={`${p.axis.min}-${p.axis.max}`} />
  ),
}));

/** The stand-in chart once drawn (before that, the chart's empty box carries the same accessible name). */
const drawnChart = (name: RegExp) =>
  waitFor(() => {
    const chart = screen.getAllByRole('img', { name }).find((element) => element.hasAttribute('data-axis'));
    expect(chart).toBeDefined();
    return chart as HTMLElement;
  });

const bread = fakeProduct({
  name: 'Bread',
  category: 'food',
  type: 'product',
  talent_required: 'Baker',
  average_market_price: 12.5,
  pieces_on_market: 100,
  price_min: 10,
  price_max: 15,
  enabled: true,
  space_required: 2,
  lastvqvalue: [10, 12, 11],
  production: { cost: 4, time: 150, request_index: 61.236, request_index_history: [40, 60] },
  requested_materials: { Flour: 3, Water: 1 },
});

const open = (slug: string, products = [bread]) =>
  renderPage(<ProductDetailPage />, { url: `/products/${slug}`, pattern: '/products/:slug', seed: { products } });

describe('ProductDetailPage', () => {
  it("shows 'Loading asset intelligence…' while loading, then the product", async () => {
    open('bread');
    expect(screen.getByText('Loading asset intelligence…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bread' })).toBeInTheDocument();
    expect(screen.queryByText('Loading asset intelligence…')).not.toBeInTheDocument();
  });

  it("shows 'Asset not found' with 'Return to sectors' for an unknown slug", async () => {
    const { location, user } = open('nothing');
    expect(await screen.findByRole('heading', { name: 'Asset not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return to sectors' }));
    expect(location()).toBe('/products');
  });

  it('shows an error with Retry, not "Asset not found", when the product cannot be read; Retry loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { gateway, user } = renderPage(<ProductDetailPage />, {
      url: '/products/bread',
      pattern: '/products/:slug',
      seed: { products: [bread], failing: { 'products.getBySlug': new Error('unavailable') } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Asset unavailable' })).toBeInTheDocument();
    expect(screen.getByText('The market data for this asset could not be loaded. Check your connection, then try again.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByText('Asset not found')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Return to sectors' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Asset unavailable | SBC Tycoon'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, follow');

    // Still failing: Retry reads again and shows the error again.
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Asset unavailable' })).toBeInTheDocument();
    expect(gateway.callCount('products.getBySlug')).toBe(2);

    gateway.fail('products.getBySlug', undefined);
    const release = gateway.hold('products.getBySlug');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Loading asset intelligence…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bread' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(gateway.callCount('products.getBySlug')).toBe(3);
  });

  it('a product that truly does not exist is "Asset not found", with no Retry', async () => {
    open('nothing');
    expect(await screen.findByRole('heading', { name: 'Asset not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText('Asset unavailable')).not.toBeInTheDocument();
  });

  it('shows the ready figures', async () => {
    open('bread');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bread' })).toBeInTheDocument();
    for (const text of [
      'food',
      'Type: product',
      'Talent required: Baker',
      '12.50 SBC',
      'Market cap 1,250 SBC',
      '5.00 SBC',
      'Range 10.00 SBC – 15.00 SBC',
      '61.24',
      'Volatility ±10.00',
      'Lead time 2h 30m (game time)',
      'Production Enabled',
      'Space required 2.00',
    ]) {
      // The production-economics panel repeats some figures (average price): each appears once outside it.
      expect(screen.getAllByText(text).filter((el) => !el.closest('.ps-economics'))).toHaveLength(1);
    }
    expect(screen.getByRole('link', { name: 'Flour' })).toHaveAttribute('href', '/materials/Flour');
    expect(screen.getByText('× 3')).toBeInTheDocument();
  });

  it('renders both charts with the domain axes, and sets product structured data', async () => {
    open('bread');
    expect(await drawnChart(/Request index over 2 days, from 40% to 60%/)).toHaveAttribute('data-axis', '35-65');
    expect(screen.getByRole('img', { name: /Average price over 3 days/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Request Index Trend' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Average Price 30 Day Line' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bread | SBC Tycoon'));
    const jsonLd = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(jsonLd.offers).toMatchObject({ price: '12.5', priceCurrency: 'USD' });
  });

  it('hides a flat price chart behind a message, shows Suspended and the empty materials text', async () => {
    open('flat', [fakeProduct({ name: 'Flat', slug: 'flat', enabled: false, lastvqvalue: [3, 3], requested_materials: {} })]);
    expect(await screen.findByText('Suspended')).toBeInTheDocument();
    expect(screen.getByText('No Price / Trend Data')).toBeInTheDocument();
    expect(screen.getByText('No material breakdown available.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No image for Flat' })).toHaveTextContent('F');
  });

  it("shows the product's image, and its letter placeholder once the image fails to load", async () => {
    open('bread', [{ ...bread, image_url: 'https://cdn.example/bread.png' }]);
    const image = await screen.findByRole('img', { name: 'Bread' });
    expect(image).toHaveAttribute('src', 'https://cdn.example/bread.png');
    expect(screen.queryByRole('img', { name: 'No image for Bread' })).not.toBeInTheDocument();
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'No image for Bread' })).toHaveTextContent('B');
    expect(screen.queryByRole('img', { name: 'Bread' })).not.toBeInTheDocument();
  });

  const metaContent = (key: string) => document.head.querySelector(`meta[property="${key}"]`)?.getAttribute('content');
  const jsonLd = () => JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');

  it("shares the product's own image and URL, and names it in the structured data", async () => {
    open('bread', [{ ...bread, image_url: 'https://cdn.example/bread.png' }]);
    await waitFor(() => expect(document.title).toBe('Bread | SBC Tycoon'));
    expect(metaContent('og:image')).toBe('https://cdn.example/bread.png');
    expect(metaContent('og:url')).toMatch(/^http:\/\/localhost\//);
    expect(jsonLd()).toMatchObject({ image: 'https://cdn.example/bread.png', category: 'food' });
  });

  it("falls back to the site's share image for an image a preview cannot fetch, and to the 'Game Item' category for an uncategorized product", async () => {
    const inline = 'data:image/png;base64,iVBORw0KGgo=';
    open('odd', [fakeProduct({ name: 'Odd', slug: 'odd', category: 'uncategorized', image_url: inline })]);
    expect(await screen.findByRole('img', { name: 'Odd' })).toHaveAttribute('src', inline);
    await waitFor(() => expect(document.title).toBe('Odd | SBC Tycoon'));
    expect(metaContent('og:image')).toMatch(/^http:\/\/localhost\/.+/);
    expect(jsonLd().category).toBe('Game Item');
  });

  it("'Back to sectors' goes to /products", async () => {
    const { location, user } = open('bread');
    await user.click(screen.getByRole('link', { name: 'Back to sectors' }));
    expect(location()).toBe('/products');
  });
});

describe('ProductDetailPage production economics', () => {
  const flour = fakeMaterial({ name: 'Flour', value: 2 });
  const water = fakeMaterial({ name: 'water', value: 0.5 });
  const openWith = (materials: Material[], product = bread) =>
    renderPage(<ProductDetailPage />, { url: `/products/${product.slug}`, pattern: '/products/:slug', seed: { products: [product], materials } });
  const panel = async () => within(await screen.findByRole('region', { name: 'Production economics' }));
  const row = (p: ReturnType<typeof within>, name: RegExp) => p.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

  it('breaks the margin down line by line at today’s material prices, with the formula in words', async () => {
    openWith([flour, water]);
    const p = await panel();
    expect(await p.findByText('Margin per unit = average price − materials cost − production cost.', { exact: false })).toBeInTheDocument();
    // 12.50 − 3 × 2.00 − 1 × 0.50 − 4.00 = 2.00; 2 ÷ 12.5 = 16.0%; 2 ÷ 2.5 h = 0.80 per hour.
    expect(row(p, /Average price/)).toHaveTextContent('12.50 SBC');
    expect(row(p, /Flour × 3/)).toHaveTextContent('at 2.00 SBC each');
    expect(row(p, /Flour × 3/)).toHaveTextContent('−6.00 SBC');
    expect(row(p, /Water × 1/)).toHaveTextContent('−0.50 SBC');
    expect(row(p, /Production cost/)).toHaveTextContent('−4.00 SBC');
    expect(row(p, /^Margin per unit$/)).toHaveTextContent('2.00 SBC');
    expect(row(p, /Margin %/)).toHaveTextContent('16.0%');
    expect(row(p, /Margin per hour of lead time/)).toHaveTextContent('margin ÷ 2h 30m of game time0.80 SBC');
  });

  it('flags a material missing from the ledger and never prices it at 0', async () => {
    openWith([flour]);
    const p = await panel();
    expect(await p.findByText('Not in the materials ledger')).toBeInTheDocument();
    expect(row(p, /Water × 1/)).toHaveTextContent('Unknown');
    expect(row(p, /^Margin per unit$/)).toHaveTextContent('At most 2.50 SBC');
    expect(row(p, /Margin %/)).toHaveTextContent('—');
    expect(p.getByRole('note')).toHaveTextContent('Water is not in the materials ledger, so the margin cannot be computed: it is at most 2.50 SBC.');
  });

  it('shows a loss with a minus sign and no hourly margin without a lead time', async () => {
    openWith([flour, water], { ...bread, average_market_price: 5, production: { ...bread.production, time: 0 } });
    const p = await panel();
    expect(await p.findByText('No lead time is recorded, so there is no margin per hour.')).toBeInTheDocument();
    expect(row(p, /^Margin per unit$/)).toHaveTextContent('−5.50 SBC');
    expect(row(p, /Margin %/)).toHaveTextContent('−110.0%');
    expect(row(p, /Margin per hour of lead time/)).toHaveTextContent('—');
  });
});

/** The daily-average charts' range (the recorded history below has a range of its own, "History range"). */
const dailyRange = () => within(screen.getByRole('group', { name: 'Chart range' }));

describe('ProductDetailPage chart range', () => {
  const long = { ...bread, lastvqvalue: Array.from({ length: 40 }, (_, i) => 10 + i), production: { ...bread.production, request_index_history: Array.from({ length: 40 }, (_, i) => i + 1) } };
  const openAt = (url: string) => renderPage(<ProductDetailPage />, { url, pattern: '/products/:slug', seed: { products: [long] } });

  it('shows 30 days by default and follows the chosen range, kept in the URL', async () => {
    const { user, location } = openAt('/products/bread');
    expect(await drawnChart(/^Average price over 30 days, from 20.00 SBC/)).toBeInTheDocument();
    expect(dailyRange().getByRole('radio', { name: '30 days' })).toBeChecked();
    await user.click(dailyRange().getByRole('radio', { name: '7 days' }));
    expect(location()).toBe('/products/bread?range=7');
    expect(await drawnChart(/^Average price over 7 days, from 43.00 SBC to 49.00 SBC/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Request index over 7 days, from 34% to 40%/ })).toBeInTheDocument();
    await user.click(dailyRange().getByRole('radio', { name: '30 days' }));
    expect(location()).toBe('/products/bread');
  });

  it('reads the range from the URL, with arrow keys moving between choices', async () => {
    const { user, location } = openAt('/products/bread?range=all');
    expect(await drawnChart(/^Average price over 40 days/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Chart range' })).toBeInTheDocument();
    dailyRange().getByRole('radio', { name: 'All' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(location()).toBe('/products/bread');
    expect(dailyRange().getByRole('radio', { name: '30 days' })).toBeChecked();
  });
});

describe('ProductDetailPage charts load when near the screen', () => {
  it('shows each chart\'s empty box until it comes near the viewport, then draws it', async () => {
    const observed: Array<{ target: Element; fire: () => void }> = [];
    class FakeIntersectionObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        observed.push({ target, fire: () => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver) });
      }
      disconnect() {}
    }
    const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
    try {
      open('bread');
      const box = await screen.findByRole('img', { name: /Request index over 2 days/ });
      expect(box).not.toHaveAttribute('data-axis');
      expect(observed.length).toBe(2);
      act(() => observed.forEach((o) => o.fire()));
      expect(await drawnChart(/Request index over 2 days/)).toHaveAttribute('data-axis', '35-65');
    } finally {
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
    }
  });
});
