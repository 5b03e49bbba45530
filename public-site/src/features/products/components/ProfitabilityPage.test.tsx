import { fakeMaterial, fakeProduct } from '@sbc/shared/src/testing/fakes';
import { screen, waitFor, within } from '@testing-library/react';
import { paths, type RootStore } from '@sbc/shared';
import type { FakeGateway } from '@sbc/shared/src/testing/fakes';
import { renderPage } from '../../../test/render-page';
import { csvLinesSavedBy } from '../../../test/downloads';
import { ProfitabilityPage } from './ProfitabilityPage';

const production = (cost: number, time: number) => ({ cost, time, request_index: 50, request_index_history: [] });
const products = [
  // 12.5 − 3 × 2 − 4 = 2.50; 20%; per hour 2.5 ÷ 2.5 h = 1.00
  fakeProduct({ name: 'Bread', slug: 'bread', category: 'food', talent_required: 'Baker', average_market_price: 12.5, production: production(4, 150), requested_materials: { Flour: 3 } }),
  // 100 − 50 − 10 = 40; 40%; per hour 40 ÷ 8 h = 5.00
  fakeProduct({ name: 'Solar Panel', slug: 'solar-panel', category: 'energy', talent_required: 'Engineer', average_market_price: 100, production: production(10, 480), requested_materials: { Steel: 5 } }),
  // Sugar is not in the ledger: margin unknown, ranked last
  fakeProduct({ name: 'Cake', slug: 'cake', category: 'food', talent_required: null, average_market_price: 30, production: production(2, 60), requested_materials: { Flour: 1, Sugar: 2 } }),
  // 8 − 0 − 10 = −2; zero lead time → no hourly margin
  fakeProduct({ name: 'Water Bottle', slug: 'water-bottle', category: 'food', talent_required: 'Baker', average_market_price: 8, production: production(10, 0), requested_materials: {} }),
];
const materials = [fakeMaterial({ name: 'Flour', value: 2 }), fakeMaterial({ name: 'Steel', value: 10 })];

const open = (url: string = paths.profitability) =>
  renderPage(<ProfitabilityPage />, { url, pattern: paths.profitability, seed: { products, materials } });

