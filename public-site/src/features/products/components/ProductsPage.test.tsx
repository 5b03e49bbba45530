import { fakeProduct, fakeStatRow } from '@sbc/shared/src/testing/fakes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { csvLinesSavedBy } from '../../../test/downloads';
import { installViewport } from '../../../test/match-media';
import { renderPage } from '../../../test/render-page';
import { ProductsPage } from './ProductsPage';

const statRows = [
  fakeStatRow({ name: 'Bread', type: 'product', category: 'food', total: 5000, count: 100, documentCount: 7 }),
  fakeStatRow({ name: 'Cake', type: 'product', category: 'food', total: 1000, count: 10, documentCount: 3 }),
  fakeStatRow({ name: 'Car', type: 'product', category: 'vehicles', total: 2000, count: 4, documentCount: 2 }),
];
const demand = { cost: 1, time: 60, request_index: 55, request_index_history: [40, 55] };
const products = [
  fakeProduct({ name: 'Bread', category: 'food', average_market_price: 12.5, pieces_on_market: 1500, lastvqvalue: [10, 11, 12], production: demand }),
  fakeProduct({ name: 'Cake', category: 'food', average_market_price: 30, lastvqvalue: [5, 5, 5], production: demand }),
  fakeProduct({ name: 'Car', category: 'vehicles', average_market_price: 900 }),
];

const page = (url = '/products', seed = {}) =>
  renderPage(<ProductsPage />, { url, pattern: '/products', seed: { statRows, products, ...seed } });

