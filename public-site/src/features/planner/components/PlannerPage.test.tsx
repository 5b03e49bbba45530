import { fakeMaterial, fakeProduct, type FakeGateway } from '@sbc/shared/src/testing/fakes';
import { paths } from '@sbc/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../../../test/render-page';
import { PLANNER_EMPTY_TEXT, PlannerPage, SUGGEST_ERROR_TEXT, SUGGEST_NONE_TEXT } from './PlannerPage';

// Raw figures; everything below is recomputed by hand from them.
const product = (name: string, price: number, cost: number, time: number, space: number, requested: Record<string, number>) =>
  fakeProduct({ name, average_market_price: price, space_required: space, production: { cost, time, request_index: 0, request_index_history: [] }, requested_materials: requested });
const bread = product('Bread', 20, 3, 30, 1, { Flour: 4, Water: 2 }); // margin/unit 20 − 8 − 1 − 3 = 8; 0.5 h
const beam = product('Steel Beam', 90, 5, 60, 4, { Steel: 8 }); // margin/unit 90 − 80 − 5 = 5; 1 h
const materials = [fakeMaterial({ name: 'Flour', value: 2, spaceRequired: 0.5 }), fakeMaterial({ name: 'Water', value: 0.5, spaceRequired: 1 }), fakeMaterial({ name: 'Steel', value: 10, spaceRequired: 2 })];

