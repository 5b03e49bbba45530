/**
 * The players' watchlist THROUGH THE REAL SDK (`firebase/firestore/lite`) and the project's data functions
 * (shared/src/data/watchlist.ts) against the project's own emulator, started in-process with firestore.rules:
 * owner / another player / guest / admin × get, list, add, update, remove on one player's watchlist; the
 * 200-item cap; and the WatchlistStore over the SDK, with the emulator's read counters for the cost of opening
 * the watchlist. One Firestore instance per user, signed in with `mockUserToken` as in rules-sdk.test.ts.
 */
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import { type Firestore, collection, connectFirestoreEmulator, doc, getDoc, getDocs, getFirestore, setLogLevel } from 'firebase/firestore/lite';
import { join } from 'node:path';
import { when } from 'mobx';
import { getMaterialByName } from '../../../shared/src/data/materials';
import { getProductBySlug } from '../../../shared/src/data/products';
import { addWatchItem, createWatchlistGateway, listWatchItems, removeWatchItem, updateWatchItems } from '../../../shared/src/data/watchlist';
import { WatchlistStore } from '../../../shared/src/stores/watchlist-store';
import { type RunningFirestoreEmulator, startFirestoreEmulator } from '../../src/firestore';
import { loadRulesFile } from '../../src/rules';

const PROJECT_ID = 'demo-sbc-tycoon';
const RULES_PATH = join(__dirname, '../../../firestore.rules');
const createdAt = new Date('2026-01-01T00:00:00.000Z');

const user = (uid: string, isAdmin: boolean) => ({ path: `users/${uid}`, data: { uid, email: `${uid}@example.com`, displayName: uid, isAdmin, createdAt, lastLoginAt: createdAt } });
const product = (id: string, name: string, price: number, requestIndex: number) => ({
  path: `products/${id}`,
  data: { slug: name.toLowerCase().replace(/\s+/g, '-'), name, category: 'energy', average_market_price: price, pieces_on_market: 7, production: { cost: 1, time: 1, request_index: requestIndex, request_index_history: [] }, createdAt },
});
const SEED = [
  user('alice', false),
  user('bob', false),
  user('admin', true),
  user('carol', false),
  product('energy_solar_panel', 'Solar Panel', 100, 1.2),
  product('energy_wind_turbine', 'Wind Turbine', 80, 0.9),
  { path: 'materials/Copper', data: { id: 1, value: 3.5, amount: 200, unit: 'kg' } },
];

let emulator: RunningFirestoreEmulator;
const apps: FirebaseApp[] = [];

