import { fakeMaterial, fakeProduct, type FakeGatewaySeed } from '@sbc/shared/src/testing/fakes';
import { USED_IN_LIMIT } from '@sbc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { csvLinesSavedBy } from '../../../test/downloads';
import { renderPage } from '../../../test/render-page';
import { materialPageData } from '../page-data';
import { MaterialDetailPage } from './MaterialDetailPage';
import { USED_IN_EMPTY_TEXT, USED_IN_ERROR_TEXT, USED_IN_LOAD_FAILED, usedInMoreText } from './UsedInTable';

const iron = fakeMaterial({ name: 'Iron ore', value: 10 });
const coal = fakeMaterial({ name: 'Coal', value: 2 });
const product = (name: string, price: number, cost: number, time: number, requested: Record<string, number>) =>
  fakeProduct({ name, category: 'industry', average_market_price: price, production: { cost, time, request_index: 0, request_index_history: [] }, requested_materials: requested });
// Margins recomputed by hand: price − Σ quantity × unit price − production cost; per hour ÷ (minutes ÷ 60).
const beam = product('Steel Beam', 100, 10, 60, { 'Iron ore': 5, Coal: 5 }); // 100 − 50 − 10 − 10 = 30; 30 / h
const nail = product('Nail', 30, 1, 30, { 'Iron ore': 1 }); // 30 − 10 − 1 = 19; 38 / h
const pipe = product('Pipe', 50, 5, 120, { 'Iron ore': 2, Rubber: 1 }); // Rubber is not in the ledger: unknown
const bread = product('Bread', 5, 1, 10, { Flour: 1 }); // does not use iron

const open = (seed: FakeGatewaySeed) =>
  renderPage(<MaterialDetailPage />, { url: '/materials/Iron%20ore', pattern: '/materials/:slug', seed });

const usedIn = async () => screen.findByRole('table', { name: 'Products that use Iron ore' });
const rowNames = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('rowheader')[0]!.textContent);

