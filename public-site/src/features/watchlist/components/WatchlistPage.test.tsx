import { WATCHLIST_SAVE_FAILED } from '@sbc/shared';
import { fakeMaterial, fakeProduct } from '@sbc/shared/src/testing/fakes';
import type { Product } from '@sbc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { installViewport } from '../../../test/match-media';
import { renderPage } from '../../../test/render-page';
import { WATCHLIST_EMPTY_TEXT, WatchlistPage } from './WatchlistPage';

const PLAYER = { uid: 'p1', email: 'p@example.com', displayName: 'P' };
function product(name: string, id: string, price: number, requestIndex: number): Product {
  const base = fakeProduct({ name, id });
  return { ...base, average_market_price: price, pieces_on_market: 4, production: { ...base.production, request_index: requestIndex } };
}
const solar = product('Solar Panel', 'energy_solar_panel', 125, 1.5);
const wind = product('Wind Turbine', 'energy_wind_turbine', 80, 0.9);
const copper = fakeMaterial({ name: 'Copper', value: 4.75, amount: 190 });

function setup() {
  const view = renderPage(<WatchlistPage />, {
    url: '/watchlist',
    seed: { signedInUser: PLAYER, products: [solar, wind], materials: [copper], users: [{ ...PLAYER, isAdmin: false }] },
  });
  const put = view.gateway.watchlist.put;
  put('p1', { id: 'product_energy_solar_panel', kind: 'product', ref: 'energy_solar_panel', slug: 'solar-panel', name: 'Solar Panel', seen: { price: 100, requestIndex: 1.2, inventory: 4 }, alert: { metric: 'price', direction: 'above', threshold: 110, fired: false } });
  put('p1', { id: 'product_energy_wind_turbine', kind: 'product', ref: 'energy_wind_turbine', slug: 'wind-turbine', name: 'Wind Turbine', seen: { price: 90, requestIndex: 0.9, inventory: 4 }, alert: null });
  put('p1', { id: 'material_Copper', kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper', seen: { price: 3.5, requestIndex: null, inventory: 200 }, alert: null });
  return view;
}

let viewport: ReturnType<typeof installViewport>;
beforeEach(() => {
  viewport = installViewport(1280);
});
afterEach(() => viewport.uninstall());

const rowOf = (name: string) => within(screen.getByRole('table')).getByRole('link', { name }).closest('tr')!;
const itemOrder = () => within(screen.getByRole('table')).getAllByRole('rowheader').map((h) => within(h).getByRole('link').textContent);

describe('WatchlistPage', () => {
  describe('a write that fails is said once, above the list, and the list stays as stored', () => {
    afterEach(() => jest.restoreAllMocks());

    it("a star pressed to remove an item: the item stays, its star pressed", async () => {
      const { user, gateway } = setup();
      await waitFor(() => expect(within(rowOf('Copper')).getByText('+1.25')).toBeInTheDocument());
      gateway.watchlist.fail('removeWatchItem', new Error('Failed to fetch'));
      jest.spyOn(console, 'error').mockImplementation(() => {});
      const star = within(rowOf('Copper')).getByRole('button', { name: 'Watch Copper' });
      await user.click(star);
      expect(await screen.findByRole('alert')).toHaveTextContent(WATCHLIST_SAVE_FAILED);
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(star).toHaveAttribute('aria-pressed', 'true');
      expect(rowOf('Copper')).toBeInTheDocument();
    });

    it('an alert saved: the form stays as typed, the alert list unchanged', async () => {
      const { user, gateway } = setup();
      await waitFor(() => expect(within(rowOf('Wind Turbine')).getByText('−10.00')).toBeInTheDocument());
      gateway.watchlist.fail('updateWatchItems', new Error('Failed to fetch'));
      jest.spyOn(console, 'error').mockImplementation(() => {});
      await user.click(screen.getByRole('button', { name: 'Set alert for Wind Turbine' }));
      const form = screen.getByRole('form', { name: 'Alert for Wind Turbine' });
      await user.type(within(form).getByLabelText('Threshold'), '95');
      await user.click(within(form).getByRole('button', { name: 'Save alert' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(WATCHLIST_SAVE_FAILED);
      expect(within(form).getByLabelText('Threshold')).toHaveValue('95');
      expect(within(screen.getByRole('region', { name: 'Alerts' })).queryByText(/Wind Turbine/)).toBeNull();
    });
  });

  it('lists the items with current figures and the change since the previous visit, and the fired alert', async () => {
    setup();
    await waitFor(() => expect(within(rowOf('Solar Panel')).getByText('+25.00')).toBeInTheDocument());
    expect(within(rowOf('Solar Panel')).getByText('125.00 SBC')).toBeInTheDocument();
    expect(within(rowOf('Wind Turbine')).getByText('−10.00')).toBeInTheDocument();
    expect(within(rowOf('Copper')).getByText('+1.25')).toBeInTheDocument();
    expect(within(rowOf('Copper')).getByText('−10.00')).toHaveClass('ps-delta--negative'); // inventory 200 → 190: a quantity delta, two decimals
    expect(screen.getByRole('link', { name: 'Copper' })).toHaveAttribute('href', '/materials/Copper');
    const alerts = screen.getByRole('region', { name: 'Alerts' });
    expect(within(alerts).getByRole('link', { name: 'Solar Panel' })).toHaveAttribute('href', '/products/solar-panel');
    expect(within(alerts).getByText('Price above 110 · now 125.00 SBC')).toBeInTheDocument();
  });

  it('sorts by a column with the mouse and the keyboard, and says so with aria-sort', async () => {
    const { user } = setup();
    await waitFor(() => expect(within(rowOf('Solar Panel')).getByText('+25.00')).toBeInTheDocument());
    expect(itemOrder()).toEqual(['Copper', 'Solar Panel', 'Wind Turbine']);
    const price = screen.getByRole('columnheader', { name: /^Price\b(?! change)/ });
    await user.click(within(price).getByRole('button'));
    expect(price).toHaveAttribute('aria-sort', 'descending');
    expect(itemOrder()).toEqual(['Solar Panel', 'Wind Turbine', 'Copper']);
    within(price).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(price).toHaveAttribute('aria-sort', 'ascending');
    expect(itemOrder()).toEqual(['Copper', 'Wind Turbine', 'Solar Panel']);
    expect(screen.getByRole('columnheader', { name: /^Item/ })).not.toHaveAttribute('aria-sort');
  });

  it('refuses a threshold that is not a number, then saves an alert that fires at once', async () => {
    const { user, gateway } = setup();
    await waitFor(() => expect(within(rowOf('Wind Turbine')).getByText('−10.00')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Set alert for Wind Turbine' }));
    const form = screen.getByRole('form', { name: 'Alert for Wind Turbine' });
    await user.selectOptions(within(form).getByLabelText('Watch'), 'requestIndex');
    await user.selectOptions(within(form).getByLabelText('When it goes'), 'below');
    await user.type(within(form).getByLabelText('Threshold'), '1,2.3');
    await user.click(within(form).getByRole('button', { name: 'Save alert' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The threshold must be a number, for example 12.5');
    expect(within(form).getByLabelText('Threshold')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(form).getByLabelText('Threshold'));
    await user.type(within(form).getByLabelText('Threshold'), '1');
    await user.click(within(form).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Alert for Wind Turbine' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit alert for Wind Turbine' })).toHaveFocus();
    expect(within(screen.getByRole('region', { name: 'Alerts' })).getByText('Request index below 1 · now 0.90')).toBeInTheDocument();
    expect(gateway.watchlist.entries('p1').find((e) => e.name === 'Wind Turbine')?.alert).toEqual({ metric: 'requestIndex', direction: 'below', threshold: 1, fired: true });
  });

  it('a material offers only a price alert', async () => {
    const { user } = setup();
    await waitFor(() => expect(within(rowOf('Copper')).getByText('+1.25')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Set alert for Copper' }));
    const options = within(screen.getByRole('form', { name: 'Alert for Copper' })).getByLabelText('Watch');
    expect(within(options).getAllByRole('option').map((o) => o.textContent)).toEqual(['Price']);
  });

  it('on a phone: cards with a sort select', async () => {
    viewport.resize(375);
    const { user } = setup();
    const list = await screen.findByRole('list', { name: 'Watched products and materials' });
    await waitFor(() => expect(within(list).getByText('+25.00')).toBeInTheDocument());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price-descending');
    const names = within(list).getAllByRole('listitem').map((li) => within(li).getAllByRole('link')[0].textContent);
    expect(names).toEqual(['Solar Panel', 'Wind Turbine', 'Copper']);
  });

  it('an empty watchlist says how to fill it', async () => {
    renderPage(<WatchlistPage />, { url: '/watchlist', seed: { signedInUser: PLAYER } });
    expect(await screen.findByText(WATCHLIST_EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });
});