function client(uid: string | null): Firestore {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `watchlist-sdk-${uid ?? 'guest'}-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, uid ? { mockUserToken: { sub: uid, user_id: uid } } : {});
  return db;
}

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT_ID, rules: loadRulesFile(RULES_PATH) });
  emulator.importPlainDocuments(SEED);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator.stop();
});

const denied = { code: 'permission-denied' };
const solar = { kind: 'product' as const, ref: 'energy_solar_panel', slug: 'solar-panel', name: 'Solar Panel', seen: { price: 100, requestIndex: 1.2, inventory: 7 } };
const wind = { kind: 'product' as const, ref: 'energy_wind_turbine', slug: 'wind-turbine', name: 'Wind Turbine', seen: null };
// Copper is added with its figures (no request index: a material), the way the star adds it.
const copper = { kind: 'material' as const, ref: 'Copper', slug: 'Copper', name: 'Copper', seen: { price: 3.5, requestIndex: null, inventory: 200 } };

describe('who reads and writes alice\'s watchlist (real SDK, firestore.rules)', () => {
  type Role = 'owner' | 'other player' | 'guest' | 'admin';
  const UID: Record<Role, string | null> = { owner: 'alice', 'other player': 'bob', guest: null, admin: 'admin' };
  const dbs = new Map<Role, Firestore>();
  const db = (role: Role) => dbs.get(role) ?? dbs.set(role, client(UID[role])).get(role)!;

  beforeAll(async () => {
    await addWatchItem(client('alice'), 'alice', solar);
  });

  const OPERATIONS = {
    get: (role: Role) => getDoc(doc(db(role), 'users/alice/watchlist/product_energy_solar_panel')),
    list: (role: Role) => listWatchItems(db(role), 'alice'),
    update: (role: Role) => updateWatchItems(db(role), 'alice', [{ id: 'product_energy_solar_panel', alert: { metric: 'price', direction: 'above', threshold: 1, fired: false } }]),
    add: (role: Role) => addWatchItem(db(role), 'alice', copper),
    remove: (role: Role) => removeWatchItem(db(role), 'alice', 'product_energy_solar_panel'),
  };
  const ROLES: Role[] = ['other player', 'guest', 'admin', 'owner'];
  // The owner goes last per operation, after the denials, so "remove" still finds the item for the others.
  const cases = (Object.keys(OPERATIONS) as Array<keyof typeof OPERATIONS>).flatMap((operation) =>
    ROLES.map((role) => [operation, role, role === 'owner' ? 'allowed' : 'denied'] as const),
  );

  it.each(cases)('%s by the %s → %s', async (operation, role, expected) => {
    const attempt = OPERATIONS[operation](role);
    if (expected === 'allowed') await expect(attempt).resolves.not.toThrow();
    else await expect(attempt).rejects.toMatchObject(denied);
  });

  it('the counter followed every add and remove: alice now watches Copper only', async () => {
    const entries = await listWatchItems(db('owner'), 'alice');
    expect(entries.map((e) => e.id)).toEqual(['material_Copper']);
    expect((await getDoc(doc(db('owner'), 'users/alice'))).data()?.watchCount).toBe(1);
  });
});

describe('the cap of 200 items (real SDK)', () => {
  it('the 200th item is stored, the 201st refused; removing one makes room again', async () => {
    // 199 items already watched, written as the admin SDK would (rules bypassed), with the matching counter.
    emulator.importPlainDocuments([
      { path: 'users/bob', data: { ...user('bob', false).data, watchCount: 199, watchItem: 'material_M198' } },
      ...Array.from({ length: 199 }, (_, i) => ({
        path: `users/bob/watchlist/material_M${i}`,
        data: { kind: 'material', ref: `M${i}`, slug: `M${i}`, name: `M${i}`, addedAt: createdAt },
      })),
    ]);
    const bob = client('bob');
    await expect(addWatchItem(bob, 'bob', solar)).resolves.toMatchObject({ id: 'product_energy_solar_panel' });
    await expect(addWatchItem(bob, 'bob', copper)).rejects.toMatchObject(denied);
    await removeWatchItem(bob, 'bob', 'material_M0');
    await expect(addWatchItem(bob, 'bob', copper)).resolves.toMatchObject({ id: 'material_Copper' });
    expect((await getDocs(collection(bob, 'users/bob/watchlist'))).size).toBe(200);
  });
});

describe('the watchlist store over the SDK: reads, since last visit, alerts', () => {
  const gatewayFor = (db: Firestore) => ({
    watchlist: createWatchlistGateway(db),
    products: { getBySlug: (slug: string) => getProductBySlug(db, slug) },
    materials: { getByName: (name: string) => getMaterialByName(db, name) },
  });
  const session = (db: Firestore) => new WatchlistStore(gatewayFor(db), { user: { uid: 'carol', email: 'carol@example.com', displayName: 'carol' } });

  it('opening the watchlist costs one read per item (plus the entries, read once per session); changes and an alert show', async () => {
    const carol = client('carol');
    const first = session(carol);
    await when(() => first.state === 'ready');
    await first.toggle({ ...solar, figures: solar.seen });
    await first.toggle(wind);
    await first.toggle(copper);
    await first.openWatchlist();
    expect(await first.setAlert('product_energy_solar_panel', { metric: 'price', direction: 'above', threshold: 110 })).toBe(true);
    first.dispose();

    // The market moves (admin SDK), the player comes back.
    emulator.importPlainDocuments([product('energy_solar_panel', 'Solar Panel', 125, 1.5)]);
    emulator.resetCounters();
    const second = session(carol);
    await when(() => second.firedAlerts.length === 1);
    // Opening the site: the 3 entries + the one item with an alert.
    expect(emulator.counters().reads).toEqual({ watchlist: 3, products: 1 });

    emulator.resetCounters();
    await second.openWatchlist();
    // Opening the watchlist page: one read per watched item.
    expect(emulator.counters().reads).toEqual({ products: 2, materials: 1 });
    const solarRow = second.rows.find((r) => r.entry.ref === 'energy_solar_panel')!;
    expect(solarRow.change).toEqual({ price: 25, requestIndex: 0.3, inventory: 0 });
    expect(second.firedAlerts.map((e) => e.name)).toEqual(['Solar Panel']);
    second.dispose();

    // Back below the threshold: the alert re-arms when the site is opened again.
    emulator.importPlainDocuments([product('energy_solar_panel', 'Solar Panel', 105, 1.5)]);
    const third = session(carol);
    await when(() => third.state === 'ready');
    await third.openWatchlist();
    expect(third.firedAlerts).toHaveLength(0);
    const stored = (await getDoc(doc(carol, 'users/carol/watchlist/product_energy_solar_panel'))).data();
    expect(stored).toMatchObject({ alertFired: false, seenPrice: 105 });
    third.dispose();
  });
});