const names = () => within(screen.getByRole('table')).getAllByRole('rowheader').map((th) => th.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name.replace(/[/%]/g, '\\$&')}$`) });

describe('ProfitabilityPage', () => {
  it('ranks every product by margin per unit, unknown margins last, with each figure', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Profitability ranking' })).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Solar Panel', 'Bread', 'Water Bottle', 'Cake']));
    expect(header('Margin / Unit')).toHaveAttribute('aria-sort', 'descending');
    const solar = screen.getByRole('rowheader', { name: 'Solar Panel' }).closest('tr') as HTMLElement;
    expect(solar).toHaveTextContent('energyEngineer100.00 SBC50.00 SBC10.00 SBC40.00 SBC40.0%5.00 SBC8h');
    const bottle = screen.getByRole('rowheader', { name: 'Water Bottle' }).closest('tr') as HTMLElement;
    expect(bottle).toHaveTextContent('−2.00 SBC');
    expect(bottle).toHaveTextContent('−25.0%');
    const cake = screen.getByRole('rowheader', { name: 'Cake' }).closest('tr') as HTMLElement;
    expect(within(cake).getByText('Missing: Sugar')).toBeInTheDocument();
    expect(cake).toHaveTextContent('None');
    expect(screen.getByRole('link', { name: 'Bread' })).toHaveAttribute('href', '/products/bread');
  });

  it('sorts by any column by click or keyboard, flips on a second click, and keeps the sort in the URL', async () => {
    const { user, location } = open();
    await waitFor(() => expect(names()).toHaveLength(4));
    await user.click(within(header('Margin / Hour')).getByRole('button'));
    // Water Bottle (no lead time) and Cake (missing material) have no hourly margin: last, in the ranking's order.
    expect(names()).toEqual(['Solar Panel', 'Bread', 'Water Bottle', 'Cake']);
    expect(header('Margin / Hour')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Margin / Unit')).not.toHaveAttribute('aria-sort');
    within(header('Product')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Bread', 'Cake', 'Solar Panel', 'Water Bottle']);
    expect(location()).toBe('/market/profitability?sort=name&dir=asc');
    await user.keyboard(' ');
    expect(names()).toEqual(['Water Bottle', 'Solar Panel', 'Cake', 'Bread']);
    expect(header('Product')).toHaveAttribute('aria-sort', 'descending');
  });

  it('reads sort, text filter, sector and talent from the URL and filters with them', async () => {
    open('/market/profitability?sector=food&talent=Baker&sort=price&dir=asc');
    await waitFor(() => expect(names()).toEqual(['Water Bottle', 'Bread']));
    expect(screen.getByRole('combobox', { name: 'Sector' })).toHaveValue('food');
    expect(screen.getByRole('combobox', { name: 'Talent' })).toHaveValue('Baker');
    // The count is of the sector and talent chosen; the text filter then says how many of them it keeps.
    expect(screen.getByText('2 rows')).toBeInTheDocument();
  });

  it('filters by sector, talent and text, writing each to the URL', async () => {
    const { user, location } = open();
    await waitFor(() => expect(names()).toHaveLength(4));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sector' }), 'food');
    expect(names()).toEqual(['Bread', 'Water Bottle', 'Cake']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Talent' }), 'None');
    expect(names()).toEqual(['Cake']);
    expect(location()).toBe('/market/profitability?sector=food&talent=None');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Talent' }), '');
    await user.type(screen.getByRole('searchbox', { name: 'Filter products' }), 'BOTTLE');
    expect(names()).toEqual(['Water Bottle']);
    expect(location()).toBe('/market/profitability?sector=food&q=BOTTLE');
    await user.clear(screen.getByRole('searchbox', { name: 'Filter products' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter products' }), 'zzz');
    expect(screen.getByText('No product matches these filters.')).toBeInTheDocument();
  });
});

describe('ProfitabilityPage at catalogue size (issue 36: a page renders what it shows)', () => {
  // 75 products, margins 75.00 down to 1.00 SBC by name order (Item 00 the best); prices rise with the name.
  const many = Array.from({ length: 75 }, (_, i) => {
    const name = `Item ${String(i).padStart(2, '0')}`;
    return fakeProduct({ name, slug: `item-${i}`, category: i % 2 === 0 ? 'food' : 'energy', talent_required: 'Baker', average_market_price: 100 + i, production: production(25 + 2 * i, 60), requested_materials: {} });
  });
  const openMany = (url: string = paths.profitability) => renderPage(<ProfitabilityPage />, { url, pattern: paths.profitability, seed: { products: many, materials } });

  it('shows the first 20 of the ranking, then 50 more, focus on the first new row, then the rest', async () => {
    const { user } = openMany();
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(names()[0]).toBe('Item 00');
    expect(screen.getByText('Showing 20 of 75 products.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(names()).toHaveLength(70));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('rowheader')[20].querySelector('a')).toHaveFocus());
    expect(names()[20]).toBe('Item 20');
    await user.click(screen.getByRole('button', { name: 'Show 5 more' }));
    await waitFor(() => expect(names()).toHaveLength(75));
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it('sorts and filters every product, not the rows shown: the cheapest first, a filter that matches past row 20', async () => {
    const { user } = openMany();
    await waitFor(() => expect(names()).toHaveLength(20));
    await user.click(within(header('Margin / Unit')).getByRole('button'));
    expect(names()[0]).toBe('Item 74');
    expect(names()).toHaveLength(20);
    await user.type(screen.getByRole('searchbox', { name: 'Filter products' }), 'Item 6');
    // Every word, anywhere in the name or slug: Item 60-69 and the names holding a 6, lowest margin first.
    expect(names()).toEqual(['Item 69', 'Item 68', 'Item 67', 'Item 66', 'Item 65', 'Item 64', 'Item 63', 'Item 62', 'Item 61', 'Item 60', 'Item 56', 'Item 46', 'Item 36', 'Item 26', 'Item 16', 'Item 06']);
  });

  it('Export CSV holds every product of the ranking, in its order', async () => {
    const lines = await csvLinesSavedBy('profitability.csv', async () => {
      const { user } = openMany();
      await waitFor(() => expect(names()).toHaveLength(20));
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    });
    expect(lines).toHaveLength(76);
    expect(lines[1]).toMatch(/^Item 00,/);
    expect(lines[75]).toMatch(/^Item 74,/);
  });
});

describe('ProfitabilityPage reads what it shows (issue 36)', () => {
  const many = Array.from({ length: 75 }, (_, i) =>
    fakeProduct({ name: `Item ${String(i).padStart(2, '0')}`, slug: `item-${i}`, category: i % 2 === 0 ? 'food' : 'energy', talent_required: 'Baker', average_market_price: 100 + i, production: production(25 + 2 * i, 60), requested_materials: {} }),
  );
  const gatewayOf = (store: RootStore) => store.gateway as FakeGateway;
  const rankingCalls = (gateway: FakeGateway) => gateway.calls.filter((c) => c.method === 'plan.getProfitability').map((c) => c.args);

  it("reads the first 20 rows of the ranking, never the products or the ledger; a sort reads that sort's first 20 rows, and \"Show more\" the whole compact ranking", async () => {
    let gateway: FakeGateway | null = null;
    const { user } = renderPage(<ProfitabilityPage />, { url: paths.profitability, pattern: paths.profitability, seed: { products: many, materials }, prepare: (store) => (gateway = gatewayOf(store)) });
    await waitFor(() => expect(names()).toHaveLength(20));
    // The choices come with the first rows: every sector of the catalogue.
    expect(within(screen.getByRole('combobox', { name: 'Sector' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['All sectors', 'energy', 'food']);
    expect(rankingCalls(gateway!)).toEqual([[{}, 20]]);
    expect([gateway!.callCount('products.getAll'), gateway!.callCount('materials.getAll')]).toEqual([0, 0]);
    await user.click(within(header('Avg Price')).getByRole('button'));
    await waitFor(() => expect(names()[0]).toBe('Item 74'));
    // The dearest 20 of all 75, sorted where the catalogue is: not the whole ranking.
    expect(names()).toEqual(Array.from({ length: 20 }, (_, i) => `Item ${74 - i}`));
    expect(rankingCalls(gateway!)).toEqual([[{}, 20], [{}, 20, { key: 'price', direction: 'desc' }]]);
    expect(screen.getByText('Showing 20 of 75 products.')).toBeInTheDocument();
    // Back to the ranking's own order: its first rows, kept, with no read.
    await user.click(within(header('Margin / Unit')).getByRole('button'));
    await waitFor(() => expect(names()[0]).toBe('Item 00'));
    expect(rankingCalls(gateway!)).toHaveLength(2);
    // More rows than the first: the whole compact ranking, once; a sector chosen then narrows it here, with no read.
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(names()).toHaveLength(70));
    expect(rankingCalls(gateway!)).toEqual([[{}, 20], [{}, 20, { key: 'price', direction: 'desc' }], [{}, undefined]]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sector' }), 'energy');
    await user.click(within(header('Avg Price')).getByRole('button'));
    await waitFor(() => expect(names()[0]).toBe('Item 73'));
    expect(rankingCalls(gateway!)).toHaveLength(3);
    expect(gateway!.callCount('products.getAll')).toBe(0);
  });

  it("a sorted address asks that sort's first rows; while a sort's rows are read, the rows shown are busy and the column says it is sorting", async () => {
    let gateway: FakeGateway | null = null;
    let release: (() => void) | null = null;
    const { user } = renderPage(<ProfitabilityPage />, {
      url: `${paths.profitability}?sort=leadTime&dir=asc&sector=food`,
      pattern: paths.profitability,
      seed: { products: many, materials },
      prepare: (store) => {
        gateway = gatewayOf(store);
        const read = gateway.plan.getProfitability.bind(gateway.plan);
        // The second sort's rows wait until released.
        gateway.plan.getProfitability = (filter, limit, sort) =>
          sort?.key === 'name' ? new Promise<void>((resolve) => (release = resolve)).then(() => read(filter, limit, sort)) : read(filter, limit, sort);
      },
    });
    await waitFor(() => expect(names()).toHaveLength(20));
    // Every product takes an hour: lead-time ties keep the ranking's order (highest margin first, the food items even).
    expect(names().slice(0, 3)).toEqual(['Item 00', 'Item 02', 'Item 04']);
    expect(rankingCalls(gateway!)).toEqual([[{ sector: 'food' }, 20, { key: 'leadTime', direction: 'asc' }]]);
    await user.click(within(header('Product')).getByRole('button'));
    expect(header('Product')).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('table').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(names().slice(0, 3)).toEqual(['Item 00', 'Item 02', 'Item 04']);
    release!();
    await waitFor(() => expect(screen.getByRole('table').closest('[aria-busy]')).toBeNull());
    expect(names().slice(0, 3)).toEqual(['Item 00', 'Item 02', 'Item 04']);
    expect(rankingCalls(gateway!)).toEqual([
      [{ sector: 'food' }, 20, { key: 'leadTime', direction: 'asc' }],
      [{ sector: 'food' }, 20, { key: 'name', direction: 'asc' }],
    ]);
  });

  it("a sector chosen before the whole ranking is read asks that sector's first rows, the controls staying where they are", async () => {
    let gateway: FakeGateway | null = null;
    const { user } = renderPage(<ProfitabilityPage />, { url: paths.profitability, pattern: paths.profitability, seed: { products: many, materials }, prepare: (store) => (gateway = gatewayOf(store)) });
    await waitFor(() => expect(names()).toHaveLength(20));
    const sector = screen.getByRole('combobox', { name: 'Sector' });
    await user.selectOptions(sector, 'energy');
    await waitFor(() => expect(names()[0]).toBe('Item 01'));
    expect(names()).toHaveLength(20);
    expect(screen.getByRole('combobox', { name: 'Sector' })).toBe(sector);
    expect(screen.getByText('Showing 20 of 37 products.')).toBeInTheDocument();
    expect(rankingCalls(gateway!)).toEqual([[{}, 20], [{ sector: 'energy' }, 20]]);
  });

  it('a whole ranking that cannot be read says so and keeps the first rows; Refresh reads it again', async () => {
    let store: RootStore | null = null;
    let down = true;
    const { user } = renderPage(<ProfitabilityPage />, {
      url: paths.profitability,
      pattern: paths.profitability,
      seed: { products: many, materials },
      prepare: (root) => {
        store = root;
        const gateway = gatewayOf(root);
        const read = gateway.plan.getProfitability.bind(gateway.plan);
        gateway.plan.getProfitability = (filter, limit) => (limit === undefined && down ? Promise.reject(new Error('/api/v1/plan/profitability: HTTP 503')) : read(filter, limit));
      },
    });
    await waitFor(() => expect(names()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(await screen.findByText('The ranking could not be loaded. Try Refresh.')).toBeInTheDocument();
    expect(names()).toHaveLength(20);
    expect(names()[0]).toBe('Item 00');
    // The header's Refresh (the store's refresh of what is shown) reads the whole ranking again.
    down = false;
    await store!.market.refreshProductsAndMaterials();
    await waitFor(() => expect(names()).toHaveLength(70));
    expect(screen.queryByText('The ranking could not be loaded. Try Refresh.')).not.toBeInTheDocument();
  });

  it("under a shell whose store predates the ranking (bfc4cf7), ranks the products and the ledger it reads, as before", async () => {
    let gateway: FakeGateway | null = null;
    renderPage(<ProfitabilityPage />, {
      url: '/market/profitability?sector=food',
      pattern: paths.profitability,
      seed: { products, materials },
      prepare: (store) => {
        gateway = gatewayOf(store);
        // The store of an older shell: no loadProfitability, no profitability.
        const older = Object.create(store.market, { loadProfitability: { value: undefined }, profitability: { value: undefined } });
        Object.defineProperty(store, 'market', { value: older });
      },
    });
    await waitFor(() => expect(names()).toEqual(['Bread', 'Water Bottle', 'Cake']));
    expect([gateway!.callCount('products.getAll'), gateway!.callCount('materials.getAll')]).toEqual([1, 1]);
    expect(rankingCalls(gateway!)).toEqual([]);
  });
});
