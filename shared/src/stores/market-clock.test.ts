/**
 * The market clock with the root store on the fake gateway and fake timers: its polling policy, the reads an open
 * page pays per market update (counted as Firestore bills them: one per document returned, one for an empty
 * answer), what stays on screen while the new figures are read, hidden tabs, and a player's alerts.
 */
import { autorun, when } from 'mobx';
import { productFigures, watchItemId, type GameStats, type MarketStatRow, type Material, type Product } from '@sbc/domain';
import { createFakeGateway, type FakeGateway } from '../data/fake-gateway';
import { fakeMaterial, fakeProduct, fakeStatRow } from '../data/fake-fixtures';
import { MemoryStorage } from '../data/memory-storage';
import { clockSteps, MARKET_CLOCK_HOOK, marketClockSettings, nextCheckAt, type PageVisibility } from './market-clock';
import { RootStore } from './root-store';

const MIN = 60_000;
const PERIOD = 30 * MIN;
const T0 = Date.parse('2026-11-24T10:00:00Z');
const PLAYER = { uid: 'player-1', email: 'p@example.com', displayName: 'Player' };

/** The market at stamp `stamp`; `bump` moves every price (a market update). */
function economy(stamp: number, bump = 0) {
  const lastUpdated = new Date(stamp);
  const products: Product[] = [
    fakeProduct({ name: 'Solar', id: 'energy_solar', category: 'energy', average_market_price: 100 + bump, pieces_on_market: 10 }),
    fakeProduct({ name: 'Wind', id: 'energy_wind', category: 'energy', average_market_price: 50 + bump, pieces_on_market: 4 }),
    fakeProduct({ name: 'Bread', id: 'food_bread', category: 'food', average_market_price: 2 + bump, pieces_on_market: 100 }),
  ];
  const statRows: MarketStatRow[] = [
    fakeStatRow({ name: 'energy', type: 'product', category: 'energy', total: 1200 + bump, count: 14, documentCount: 2, lastUpdated }),
    fakeStatRow({ name: 'food', type: 'product', category: 'food', total: 200 + bump, count: 100, documentCount: 1, lastUpdated }),
    fakeStatRow({ name: 'metals', type: 'material', category: 'industry', total: 700 + bump, count: 200, documentCount: 2, lastUpdated }),
  ];
  const materials: Material[] = [fakeMaterial({ name: 'Copper', value: 3 + bump, amount: 100 }), fakeMaterial({ name: 'Iron', value: 4 + bump, amount: 100 })];
  const gameStats: GameStats = { totalHeadquarters: 10, totalMarketValue: 2100 + bump, totalPlayers: 5, lastUpdated };
  return { products, statRows, materials, gameStats };
}

/** The game's market job: every figure moves and the game stats get the new stamp. */
function marketUpdates(gateway: FakeGateway, stamp: number, bump: number): void {
  Object.assign(gateway.data, economy(stamp, bump));
}

/** Documents billed so far by the gateway's reads. */
function billing(gateway: FakeGateway) {
  let reads = 0;
  const methods = ['products.getAll', 'products.getByCategory', 'products.getBySlug', 'materials.getAll', 'materials.getByName', 'market.getStats', 'game.getStats'] as const;
  const groups = gateway as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
  for (const path of methods) {
    const [group, method] = path.split('.') as [string, string];
    const target = groups[group]!;
    const original = target[method]!.bind(target);
    target[method] = async (...args: unknown[]) => {
      const answer = await original(...args);
      reads += Array.isArray(answer) ? Math.max(1, answer.length) : 1;
      return answer;
    };
  }
  return {
    reads: () => reads,
    reset: () => {
      reads = 0;
    },
  };
}

function fakeVisibility(hidden = false) {
  const listeners = new Set<() => void>();
  const visibility: PageVisibility = {
    hidden: () => hidden,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    visibility,
    set(next: boolean) {
      hidden = next;
      for (const listener of listeners) listener();
    },
  };
}

function setup(options: { stamp?: number; hidden?: boolean; signedIn?: boolean; periodMs?: number } = {}) {
  const gateway = createFakeGateway({
    ...economy(options.stamp ?? T0),
    users: [{ uid: PLAYER.uid, email: PLAYER.email, displayName: 'Player', isAdmin: false }],
    signedInUser: options.signedIn ? PLAYER : null,
  });
  const bill = billing(gateway);
  const page = fakeVisibility(options.hidden);
  const storage = new MemoryStorage();
  const store = new RootStore(gateway, { storage, marketClock: { visibility: page.visibility, periodMs: options.periodMs } });
  return { gateway, store, bill, page, storage };
}

