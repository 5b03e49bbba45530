import { when } from 'mobx';
import { createFakeGateway, type FakeGateway } from '../data/fake-gateway';
import { fakeMaterial, fakeProduct } from '../data/fake-fixtures';
import { productFigures, WATCHLIST_MAX_ITEMS, type Product } from '@sbc/domain';
import { MemoryStorage } from '../data/memory-storage';
import { RootStore } from './root-store';
import { WATCHLIST_FULL_MESSAGE, WATCHLIST_SAVE_FAILED } from './watchlist-store';

const PLAYER = { uid: 'player-1', email: 'p@example.com', displayName: 'Player' };

function product(name: string, price: number, requestIndex: number, pieces: number): Product {
  const base = fakeProduct({ name, id: `energy_${name.toLowerCase()}` });
  return { ...base, average_market_price: price, pieces_on_market: pieces, production: { ...base.production, request_index: requestIndex } };
}

function setup(signedIn = true) {
  const gateway = createFakeGateway({
    products: [product('Solar', 100, 1.2, 10), product('Wind', 50, 0.9, 3)],
    materials: [fakeMaterial({ name: 'Copper', value: 3.5, amount: 200 })],
    users: [{ uid: PLAYER.uid, email: PLAYER.email, displayName: 'Player', isAdmin: false }],
    accounts: [{ ...PLAYER, password: 'secret-1' }],
    signedInUser: signedIn ? PLAYER : null,
  });
  const store = new RootStore(gateway, { storage: new MemoryStorage() });
  return { gateway, store, watchlist: store.watchlist };
}

/** A new page session of the same player over the same stored data ("the player comes back"). */
function reopen(gateway: FakeGateway) {
  const store = new RootStore(gateway, { storage: new MemoryStorage() });
  return store.watchlist;
}