describe('ProductsPage', () => {
  it('shows the literal title and hint', async () => {
    page();
    expect(screen.getByText('Market Monitor')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Product Categories' })).toBeInTheDocument();
    expect(screen.getByText('Tap a sector to drill into tradable assets.')).toBeInTheDocument();
    await screen.findByRole('button', { name: /food/ });
  });

  it('links to the profitability ranking at its own address, outside /products/{slug} (issue 26)', async () => {
    page();
    expect(screen.getByRole('link', { name: /^Profitability ranking/ })).toHaveAttribute('href', '/market/profitability');
    await screen.findByRole('button', { name: /food/ });
  });

  it("shows 'Loading sectors…' until the statistics arrive", async () => {
    const { gateway } = page();
    expect(gateway.callCount('market.getStats')).toBe(1);
    expect(screen.getByText('Loading sectors…')).toBeInTheDocument();
    await screen.findByRole('button', { name: /food/ });
    expect(screen.queryByText('Loading sectors…')).not.toBeInTheDocument();
  });

  it('ranks the sectors with two digits and shows their figures', async () => {
    page();
    const food = await screen.findByRole('button', { name: /food/ });
    expect(within(food).getByText('01')).toBeInTheDocument();
    expect(within(food).getByText('6,000 SBC')).toBeInTheDocument(); // market cap = total value
    expect(within(food).getByText('54.55 SBC')).toBeInTheDocument(); // 6000 / 110
    expect(within(food).getByText('10')).toBeInTheDocument(); // listings = documentCount 7 + 3
    expect(within(screen.getByRole('button', { name: /vehicles/ })).getByText('02')).toBeInTheDocument();
  });

  it("auto-selects the first sector once, puts it in the URL and loads only that sector's first page", async () => {
    const { gateway, location } = page();
    await screen.findByRole('link', { name: 'Bread' });
    // The router commits navigations in a transition, so the URL may follow the store's selection a moment later.
    await waitFor(() => expect(location()).toBe('/products?sector=food'));
    expect(screen.getByRole('button', { name: /food/, pressed: true })).toBeInTheDocument();
    expect(gateway.calls.filter((c) => c.method === 'products.getFirstPageOfCategory').map((c) => c.args)).toEqual([['food', 20]]);
    expect(gateway.calls.filter((c) => c.method === 'products.countInCategory').map((c) => c.args)).toEqual([['food']]);
    expect(gateway.callCount('products.getByCategory')).toBe(0);
    expect(gateway.callCount('products.getAll')).toBe(0);
  });

  it('selects the sector named in the URL instead of auto-selecting', async () => {
    const { store } = page('/products?sector=vehicles');
    expect(await screen.findByRole('link', { name: 'Car' })).toHaveAttribute('href', '/products/car');
    expect(store.market.selectedCategory).toBe('vehicles');
  });

  it('a click on a card selects it and writes it to the URL', async () => {
    const { location, user } = page();
    await screen.findByRole('link', { name: 'Bread' });
    await user.click(screen.getByRole('button', { name: /vehicles/ }));
    await screen.findByRole('link', { name: 'Car' });
    expect(location()).toBe('/products?sector=vehicles');
  });

  it('Clear empties the selection and the URL, and it is not auto-selected again', async () => {
    const { location, store, user } = page();
    await screen.findByRole('link', { name: 'Bread' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Select a sector from the heatmap to view tradable products.')).toBeInTheDocument();
    expect(location()).toBe('/products');
    expect(store.market.selectedCategory).toBeNull();
  });

  it("shows 'No products currently trading in this sector.' for an empty sector", async () => {
    page('/products?sector=vehicles', { products: products.filter((p) => p.category !== 'vehicles') });
    expect(await screen.findByText('No products currently trading in this sector.')).toBeInTheDocument();
  });

  it('links every row to its product page, in the table and in the cards', async () => {
    page();
    await screen.findByRole('link', { name: 'Bread' });
    const table = screen.getByRole('table');
    expect(within(table.querySelector('thead')!).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[↕▲▼]$/u, ''))).toEqual([
      'Asset',
      'Request Index Trend',
      'Price Trend',
      'Avg Price',
      'Market Supply',
    ]);
    expect(within(table).getByRole('link', { name: 'Bread' })).toHaveAttribute('href', '/products/bread');
    const cards = screen.getByRole('list', { name: 'Products trading in food' });
    expect(within(cards).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/products/bread', '/products/cake']);
  });

  it("shows 'No Price / Trend Data' for a constant price history", async () => {
    page();
    await screen.findByRole('link', { name: 'Bread' });
    const cakeRow = within(screen.getByRole('table')).getByRole('link', { name: 'Cake' }).closest('tr')!;
    expect(within(cakeRow).getByText('No Price / Trend Data')).toBeInTheDocument();
    const breadRow = within(screen.getByRole('table')).getByRole('link', { name: 'Bread' }).closest('tr')!;
    expect(within(breadRow).getByRole('img', { name: 'Price trend of Bread, last 3 days: 10.00 SBC → 12.00 SBC' })).toBeInTheDocument();
  });

  it("shows 'No Price / Trend Data' for a product with no price history at all, and still draws its demand", async () => {
    const donut = fakeProduct({ name: 'Donut', category: 'food', lastvqvalue: [], production: demand });
    page('/products?sector=food', { products: [...products, donut] });
    const donutRow = (await within(await screen.findByRole('table')).findByRole('link', { name: 'Donut' })).closest('tr')!;
    const [requestCell, priceCell] = within(donutRow).getAllByRole('cell');
    expect(within(priceCell).getByText('No Price / Trend Data')).toBeInTheDocument();
    expect(within(requestCell).getByRole('img', { name: /^Request index trend of Donut/ })).toBeInTheDocument();
  });

  it('titles the request sparkline with its dashboard time span, 5 minutes per point, and first → last value', async () => {
    page();
    const breadRow = (await within(await screen.findByRole('table')).findByRole('link', { name: 'Bread' })).closest('tr')!;
    const line = within(breadRow).getByRole('img', { name: /^Request index trend of Bread, / });
    const match = /, (\d\d):(\d\d) → (\d\d):(\d\d): 40% → 55%$/.exec(line.getAttribute('aria-label') ?? '');
    expect(match).not.toBeNull();
    const [h1, m1, h2, m2] = match!.slice(1).map(Number);
    expect((h2 * 60 + m2 - (h1 * 60 + m1) + 24 * 60) % (24 * 60)).toBe(5); // 2 points, one step apart
    expect(line.querySelector('title')?.textContent).toBe(line.getAttribute('aria-label'));
  });

  it("Refresh reads 'Refreshing…' and is disabled while running", async () => {
    const { gateway, user } = page();
    await screen.findByRole('link', { name: 'Bread' });
    const release = gateway.hold('materials.getAll');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('shows a fallback text when the statistics cannot be loaded', async () => {
    page('/products', { failing: { 'market.getStats': new Error('offline') } });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(await screen.findByText('Market sectors could not be loaded. Try Refresh.')).toBeInTheDocument();
    expect(screen.getByText('Select a sector from the heatmap to view tradable products.')).toBeInTheDocument();
  });

  it('renders only the table on a wide screen and only the cards on a narrow one, switching on resize', async () => {
    const viewport = installViewport(390);
    try {
      page();
      const cards = await screen.findByRole('list', { name: 'Products trading in food' });
      expect(within(cards).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/products/bread', '/products/cake']);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      act(() => viewport.resize(1280));
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
      expect(screen.queryByRole('list', { name: 'Products trading in food' })).not.toBeInTheDocument();
    } finally {
      viewport.uninstall();
    }
  });

  it('filters the sector table by text: rows the filter drops leave the table, clearing brings them back, no match says so', async () => {
    const viewport = installViewport(1280);
    try {
      page('/products?sector=food');
      const table = await screen.findByRole('table', { name: 'Products trading in food' });
      await within(table).findByRole('link', { name: 'Bread' });
      const filter = screen.getByRole('searchbox', { name: 'Filter products' });
      const rowNames = () => within(table).queryAllByRole('rowheader').map((cell) => within(cell).getByRole('link').textContent);
      act(() => fireEvent.change(filter, { target: { value: 'cak' } }));
      await waitFor(() => expect(rowNames()).toEqual(['Cake']));
      expect(screen.getByText('1 of 2 rows')).toHaveAttribute('role', 'status');
      act(() => fireEvent.change(filter, { target: { value: 'zzz' } }));
      expect(await screen.findByText('No product matches “zzz”.')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      act(() => fireEvent.change(filter, { target: { value: '' } }));
      await waitFor(() => expect(rowNames()).toEqual(['Bread', 'Cake']));
      expect(screen.queryByText(/No product matches/)).not.toBeInTheDocument();
    } finally {
      viewport.uninstall();
    }
  });

  it('a 500-product sector shows its first 20 rows (SVG sparklines only); sort and filter cover all 500; Show more and Show all add the rest', async () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      fakeProduct({
        name: `Item ${String(i).padStart(3, '0')}`,
        category: 'food',
        average_market_price: i,
        lastvqvalue: [1, 2, i],
        production: { cost: 1, time: 1, request_index: 50, request_index_history: [40, 50] },
      }),
    );
    const viewport = installViewport(1280);
    try {
      const { user, gateway } = page('/products?sector=food', { products: many });
      const table = await screen.findByRole('table', {}, { timeout: 10_000 });
      await within(table).findByRole('link', { name: 'Item 000' });
      const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').length - 1;
      expect(bodyRows()).toBe(20);
      expect(screen.getByText('500 rows')).toBeInTheDocument();
      expect(screen.getByText('Showing 20 of 500 products.')).toBeInTheDocument();
      expect(screen.getByText('· 500 products')).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Products trading in food' })).not.toBeInTheDocument();
      expect(table.querySelectorAll('svg')).toHaveLength(40);
      expect(document.querySelectorAll('canvas')).toHaveLength(0);
      // Only the rows shown were read (issue 36): the first page and the sector's count.
      expect(gateway.callCount('products.getByCategory')).toBe(0);

      // Sorting covers every product, not only the rows shown: the whole sector is read once, and the most
      // expensive is Item 499.
      await user.click(within(table).getByRole('button', { name: /Avg Price/ }));
      await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Avg Price/ })).toHaveAttribute('aria-sort', 'descending'));
      await waitFor(() => expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Item 499'));
      expect(gateway.calls.filter((c) => c.method === 'products.getByCategory').map((c) => c.args)).toEqual([['food']]);

      // So does the filter: every word must match, so 'Item 45' keeps Item 045, 145, 245, 345, 445 and 450–459.
      act(() => fireEvent.change(screen.getByRole('searchbox', { name: 'Filter products' }), { target: { value: 'Item 45' } }));
      await waitFor(() => expect(bodyRows()).toBe(15));
      expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
      act(() => fireEvent.change(screen.getByRole('searchbox', { name: 'Filter products' }), { target: { value: '' } }));
      await waitFor(() => expect(bodyRows()).toBe(20));

      await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
      await waitFor(() => expect(bodyRows()).toBe(70));
      // Focus lands on the first new row, not on the page's start.
      await waitFor(() => expect(within(table).getAllByRole('rowheader')[20].querySelector('a')).toHaveFocus());
      await user.click(screen.getByRole('button', { name: 'Show all 500' }));
      await waitFor(() => expect(bodyRows()).toBe(500));
      expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    } finally {
      viewport.uninstall();
    }
  }, 30_000);

  describe('a sector larger than its first page (issue 36): the rest is read when first needed', () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      fakeProduct({
        name: `Item ${String(i).padStart(3, '0')}`,
        category: 'food',
        average_market_price: i,
        lastvqvalue: [1, 2, i],
        production: { cost: 1, time: 1, request_index: 50, request_index_history: [40, 50] },
      }),
    );
    let viewport: ReturnType<typeof installViewport>;
    beforeEach(() => {
      viewport = installViewport(1280);
    });
    afterEach(() => viewport.uninstall());

    const firstPage = async () => {
      const rendered = page('/products?sector=food', { products: many });
      await within(await screen.findByRole('table')).findByRole('link', { name: 'Item 000' });
      return rendered;
    };
    const rowNames = () => within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => within(cell).getByRole('link').textContent);

    it('the filter finds a product beyond the first page; while the rest is read the first page stays, busy', async () => {
      const { gateway } = await firstPage();
      const release = gateway.hold('products.getByCategory');
      act(() => fireEvent.change(screen.getByRole('searchbox', { name: 'Filter products' }), { target: { value: 'Item 119' } }));
      expect(await screen.findByText('Loading all 120 rows…')).toHaveAttribute('role', 'status');
      expect(rowNames()).toHaveLength(20);
      release();
      await waitFor(() => expect(rowNames()).toEqual(['Item 119']));
      expect(screen.getByText('1 of 120 rows')).toBeInTheDocument();
    }, 20_000);

    it('Show 50 more brings rows 21 to 70 of the whole sector and moves focus to the first new one', async () => {
      const { user } = await firstPage();
      expect(screen.getByText('Showing 20 of 120 products.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
      await waitFor(() => expect(rowNames()).toHaveLength(70));
      expect(rowNames()[20]).toBe('Item 020');
      await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('rowheader')[20].querySelector('a')).toHaveFocus());
      expect(screen.getByText('Showing 70 of 120 products.')).toBeInTheDocument();
    }, 20_000);

    it('Export CSV holds every product of the sector, not only the first page', async () => {
      const { user, gateway } = await firstPage();
      const lines = await csvLinesSavedBy('food-products.csv', () => user.click(screen.getByRole('button', { name: 'Export CSV' })));
      expect(gateway.callCount('products.getByCategory')).toBe(1);
      expect(lines).toHaveLength(121);
      expect(lines[120]).toMatch(/^Item 119,/);
    }, 20_000);

    it('a failed read of the rest keeps the first page and says the products could not be loaded', async () => {
      const { user, gateway } = await firstPage();
      gateway.fail('products.getByCategory', new Error('offline'));
      const error = jest.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await user.click(within(screen.getByRole('table')).getByRole('button', { name: /Avg Price/ }));
        expect(await screen.findByText('The products of this sector could not be loaded. Try Refresh.')).toBeInTheDocument();
        expect(rowNames()).toHaveLength(20);
      } finally {
        error.mockRestore();
      }
    }, 20_000);
  });
});

