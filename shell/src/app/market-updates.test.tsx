// App layer: the market update announcement (live-market feature) in the layout (layout feature), composed as the
// app routes do. By role: a polite status region that is always in the page, says once that the
// market updated (with the watchlist alerts that fired) without taking focus or touching what the visitor typed,
// and notifies the alerts through the browser only with the visitor's permission.
import { Route } from 'react-router-dom';
import { act, screen } from '@testing-library/react';
import { fakeProduct } from '@sbc/shared/src/testing/fakes';
import { productFigures, type GameStats } from '@sbc/domain';
import { ADA, adaSeed, renderShell } from '../testing/render-shell';
import { Layout } from '../features/layout/components/Layout';
import { ALERT_NOTIFICATION_TITLE } from '../features/live-market/alert-notifications';
import { MARKET_UPDATED_TEXT } from '../features/live-market/market-update-text';
import { MarketUpdates } from '../features/live-market/components/MarketUpdates';

const T0 = Date.parse('2026-11-24T10:00:00Z');
const stats = (stamp: number, value: number): GameStats => ({ totalHeadquarters: 1, totalMarketValue: value, totalPlayers: 2, lastUpdated: new Date(stamp) });
const solar = (price: number) => fakeProduct({ name: 'Solar', id: 'energy_solar', category: 'energy', average_market_price: price });

const routes = (
  <Route element={<Layout live={<MarketUpdates />} />}>
    <Route
      index
      element={
        <>
          <h1>Home page</h1>
          <label>
            Filter
            <input />
          </label>
        </>
      }
    />
  </Route>
);

const region = () => screen.getByRole('status', { name: 'Market updates' });

/** The game's market job: a new stamp and Solar at `price`; then the page's clock looks. */
async function marketUpdates(view: Awaited<ReturnType<typeof renderShell>>, price: number) {
  view.gateway.data.gameStats = stats(T0 + 30 * 60_000, 2000 + price);
  view.gateway.data.products = [solar(price)];
  await act(async () => {
    await view.store.marketClock.checkNow();
  });
}

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static sent: Array<{ title: string; options?: NotificationOptions }> = [];
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.sent.push({ title, options });
  }
}

afterEach(() => {
  Reflect.deleteProperty(window, 'Notification');
  FakeNotification.sent = [];
});

describe('market update announcement', () => {
  it('is an empty polite status region until the market updates, then says so once, keeping focus and typed text', async () => {
    const view = await renderShell(routes, { seed: { gameStats: stats(T0, 1000), products: [solar(100)] } });
    await act(() => view.store.game.loadStats());
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(region()).toBeEmptyDOMElement();
    expect(view.store.marketClock.status).not.toBe('stopped');

    const filter = screen.getByRole('textbox', { name: 'Filter' });
    await view.user.type(filter, 'sol');
    await marketUpdates(view, 110);

    expect(region()).toHaveTextContent(MARKET_UPDATED_TEXT);
    expect(region().textContent).toBe(MARKET_UPDATED_TEXT);
    expect(filter).toHaveFocus();
    expect(filter).toHaveValue('sol');
    expect(view.store.game.stats?.totalMarketValue).toBe(2110);
    view.unmount();
    expect(view.store.marketClock.status).toBe('stopped');
  });

  it('names the watchlist alerts that fired with the update, and notifies them when the visitor allowed it', async () => {
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
    const view = await renderShell(routes, { seed: { ...adaSeed({ signedIn: true }), gameStats: stats(T0, 1000), products: [solar(100)] } });
    await act(async () => {
      await view.store.watchlist.toggle({ kind: 'product', ref: 'energy_solar', slug: 'solar', name: 'Solar', figures: productFigures(solar(100)) });
      await view.store.watchlist.setAlert('product_energy_solar', { metric: 'price', direction: 'above', threshold: 105 });
      await view.store.game.loadStats();
    });
    await marketUpdates(view, 110);

    expect(region()).toHaveTextContent(`${MARKET_UPDATED_TEXT} Watchlist alert: Solar: Price above 105 · now 110.00 SBC.`);
    expect(screen.getByRole('link', { name: '1 watchlist alert' })).toBeInTheDocument();
    expect(FakeNotification.sent).toEqual([
      { title: ALERT_NOTIFICATION_TITLE, options: { body: 'Solar: Price above 105 · now 110.00 SBC', tag: 'sbc-alert-product_energy_solar' } },
    ]);
    expect(view.gateway.watchlist.entries(ADA.uid)[0].alert?.fired).toBe(true);
  });

  it('sends no browser notification without the permission', async () => {
    FakeNotification.permission = 'default';
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
    const view = await renderShell(routes, { seed: { ...adaSeed({ signedIn: true }), gameStats: stats(T0, 1000), products: [solar(100)] } });
    await act(async () => {
      await view.store.watchlist.toggle({ kind: 'product', ref: 'energy_solar', slug: 'solar', name: 'Solar', figures: productFigures(solar(100)) });
      await view.store.watchlist.setAlert('product_energy_solar', { metric: 'price', direction: 'above', threshold: 105 });
      await view.store.game.loadStats();
    });
    await marketUpdates(view, 110);
    expect(region()).toHaveTextContent('Watchlist alert: Solar');
    expect(FakeNotification.sent).toEqual([]);
    FakeNotification.permission = 'granted';
  });
});