const ready = (w: RootStore['watchlist']) => when(() => w.state === 'ready');
/** Waits for a condition on the fake's plain (non-observable) data: polls the microtask queue. */
async function eventually(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(condition()).toBe(true);
}
const setPrice = (gateway: FakeGateway, name: string, price: number, requestIndex?: number) => {
  gateway.data.products = gateway.data.products.map((p) =>
    p.name === name ? { ...p, average_market_price: price, production: { ...p.production, request_index: requestIndex ?? p.production.request_index } } : p,
  );
};
const solar = (g: FakeGateway) => g.data.products.find((p) => p.name === 'Solar')!;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('starring', () => {
  it('adds and removes items for the signed-in player, stored under their uid', async () => {
    const { gateway, watchlist } = setup();
    await ready(watchlist);
    await watchlist.toggle({ kind: 'product', ref: 'energy_solar', slug: 'solar', name: 'Solar', figures: productFigures(solar(gateway)) });
    await watchlist.toggle({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' });
    expect(watchlist.isWatched('product', 'energy_solar')).toBe(true);
    expect(watchlist.isWatched('material', 'Copper')).toBe(true);
    expect(gateway.watchlist.entries(PLAYER.uid).map((e) => e.id)).toEqual(['material_Copper', 'product_energy_solar']);

    await watchlist.toggle({ kind: 'product', ref: 'energy_solar', slug: 'solar', name: 'Solar' });
    expect(watchlist.isWatched('product', 'energy_solar')).toBe(false);
    expect(gateway.watchlist.entries(PLAYER.uid).map((e) => e.id)).toEqual(['material_Copper']);
  });

  it('a guest toggles nothing (the page offers sign-in instead)', async () => {
    const { gateway, watchlist } = setup(false);
    await watchlist.toggle({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' });
    expect(gateway.watchlist.callCount('addWatchItem')).toBe(0);
    expect(watchlist.count).toBe(0);
  });

  it('a failed write keeps the list as it was and says so', async () => {
    const { gateway, watchlist } = setup();
    await ready(watchlist);
    gateway.watchlist.fail('addWatchItem', new Error('offline'));
    await watchlist.toggle({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' });
    expect(watchlist.count).toBe(0);
    expect(watchlist.error).toBe(WATCHLIST_SAVE_FAILED);
    // The item it was about, so that its star says it.
    expect(watchlist.errorItem).toBe('material_Copper');
    gateway.watchlist.fail('addWatchItem', undefined);
    await watchlist.toggle({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' });
    expect(watchlist.count).toBe(1);
    expect(watchlist.error).toBeNull();
    expect(watchlist.errorItem).toBeNull();
  });

  it(`refuses a ${WATCHLIST_MAX_ITEMS + 1}st item without writing`, async () => {
    const { gateway, watchlist } = setup();
    for (let i = 0; i < WATCHLIST_MAX_ITEMS; i += 1) {
      gateway.watchlist.put(PLAYER.uid, { id: `material_M${i}`, kind: 'material', ref: `M${i}`, slug: `M${i}`, name: `M${i}`, seen: null, alert: null });
    }
    await ready(watchlist);
    expect(watchlist.isFull).toBe(true);
    await watchlist.toggle({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' });
    expect(watchlist.error).toBe(WATCHLIST_FULL_MESSAGE);
    expect(gateway.watchlist.callCount('addWatchItem')).toBe(0);
  });

  it('signing out empties the list; another player sees only their own', async () => {
    const { gateway, watchlist } = setup();
    await ready(watchlist);
    await watchlist.toggle({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' });
    gateway.emitAuthState(null);
    expect(watchlist.count).toBe(0);
    gateway.emitAuthState({ uid: 'other', email: 'o@example.com', displayName: 'O' });
    await ready(watchlist);
    expect(watchlist.count).toBe(0);
  });
});

describe('since the previous visit', () => {
  it('shows the change since the previous visit, keeps it for the session, and rolls the baseline for the next one', async () => {
    const { gateway, watchlist } = setup();
    await ready(watchlist);
    await watchlist.toggle({ kind: 'product', ref: 'energy_solar', slug: 'solar', name: 'Solar', figures: productFigures(solar(gateway)) });

    // The market moves; the player comes back in a new session and opens the watchlist.
    setPrice(gateway, 'Solar', 112.5, 1.5);
    const visit2 = reopen(gateway);
    await ready(visit2);
    await visit2.openWatchlist();
    expect(visit2.rows[0].current).toEqual({ price: 112.5, requestIndex: 1.5, inventory: 10 });
    expect(visit2.rows[0].change).toEqual({ price: 12.5, requestIndex: 0.3, inventory: 0 });
    // The figures of this visit are stored as the next visit's baseline.
    expect(gateway.watchlist.entries(PLAYER.uid)[0].seen).toEqual({ price: 112.5, requestIndex: 1.5, inventory: 10 });

    // Same session, the page is opened again after another move: still measured from the previous visit.
    setPrice(gateway, 'Solar', 120);
    await visit2.openWatchlist();
    expect(visit2.rows[0].change.price).toBe(20);

    // Next session: measured from the last visit (120), nothing moved since.
    const visit3 = reopen(gateway);
    await ready(visit3);
    await visit3.openWatchlist();
    expect(visit3.rows[0].change).toEqual({ price: 0, requestIndex: 0, inventory: 0 });
  });

  it('an unchanged item costs no write; opening costs one read per item', async () => {
    const { gateway, watchlist } = setup();
    await ready(watchlist);
    await watchlist.toggle({ kind: 'product', ref: 'energy_solar', slug: 'solar', name: 'Solar', figures: productFigures(solar(gateway)) });
    await watchlist.toggle({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper', figures: { price: 3.5, requestIndex: null, inventory: 200 } });
    const visit = reopen(gateway);
    await ready(visit);
    const before = { products: gateway.callCount('products.getBySlug'), materials: gateway.callCount('materials.getByName') };
    await visit.openWatchlist();
    expect(gateway.callCount('products.getBySlug') - before.products).toBe(1);
    expect(gateway.callCount('materials.getByName') - before.materials).toBe(1);
    expect(gateway.watchlist.callCount('updateWatchItems')).toBe(0);
    expect(visit.rows.map((r) => r.change.price)).toEqual([0, 0]);
  });

  it('an item starred without figures shows no change on its first visit, then a baseline exists', async () => {
    const { gateway, watchlist } = setup();
    await ready(watchlist);
    await watchlist.toggle({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' });
    await watchlist.openWatchlist();
    expect(watchlist.rows[0].change).toEqual({ price: null, requestIndex: null, inventory: null });
    expect(gateway.watchlist.entries(PLAYER.uid)[0].seen).toEqual({ price: 3.5, requestIndex: null, inventory: 200 });
  });
});

describe('alerts', () => {
  it('fire once when the threshold is crossed, show in the badge, and re-arm when the value crosses back', async () => {
    const { gateway, watchlist } = setup();
    await ready(watchlist);
    await watchlist.toggle({ kind: 'product', ref: 'energy_solar', slug: 'solar', name: 'Solar', figures: productFigures(solar(gateway)) });
    expect(await watchlist.setAlert('product_energy_solar', { metric: 'price', direction: 'above', threshold: 110 })).toBe(true);
    expect(watchlist.firedAlerts).toHaveLength(0);

    // Crossed: the next time the player opens the site, the alert fires (badge), stored as fired.
    setPrice(gateway, 'Solar', 115);
    const session2 = reopen(gateway);
    await when(() => session2.firedAlerts.length === 1);
    expect(gateway.watchlist.entries(PLAYER.uid)[0].alert).toEqual({ metric: 'price', direction: 'above', threshold: 110, fired: true });
    const mark = gateway.watchlist.calls.length;

    // Still above on the next opening: no second firing (no write), still shown until it re-arms.
    const session3 = reopen(gateway);
    await ready(session3);
    await session3.openWatchlist();
    expect(session3.firedAlerts).toHaveLength(1);
    const alertWrites = gateway.watchlist.calls.slice(mark).filter((c) => c.method === 'updateWatchItems' && JSON.stringify(c.args).includes('"alert"'));
    expect(alertWrites).toHaveLength(0);

    // Back below: re-armed on the next opening, the badge clears.
    setPrice(gateway, 'Solar', 105);
    const session4 = reopen(gateway);
    await ready(session4);
    await eventually(() => gateway.watchlist.entries(PLAYER.uid)[0].alert?.fired === false);
    expect(session4.firedAlerts).toHaveLength(0);

    // Crossing again fires again.
    setPrice(gateway, 'Solar', 111);
    const session5 = reopen(gateway);
    await when(() => session5.firedAlerts.length === 1);
  });

  it('a new alert that is already crossed fires at once; removing it clears the badge', async () => {
    const { gateway, watchlist } = setup();
    await ready(watchlist);
    await watchlist.toggle({ kind: 'product', ref: 'energy_wind', slug: 'wind', name: 'Wind' });
    await watchlist.openWatchlist();
    await watchlist.setAlert('product_energy_wind', { metric: 'requestIndex', direction: 'below', threshold: 1 });
    expect(watchlist.firedAlerts.map((e) => e.name)).toEqual(['Wind']);
    await watchlist.setAlert('product_energy_wind', null);
    expect(watchlist.firedAlerts).toHaveLength(0);
    expect(gateway.watchlist.entries(PLAYER.uid)[0].alert).toBeNull();
  });

  it('opening the site reads only the items that have an alert', async () => {
    const { gateway, watchlist } = setup();
    await ready(watchlist);
    await watchlist.toggle({ kind: 'product', ref: 'energy_solar', slug: 'solar', name: 'Solar' });
    await watchlist.toggle({ kind: 'product', ref: 'energy_wind', slug: 'wind', name: 'Wind' });
    await watchlist.toggle({ kind: 'material', ref: 'Copper', slug: 'Copper', name: 'Copper' });
    await watchlist.setAlert('material_Copper', { metric: 'price', direction: 'below', threshold: 1 });
    const before = { products: gateway.callCount('products.getBySlug'), materials: gateway.callCount('materials.getByName') };
    const next = reopen(gateway);
    await ready(next);
    await eventually(() => gateway.callCount('materials.getByName') > before.materials);
    expect(gateway.callCount('products.getBySlug')).toBe(before.products);
    expect(gateway.callCount('materials.getByName') - before.materials).toBe(1);
  });
});

describe('offline', () => {
  const offlineSetup = () => {
    const { gateway } = setup();
    const offlineStorage = new MemoryStorage();
    const open = () => new RootStore(gateway, { storage: new MemoryStorage(), offlineStorage }).watchlist;
    return { gateway, open };
  };
  const unreachable = new Error('Failed to fetch');

  it('opens from the copy of the last visit when the database cannot be reached, and records no visit', async () => {
    const { gateway, open } = offlineSetup();
    const online = open();
    await ready(online);
    await online.toggle({ kind: 'product', ref: 'energy_solar', slug: 'solar', name: 'Solar', figures: productFigures(solar(gateway)) });
    await online.openWatchlist();
    expect(online.offlineCopySavedAt).toBeNull();
    const seenPrice = online.rows[0].current?.price;
    expect(seenPrice).toBe(100);

    gateway.watchlist.fail('listWatchItems', unreachable);
    gateway.fail('products.getBySlug', unreachable);
    const offline = open();
    await ready(offline);
    await offline.openWatchlist();
    expect(offline.entries.map((e) => e.name)).toEqual(['Solar']);
    expect(offline.rows[0].current?.price).toBe(seenPrice);
    expect(offline.offlineCopySavedAt).toEqual(expect.any(Number));
    expect(gateway.watchlist.callCount('updateWatchItems')).toBe(0);
  });

  it('without a copy, says the watchlist could not be loaded, as before', async () => {
    const { gateway, open } = offlineSetup();
    gateway.watchlist.fail('listWatchItems', unreachable);
    const offline = open();
    await when(() => offline.state === 'error');
    expect(offline.entries).toEqual([]);
  });
});
