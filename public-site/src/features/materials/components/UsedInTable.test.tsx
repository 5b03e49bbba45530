import { fakeMaterial, fakeProduct, type FakeGatewaySeed } from '@sbc/shared/src/testing/fakes';
import { USED_IN_LIMIT } from '@sbc/domain';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../../../test/render-page';
import { MaterialDetailPage } from './MaterialDetailPage';
import { USED_IN_EMPTY_TEXT, USED_IN_ERROR_TEXT, usedInMoreText } from './UsedInTable';

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

  it(`shows at most ${USED_IN_LIMIT} products and says that more use it`, async () => {
    const many = Array.from({ length: USED_IN_LIMIT + 5 }, (_, i) => product(`Part ${String(i).padStart(3, '0')}`, 20, 1, 60, { 'Iron ore': 1 }));
    open({ materials: [iron], products: many });
    const table = await usedIn();
    expect(within(table).getAllByRole('row')).toHaveLength(USED_IN_LIMIT + 1);
    expect(screen.getByText(usedInMoreText(USED_IN_LIMIT))).toBeInTheDocument();
  });
});