describe('ProductsPage heatmap colouring', () => {
  const heat = (name: RegExp) => screen.getByRole('button', { name }).style.getPropertyValue('--ps-heat');

  it('colours the sectors by market cap with a legend, and by another figure when chosen (kept in the URL)', async () => {
    const { user, location } = page();
    await screen.findByRole('button', { name: /food/ });
    expect(screen.getByRole('combobox', { name: 'Colour by' })).toHaveValue('cap');
    expect(heat(/food/)).toBe('1.000'); // 6,000 SBC, the largest
    expect(heat(/vehicles/)).toBe('0.333'); // 2,000 SBC
    expect(screen.getByText('Market cap: lighter is lower, darker is higher')).toBeInTheDocument();
    expect(screen.getByText('6,000 SBC', { selector: '.ps-heatmap__ends span' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour by' }), 'price');
    expect(location()).toMatch(/heat=price/);
    expect(heat(/vehicles/)).toBe('1.000'); // 500 SBC per unit
    expect(heat(/food/)).toBe('0.109'); // 6,000 ÷ 110 = 54.55 SBC
    expect(screen.getByText('Average price: lighter is lower, darker is higher')).toBeInTheDocument();
    // The card contents stay whatever the colour.
    expect(within(screen.getByRole('button', { name: /vehicles/ })).getByText('Market cap')).toBeInTheDocument();
  });
});