describe('Used in (material page)', () => {
  it('lists the products whose recipe needs the material, with quantity per unit and margins, best margin first', async () => {
    const { gateway } = open({ materials: [iron, coal], products: [beam, nail, pipe, bread] });
    const table = await usedIn();
    expect(rowNames(table)).toEqual(['Steel Beam', 'Nail', 'Pipe']);
    const beamRow = within(table).getByRole('link', { name: 'Steel Beam' }).closest('tr')!;
    expect(within(beamRow).getAllByRole('cell').map((c) => c.textContent)).toEqual(['industry', '5', '30.00 SBC', '30.0%', '30.00 SBC']);
    const nailRow = within(table).getByRole('link', { name: 'Nail' }).closest('tr')!;
    expect(within(nailRow).getAllByRole('cell').map((c) => c.textContent)).toEqual(['industry', '1', '19.00 SBC', '63.3%', '38.00 SBC']);
    const pipeRow = within(table).getByRole('link', { name: 'Pipe' }).closest('tr')!;
    expect(within(pipeRow).getByText('Missing: Rubber')).toBeInTheDocument();
    // One bounded query, never the whole product list.
    expect(gateway.calls.map((c) => c.method)).toContain('products.getUsingMaterial');
    expect(gateway.calls.map((c) => c.method)).not.toContain('products.getAll');
  });

  it('reads for the margins only the materials the recipes name, never the whole ledger (issue 36)', async () => {
    const gold = fakeMaterial({ name: 'Gold', value: 900 });
    const { gateway } = open({ materials: [iron, coal, gold], products: [beam, nail, pipe, bread] });
    const table = await usedIn();
    const beamRow = within(table).getByRole('link', { name: 'Steel Beam' }).closest('tr')!;
    await within(beamRow).findByText('30.00 SBC', { selector: 'td:nth-of-type(3)' });
    expect(gateway.callCount('materials.getAll')).toBe(0);
    const byName = gateway.calls.filter((c) => c.method === 'materials.getByNames');
    expect(byName).toHaveLength(1);
    expect([...(byName[0].args[0] as string[])].sort()).toEqual(['Coal', 'Iron ore', 'Rubber']);
  });

  it('links each product to its page, and sorts by any column (quantity, highest first)', async () => {
    const { user } = open({ materials: [iron, coal], products: [beam, nail, pipe] });
    const table = await usedIn();
    expect(within(table).getByRole('link', { name: 'Nail' })).toHaveAttribute('href', '/products/nail');
    await user.click(within(table).getByRole('button', { name: /Quantity \/ Unit/ }));
    expect(rowNames(await usedIn())).toEqual(['Steel Beam', 'Pipe', 'Nail']);
    expect(within(table).getByRole('columnheader', { name: /Quantity \/ Unit/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('says so when no product needs it', async () => {
    open({ materials: [iron], products: [bread] });
    expect(await screen.findByText(USED_IN_EMPTY_TEXT)).toBeInTheDocument();
  });

  it('says so when the list cannot be read, and keeps the rest of the page', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    open({ materials: [iron], products: [nail], failing: { 'products.getUsingMaterial': new Error('unavailable') } });
    expect(await screen.findByText(USED_IN_ERROR_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Iron ore' })).toBeInTheDocument();
  });

  it(`shows ${USED_IN_LIMIT} products at most, 20 first, and says that more use it`, async () => {
    const many = Array.from({ length: USED_IN_LIMIT + 5 }, (_, i) => product(`Part ${String(i).padStart(3, '0')}`, 20, 1, 60, { 'Iron ore': 1 }));
    const { user } = open({ materials: [iron], products: many });
    const table = await usedIn();
    expect(within(table).getAllByRole('row')).toHaveLength(20 + 1);
    expect(screen.getByText(usedInMoreText(USED_IN_LIMIT))).toBeInTheDocument();
    expect(screen.getByText(`Showing 20 of ${USED_IN_LIMIT} products.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Show all ${USED_IN_LIMIT}` }));
    await waitFor(async () => expect(within(await usedIn()).getAllByRole('row')).toHaveLength(USED_IN_LIMIT + 1));
  });
});

describe('Used in, a list longer than its first view (issue 36): the rest is read when first needed', () => {
  // 120 products by name Part 000…119; Part i sells at 20 + i with 1 Iron ore (10) and a cost of 1: margin 9 + i, so
  // the best margins are the last names. Four more need Rubber, not in the ledger: their margins are unknown, last.
  const parts = Array.from({ length: 120 }, (_, i) => product(`Part ${String(i).padStart(3, '0')}`, 20 + i, 1, 60, { 'Iron ore': 1, ...(i % 2 === 0 ? { Coal: 0.5 } : {}) }));
  const rubbery = Array.from({ length: 4 }, (_, i) => product(`Hose ${i}`, 500, 1, 60, { 'Iron ore': 1, Rubber: 1 }));
  const gold = fakeMaterial({ name: 'Gold', value: 900 });
  const seed: FakeGatewaySeed = { materials: [iron, coal, gold], products: [...parts, ...rubbery, bread] };
  // Margin of Part i: 9 + i, less 1 (half a unit of Coal at 2) for the even ones.
  const margin = (i: number) => 9 + i - (i % 2 === 0 ? 1 : 0);
  const byMargin = parts.map((p, i) => ({ name: p.name, margin: margin(i) })).sort((a, b) => b.margin - a.margin);

  // As a server-rendered page arrives: the list's first view, replayed before the page hydrates (../page-data.ts).
  const firstView = async () => {
    const rendered = renderPage(<MaterialDetailPage />, {
      url: '/materials/Iron%20ore',
      pattern: '/materials/:slug',
      seed,
      prepare: (store) => void materialPageData.load!(store, { params: { slug: 'Iron ore' }, searchParams: new URLSearchParams() }, { force: true }),
    });
    await within(await usedIn()).findByRole('link', { name: byMargin[0].name });
    return rendered;
  };

  it('shows the 20 best margins first and the count of all 124, having read only the first view', async () => {
    const { gateway } = await firstView();
    expect(rowNames(await usedIn())).toEqual(byMargin.slice(0, 20).map((r) => r.name));
    expect(screen.getByText('124 rows')).toBeInTheDocument();
    expect(screen.getByText('Showing 20 of 124 products.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show all 124' })).toBeInTheDocument();
    expect(gateway.callCount('products.getUsingMaterialFirstView')).toBe(1);
    expect(gateway.callCount('products.getUsingMaterial')).toBe(0);
    expect(gateway.callCount('materials.getByNames')).toBe(0);
    expect(gateway.callCount('materials.getAll')).toBe(0);
  });

  it('Show 50 more brings the next 50 margins and Show all the rest, the unknown margins last', async () => {
    const { user, gateway } = await firstView();
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(async () => expect(rowNames(await usedIn())).toHaveLength(70));
    expect(rowNames(await usedIn())).toEqual(byMargin.slice(0, 70).map((r) => r.name));
    await user.click(screen.getByRole('button', { name: 'Show all 124' }));
    await waitFor(async () => expect(rowNames(await usedIn())).toHaveLength(124));
    expect(rowNames(await usedIn()).slice(120)).toEqual(['Hose 0', 'Hose 1', 'Hose 2', 'Hose 3']);
    expect(screen.getAllByText('Missing: Rubber')).toHaveLength(4);
    // The whole list once, and for its margins the materials its recipes name, never the whole ledger.
    expect(gateway.callCount('products.getUsingMaterial')).toBe(1);
    expect(gateway.callCount('materials.getByNames')).toBe(1);
    expect(gateway.callCount('materials.getAll')).toBe(0);
  });

  it('a column sort reads the whole list and sorts all 124; the first rows stay, busy, meanwhile', async () => {
    const { user, gateway } = await firstView();
    const release = gateway.hold('products.getUsingMaterial');
    await user.click(within(await usedIn()).getByRole('button', { name: /^Product/ }));
    expect(await screen.findByText('Loading all 124 rows…')).toHaveAttribute('role', 'status');
    expect(rowNames(await usedIn())[0]).toBe(byMargin[0].name);
    release();
    await waitFor(async () => expect(rowNames(await usedIn())[0]).toBe('Hose 0'));
    expect(rowNames(await usedIn())).toHaveLength(20);
    expect(screen.getByText('124 rows')).toBeInTheDocument();
  });

  it('the margin high to low is the order the page starts in; low to high reads the whole list', async () => {
    const { user } = await firstView();
    const header = within(await usedIn()).getByRole('columnheader', { name: /Margin \/ Unit/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header).getByRole('button'));
    // Ascending: the smallest known margin first (Part 000), the unknown ones still last.
    await waitFor(async () => expect(rowNames(await usedIn())[0]).toBe(byMargin[byMargin.length - 1].name));
  });

  it('the filter finds a product beyond the first rows', async () => {
    const { user } = await firstView();
    await user.type(screen.getByRole('searchbox', { name: 'Filter products' }), 'Part 003');
    await waitFor(async () => expect(rowNames(await usedIn())).toEqual(['Part 003']));
    expect(screen.getByText('1 of 124 rows')).toBeInTheDocument();
  });

  it('Export CSV holds every product, not only the first rows', async () => {
    const lines = await csvLinesSavedBy('used-in-Iron ore.csv', async () => {
      const { user } = await firstView();
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    });
    expect(lines).toHaveLength(125);
    expect(lines[1]).toMatch(new RegExp(`^${byMargin[0].name},`));
  });

  it('a failed read of the rest keeps the first rows and says so', async () => {
    const { user, gateway } = await firstView();
    gateway.fail('products.getUsingMaterial', new Error('offline'));
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await user.click(within(await usedIn()).getByRole('button', { name: /^Sector/ }));
      expect(await screen.findByText(USED_IN_LOAD_FAILED)).toBeInTheDocument();
      expect(rowNames(await usedIn())).toHaveLength(20);
    } finally {
      error.mockRestore();
    }
  });

  it('opened in the browser (no server render), the page reads the whole list once and shows its 20 best margins', async () => {
    const { gateway } = open(seed);
    await within(await usedIn()).findByRole('link', { name: byMargin[0].name });
    await waitFor(async () => expect(rowNames(await usedIn())).toEqual(byMargin.slice(0, 20).map((r) => r.name)));
    expect(gateway.callCount('products.getUsingMaterial')).toBe(1);
    expect(gateway.callCount('products.getUsingMaterialFirstView')).toBe(0);
  });

  it('a list no longer than its first view is whole: a sort reads nothing more', async () => {
    const { user, gateway } = renderPage(<MaterialDetailPage />, {
      url: '/materials/Iron%20ore',
      pattern: '/materials/:slug',
      seed: { materials: [iron, coal], products: [beam, nail, pipe, bread] },
      prepare: (store) => void materialPageData.load!(store, { params: { slug: 'Iron ore' }, searchParams: new URLSearchParams() }, { force: true }),
    });
    const table = await usedIn();
    await within(table).findByRole('link', { name: 'Steel Beam' });
    expect(rowNames(table)).toEqual(['Steel Beam', 'Nail', 'Pipe']);
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /^Product/ }));
    expect(rowNames(await usedIn())).toEqual(['Nail', 'Pipe', 'Steel Beam']);
    expect(gateway.callCount('products.getUsingMaterial')).toBe(0);
    expect(gateway.callCount('materials.getByNames')).toBe(0);
  });
});