/** What /products?sector=energy shows: the heatmap, the energy sector, the freshness line's stamp. */
async function openProductsPage(store: RootStore) {
  const stop = autorun(() => {
    void store.market.categoryGroups.length;
    void store.market.productsOfCategory('energy').length;
    void store.game.stats;
  });
  await Promise.all([store.market.loadMarketStats(), store.market.loadCategory('energy'), store.game.loadStats()]);
  return stop;
}

beforeEach(() => {
  // Microtasks stay real: the fake auth provider reports the signed-in player in one, as Firebase does.
  jest.useFakeTimers({ now: T0 + 10 * MIN, doNotFake: ['queueMicrotask'] });
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('when the clock looks (nextCheckAt)', () => {
  const at = (minutes: number, seconds = 0) => T0 + minutes * MIN + seconds * 1000;
  it.each([
    ['between updates: 5 s after the next one is due', at(10), at(30, 5)],
    ['just before it is due', at(30, 4), at(30, 5)],
    ['late by under a minute: again in 30 s', at(30, 6), at(30, 36)],
    ['late by a few minutes: once a minute', at(33), at(34)],
    ['a whole period late (stopped): every 5 minutes', at(61), at(66)],
  ])('%s', (_name, now, expected) => {
    expect(nextCheckAt(T0, now, PERIOD)).toBe(expected);
  });

  it('scales every step down with a shorter market period', () => {
    expect(clockSteps(PERIOD)).toEqual({ grace: 5000, fastRetry: 30_000, fastWindow: 60_000, slowRetry: 60_000, stoppedRetry: 300_000 });
    expect(clockSteps(60_000)).toEqual({ grace: 5000, fastRetry: 15_000, fastWindow: 30_000, slowRetry: 30_000, stoppedRetry: 60_000 });
    expect(clockSteps(6000)).toEqual({ grace: 500, fastRetry: 1500, fastWindow: 3000, slowRetry: 3000, stoppedRetry: 6000 });
  });

  it("takes the period from the test hook, else the runtime config's market, else the game's", () => {
    expect(marketClockSettings({ market: { updateIntervalSeconds: 60 } }, {})).toEqual({ periodMs: 60_000 });
    expect(marketClockSettings({ market: { updateIntervalSeconds: 60 } }, { [MARKET_CLOCK_HOOK]: { updateIntervalSeconds: 6 } })).toEqual({ periodMs: 6000 });
    expect(marketClockSettings({}, { [MARKET_CLOCK_HOOK]: { updateIntervalSeconds: 'soon' } })).toEqual({});
    expect(marketClockSettings(null, {})).toEqual({});
  });
});

describe('an open page and the market clock', () => {
  it('reads nothing between updates, one document when one is due, and only what it shows when the market moves', async () => {
    const { gateway, store, bill, storage } = setup();
    // Seen earlier on other pages, not on screen now: the ledger and another sector.
    await Promise.all([store.market.loadMaterials(), store.market.loadCategory('food')]);
    const stop = await openProductsPage(store);
    bill.reset();
    const stopClock = store.marketClock.start();
    expect(store.marketClock.status).toBe('waiting');
    expect(store.marketClock.nextCheck).toBe(T0 + PERIOD + 5000);

    await jest.advanceTimersByTimeAsync(20 * MIN + 4999);
    expect(bill.reads()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(bill.reads()).toBe(1); // due, but the update has not landed yet

    marketUpdates(gateway, T0 + PERIOD + 12_000, 10);
    const release = gateway.hold('market.getStats');
    await jest.advanceTimersByTimeAsync(30_000);
    // While the new figures are read, the old ones stay on screen, with no loading state.
    expect(store.marketClock.status).toBe('updating');
    expect(store.market.statsState).toBe('ready');
    expect(store.market.statRows.find((r) => r.name === 'energy')?.total).toBe(1200);
    expect(store.game.stats?.totalMarketValue).toBe(2100);
    release();
    await when(() => store.marketClock.lastUpdate !== null);

    expect(store.market.statRows.find((r) => r.name === 'energy')?.total).toBe(1210);
    expect(store.market.productsOfCategory('energy').map((p) => p.average_market_price)).toEqual([110, 60]);
    expect(store.game.stats?.totalMarketValue).toBe(2110);
    expect(store.marketClock.lastUpdate).toMatchObject({ sequence: 1, stamp: new Date(T0 + PERIOD + 12_000), firedAlerts: [] });
    // 2 reads of the stamp, then the heatmap's 3 rows and the shown sector's 2 products: nothing else.
    expect(bill.reads()).toBe(2 + 3 + 2);
    expect(gateway.callCount('materials.getAll')).toBe(1);
    // The ledger (not on screen) is forgotten with its cached copy: it is read again when shown.
    expect(store.market.materialsState).toBe('idle');
    expect(storage.getItem('app.materials.cache')).toBeNull();
    expect(store.market.categoryState('food')).toBe('idle');
    expect(store.cache.productCategory('food').read()).toBeUndefined();
    expect(gateway.calls.filter((c) => c.method === 'products.getByCategory' && c.args[0] === 'food')).toHaveLength(1);
    expect(store.cache.marketStats.read()?.find((r) => r.name === 'energy')?.total).toBe(1210);

    // Quiet again until the next update is due.
    bill.reset();
    await jest.advanceTimersByTimeAsync(PERIOD - 60_000);
    expect(bill.reads()).toBe(0);
    stopClock();
    stop();
  });

  it('a page that has just opened shows what it was given: the first look waits a retry step, even when an update is overdue', async () => {
    jest.setSystemTime(T0 + PERIOD + 20_000);
    const { store, bill } = setup();
    const stop = await openProductsPage(store);
    bill.reset();
    store.marketClock.start();
    await jest.advanceTimersByTimeAsync(29_999);
    expect(bill.reads()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(bill.reads()).toBe(1);
    store.dispose();
    stop();
  });

  it('a hidden tab reads nothing, and catches up once when it is shown again', async () => {
    const { gateway, store, bill, page } = setup({ hidden: true });
    const stop = await openProductsPage(store);
    bill.reset();
    store.marketClock.start();
    expect(store.marketClock.status).toBe('paused');
    marketUpdates(gateway, T0 + PERIOD, 5);
    await jest.advanceTimersByTimeAsync(3 * 60 * MIN);
    expect(bill.reads()).toBe(0);

    page.set(false);
    await when(() => store.marketClock.lastUpdate !== null);
    expect(store.market.productsOfCategory('energy')[0].average_market_price).toBe(105);
    expect(bill.reads()).toBe(1 + 3 + 2);
    expect(store.marketClock.checks).toBe(1);

    // Hidden again right after: nothing more.
    page.set(true);
    bill.reset();
    await jest.advanceTimersByTimeAsync(2 * 60 * MIN);
    expect(bill.reads()).toBe(0);
    store.dispose();
    stop();
  });

  it('a market that has stopped is looked at every 5 minutes; a failed look (no answer) changes nothing', async () => {
    jest.setSystemTime(T0 + 24 * 60 * MIN);
    const { gateway, store, bill } = setup();
    const stop = await openProductsPage(store);
    bill.reset();
    store.marketClock.start();
    gateway.fail('game.getStats', new Error('offline'));
    await jest.advanceTimersByTimeAsync(5 * MIN - 1);
    expect(store.marketClock.checks).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(store.marketClock.checks).toBe(1);
    expect(store.game.stats?.totalMarketValue).toBe(2100);
    expect(store.game.statsState).toBe('ready');
    gateway.fail('game.getStats', undefined);
    await jest.advanceTimersByTimeAsync(5 * MIN);
    expect(store.marketClock.checks).toBe(2);
    expect(bill.reads()).toBe(2);
    store.dispose();
    stop();
  });

  it('follows a short market period (npm start -- --market-every 60) at its pace', async () => {
    jest.setSystemTime(T0 + 10_000);
    const { gateway, store, bill } = setup({ periodMs: 60_000 });
    const stop = await openProductsPage(store);
    bill.reset();
    store.marketClock.start();
    expect(store.marketClock.nextCheck).toBe(T0 + 65_000);
    marketUpdates(gateway, T0 + 60_000, 1);
    await jest.advanceTimersByTimeAsync(55_000);
    expect(store.marketClock.lastUpdate?.stamp).toEqual(new Date(T0 + 60_000));
    expect(store.marketClock.nextCheck).toBe(T0 + 125_000);
    store.dispose();
    stop();
  });

  it('on a page with no market figures and no alerts, does nothing at all', async () => {
    const { store, bill } = setup();
    store.marketClock.start();
    await jest.advanceTimersByTimeAsync(3 * 60 * MIN);
    expect(store.marketClock.status).toBe('idle');
    expect(bill.reads()).toBe(0);
    store.dispose();
  });

  it('a record not on screen during a market update is read again past the caches when next asked', async () => {
    const { gateway, store, bill } = setup();
    await store.game.loadStats();
    expect((await store.loadProductDetail('solar')).product?.average_market_price).toBe(100);
    store.marketClock.start();
    marketUpdates(gateway, T0 + PERIOD, 7);
    bill.reset();
    await jest.advanceTimersByTimeAsync(20 * MIN + 5000);
    expect(store.marketClock.lastUpdate?.sequence).toBe(1);
    // Asked again (a page opened after the update): one read, the new figures.
    expect((await store.loadProductDetail('solar')).product?.average_market_price).toBe(107);
    expect(bill.reads()).toBe(2);
    store.dispose();
  });

  it('stopping (the page closes) cancels the next look', async () => {
    const { store, bill } = setup();
    const stop = await openProductsPage(store);
    bill.reset();
    const stopClock = store.marketClock.start();
    stopClock();
    expect(store.marketClock.status).toBe('stopped');
    await jest.advanceTimersByTimeAsync(2 * PERIOD);
    expect(bill.reads()).toBe(0);
    stop();
  });
});

describe("a player's alerts and the market clock", () => {
  async function watching(store: RootStore, gateway: FakeGateway, threshold: number) {
    await when(() => store.watchlist.state === 'ready');
    const solar = gateway.data.products.find((p) => p.name === 'Solar')!;
    await store.watchlist.toggle({ kind: 'product', ref: solar.id, slug: solar.slug, name: 'Solar', figures: productFigures(solar) });
    await store.watchlist.toggle({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' });
    await store.watchlist.setAlert(watchItemId('product', solar.id), { metric: 'price', direction: 'above', threshold });
  }

  it('on a page without figures, the clock loads the stamp for the alerts, and an alert the update crosses fires at once', async () => {
    const { gateway, store, bill } = setup({ signedIn: true });
    await watching(store, gateway, 105);
    bill.reset();
    store.marketClock.start();
    await when(() => store.game.statsState === 'ready');
    expect(bill.reads()).toBe(1);

    marketUpdates(gateway, T0 + PERIOD, 10);
    await jest.advanceTimersByTimeAsync(20 * MIN + 5000);
    await when(() => store.marketClock.lastUpdate !== null);
    expect(store.marketClock.lastUpdate?.firedAlerts.map((e) => e.name)).toEqual(['Solar']);
    expect(store.watchlist.firedAlerts.map((e) => e.name)).toEqual(['Solar']);
    expect(gateway.watchlist.entries(PLAYER.uid).find((e) => e.name === 'Solar')?.alert?.fired).toBe(true);
    // The stamp twice (loaded, then the update), Solar's figures: not Copper, which has no alert.
    expect(bill.reads()).toBe(3);
    store.dispose();
  });

  it('on the watchlist page, every item is read again and shown, measured from the same visit', async () => {
    const { gateway, store, bill } = setup({ signedIn: true });
    await watching(store, gateway, 500);
    await store.game.loadStats();
    const stop = autorun(() => void store.watchlist.rows.length);
    await store.watchlist.openWatchlist();
    bill.reset();
    store.marketClock.start();
    marketUpdates(gateway, T0 + PERIOD, 10);
    await jest.advanceTimersByTimeAsync(20 * MIN + 5000);
    await when(() => store.marketClock.lastUpdate !== null);
    const solar = store.watchlist.rows.find((r) => r.entry.name === 'Solar')!;
    expect(solar.current?.price).toBe(110);
    expect(solar.change.price).toBe(10);
    expect(store.marketClock.lastUpdate?.firedAlerts).toEqual([]);
    expect(bill.reads()).toBe(1 + 2);
    stop();
    store.dispose();
  });
});