const open = (search = '') => renderPage(<PlannerPage />, { url: `${paths.planner}${search}`, pattern: paths.planner, seed: { products: [bread, beam], materials } });
const totals = () => Object.fromEntries(within(screen.getByRole('region', { name: 'Plan totals' })).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

describe('PlannerPage', () => {
  it('shows the plan in the address: materials less what the player has, cash, revenue, margin, time, space', async () => {
    open('?p=bread&q=3&have%3AFlour=5');
    await screen.findByRole('region', { name: 'Plan totals' });
    // Flour 12 needed, 5 had → 7 × 2 = 14; Water 6 × 0.5 = 3; production 9 → cash 26. Revenue 60, margin 24,
    // 1.5 h → 16 / h; slots 7 × 0.5 + 6 × 1 + 3 × 1 = 12.5.
    expect(totals()).toEqual({ 'Cash needed': '26.00 SBC', Revenue: '60.00 SBC', Margin: '24.00 SBC', 'Margin per hour': '16.00 SBC', 'Game time': '1h 30m', 'Warehouse slots': '12.5' });
    const flour = within(screen.getByRole('table', { name: 'Materials the plan needs' })).getByRole('link', { name: 'Flour' }).closest('tr')!;
    expect(within(flour).getAllByRole('cell').map((c) => c.textContent)).toEqual(['12', '5', '7', '2.00 SBC', '14.00 SBC']);
  });

  it('reads only what the plan names: its products by slug and their recipes\' materials by name, never the catalogue', async () => {
    const { gateway } = open('?p=bread&q=3');
    await screen.findByRole('region', { name: 'Plan totals' });
    expect(gateway.callCount('products.getBySlug')).toBe(1);
    expect(gateway.callCount('materials.getByName')).toBe(2);
    expect(gateway.callCount('products.getAll')).toBe(0);
    expect(gateway.callCount('materials.getAll')).toBe(0);
    // The picker's choices come with its first use, not with the page.
    expect(gateway.callCount('market.getCatalogIndex')).toBe(0);
  });

  it('the product picker offers every product by name once used (the search index), and a typed name finds its product', async () => {
    const { user, location, gateway } = open('?p=bread&q=1');
    await screen.findByRole('region', { name: 'Plan totals' });
    const picker = screen.getByRole('combobox', { name: 'Product 2' });
    await user.click(picker);
    const list = await waitFor(() => {
      const id = picker.getAttribute('list');
      const element = id ? document.getElementById(id) : null;
      if (!element) throw new Error('no choices yet');
      return element;
    });
    expect([...list.querySelectorAll('option')].map((o) => [o.value, o.label])).toEqual([
      ['bread', 'Bread'],
      ['steel-beam', 'Steel Beam'],
    ]);
    expect(gateway.callCount('market.getCatalogIndex')).toBe(1);
    await user.type(picker, 'Steel Beam');
    await user.type(screen.getByRole('textbox', { name: 'Units of product 2' }), '1');
    await user.click(screen.getByRole('button', { name: 'Update plan' }));
    expect(location()).toBe(`${paths.planner}?p=bread&q=1&p=steel-beam&q=1`);
    expect(await screen.findByRole('link', { name: 'Steel Beam' })).toBeInTheDocument();
  });

  it('says which products of the address are not on the market', async () => {
    open('?p=bread&q=1&p=unobtainium&q=2');
    expect(await screen.findByText('Not on the market: unobtainium.')).toBeInTheDocument();
    expect(totals().Revenue).toBe('20.00 SBC');
  });

  it('adds a product from the form, and the address keeps the plan', async () => {
    const { user, location } = open('?p=bread&q=1');
    await screen.findByRole('region', { name: 'Plan totals' });
    await user.type(screen.getByRole('combobox', { name: 'Product 2' }), 'steel-beam');
    await user.type(screen.getByRole('textbox', { name: 'Units of product 2' }), '2');
    await user.click(screen.getByRole('button', { name: 'Update plan' }));
    expect(location()).toBe(`${paths.planner}?p=bread&q=1&p=steel-beam&q=2`);
    // Margin 8 + 10 = 18; best margin per hour first: Bread 16 / h, then Steel Beam 5 / h.
    expect(totals().Margin).toBe('18.00 SBC');
    const rows = within(screen.getByRole('table', { name: 'Products of the plan' })).getAllByRole('rowheader').map((r) => r.textContent);
    expect(rows).toEqual(['Bread', 'Steel Beam']);
  });

  it('says what to do with an empty plan', async () => {
    open();
    expect(await screen.findByText(PLANNER_EMPTY_TEXT)).toBeInTheDocument();
  });

  it('suggests what to make with a budget, best total margin first, and plans a suggestion', async () => {
    const { user, location } = open();
    await screen.findByText(PLANNER_EMPTY_TEXT);
    await user.type(screen.getByRole('textbox', { name: 'SBC to spend' }), '120');
    await user.type(screen.getByRole('textbox', { name: 'Warehouse slots' }), '1000');
    await user.type(screen.getByRole('textbox', { name: 'Game hours' }), '1000');
    await user.click(screen.getByRole('button', { name: 'Suggest' }));
    // Bread: 12 SBC a unit → 10 units, margin 80; Steel Beam: 85 → 1 unit, margin 5.
    const table = await screen.findByRole('table', { name: 'Products that fit the budget, by total margin' });
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').slice(0, 4).map((c) => c.textContent))).toEqual([
      ['10', 'the SBC', '120.00 SBC', '80.00 SBC'],
      ['1', 'the SBC', '85.00 SBC', '5.00 SBC'],
    ]);
    await user.click(within(table).getByRole('link', { name: 'Plan 10 Bread' }));
    expect(location()).toBe(`${paths.planner}?p=bread&q=10&sbc=120&slots=1000&hours=1000`);
    expect(totals().Margin).toBe('80.00 SBC');
  });

  const suggestionRows = (table: HTMLElement) =>
    within(table).getAllByRole('row').slice(1).map((r) => [within(r).getByRole('rowheader').textContent, ...within(r).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)]);

  it('a budget page reads the first suggestions, ranked off the page (gateway plan.getSuggestions), never the catalogue', async () => {
    const { gateway } = open('?sbc=120&slots=1000&hours=1000');
    const table = await screen.findByRole('table', { name: 'Products that fit the budget, by total margin' });
    // Bread: 10 units, 120 SBC, margin 80, 5 h → 16 / h; Steel Beam: 1 unit, 85 SBC, margin 5, 1 h → 5 / h.
    expect(suggestionRows(table)).toEqual([
      ['Bread', '10', 'the SBC', '120.00 SBC', '80.00 SBC', '16.00 SBC'],
      ['Steel Beam', '1', 'the SBC', '85.00 SBC', '5.00 SBC', '5.00 SBC'],
    ]);
    expect(gateway.calls.filter((c) => c.method === 'plan.getSuggestions').map((c) => c.args)).toEqual([[{ sbc: 120, slots: 1000, hours: 1000 }, 20]]);
    expect(gateway.callCount('products.getAll')).toBe(0);
    expect(gateway.callCount('materials.getAll')).toBe(0);
  });

  it('shows the first 20 suggestions of a larger catalogue, best first', async () => {
    // 25 products that differ only by price: 1 SBC of production, sells at 2 + i → margin 1 + i each; 1 hour per unit.
    const many = Array.from({ length: 25 }, (_, i) => product(`Widget ${String(i).padStart(2, '0')}`, 2 + i, 1, 60, 0, {}));
    renderPage(<PlannerPage />, { url: `${paths.planner}?sbc=1&slots=1&hours=1`, pattern: paths.planner, seed: { products: many, materials } });
    const table = await screen.findByRole('table', { name: 'Products that fit the budget, by total margin' });
    const names = within(table).getAllByRole('rowheader').map((r) => r.textContent);
    expect(names).toEqual(Array.from({ length: 20 }, (_, i) => `Widget ${String(24 - i).padStart(2, '0')}`));
  });

  it('says when nothing fits the budget', async () => {
    open('?sbc=11&slots=1000&hours=1000');
    expect(await screen.findByText(SUGGEST_NONE_TEXT)).toBeInTheDocument();
  });

  it('says the suggestions could not be loaded when the ranking fails', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<PlannerPage />, {
      url: `${paths.planner}?sbc=120&slots=1000&hours=1000`,
      pattern: paths.planner,
      seed: { products: [bread, beam], materials },
      prepare: (store) => (store.gateway as FakeGateway).fail('plan.getSuggestions', new Error('/api/v1/plan/suggestions: HTTP 503')),
    });
    expect(await screen.findByText(SUGGEST_ERROR_TEXT)).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load the suggestions for sbc=120&slots=1000&hours=1000', expect.any(Error));
    logged.mockRestore();
  });
});
