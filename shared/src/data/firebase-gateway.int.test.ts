/**
 * The Firebase gateway with the real SDK (firebase/firestore/lite) against the project's own Firestore
 * emulator, started in-process without rules. Auth calls need the firebase-tools Auth emulator and are
 * covered through the fake gateway (store tests) and the shell's end-to-end tests.
 */
import { startFirestoreEmulator } from '../../../local-backend/src/firestore';
import type { RuntimeConfig } from '../config/runtime-config';
import { materialsTotals, productDocumentId, slugify, usedInRows, type Material } from '@sbc/domain';
import { createFirebaseServices, disposeFirebaseServices, type FirebaseServices } from './firebase';
import { SLUG_CHANGE_MESSAGE } from '@sbc/domain';
import { createGatewayFromServices } from './firebase-gateway';
import { usedInFirstView } from './used-in-first-view';
import type { DataGateway } from './gateway';

type Emulator = Awaited<ReturnType<typeof startFirestoreEmulator>>;

const PROJECT_ID = 'demo-sbc-tycoon';
let emulator: Emulator;
let services: FirebaseServices;
let gateway: DataGateway;

const product = (name: string, category: string, extra: Record<string, unknown> = {}) => ({
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  category,
  type: 'product',
  average_market_price: 10,
  production: { cost: 1, time: 2, request_index: 0.5, request_index_history: [0.1, 0.2] },
  requested_materials: { Iron: 2 },
  enabled: true,
  ...extra,
});

const seed = [
  { path: 'products/food_bread', data: product('Bread', 'food', { createdAt: new Date('2024-01-01T00:00:00Z'), migratedAt: new Date('2024-01-02T00:00:00Z') }) },
  { path: 'products/food_cake', data: product('Cake', 'food') },
  { path: 'products/tech_phone', data: product('Phone', 'tech') },
  { path: 'products/tech_laptop', data: product('Laptop', 'tech') },
  // A material name with a space and a dot: the used-in query must quote it as one field name.
  { path: 'products/furniture_stool', data: product('Stool', 'furniture', { requested_materials: { 'Pine wood no.2': 4, Iron: 0 } }) },
  { path: 'products/legacy-id', data: { name: 'Old Lamp', slug: 'lamp', category: 'home' } },
  { path: 'materials/Iron', data: { id: 1, unit: 'kg', value: 2.5, amount: 100, lastqty: 90, lastvalue: 2, startqty: 50, startvalue: 1, cyclecount: 4 } },
  { path: 'materials/Wood', data: { id: 2, unit: 'm3', value: 1, amount: 10 } },
  { path: 'materials/list', data: { names: ['Iron', 'Wood'] } },
  { path: 'marketStats/Bread', data: { name: 'Bread', avg: 10, count: 5, total: 50, documentCount: 2, category: 'food' } },
  { path: 'marketStats/Ghost', data: { name: 'Ghost', avg: 1, count: 1, total: 1, documentCount: 1 } },
  { path: 'marketMaterialStats/Iron', data: { name: 'Iron', avg: 2.5, count: 100, total: 250, documentCount: 1 } },
  { path: 'gameParameters/date', data: { value: new Date('2031-03-04T05:06:07Z') } },
  { path: 'gameParameters/gameStats', data: { totalHeadquarters: '12', totalMarketValue: 3.5e9, totalPlayers: 40 } },
  { path: 'talents/science', data: { id: 'science', Chemist: true, Biologist: true } },
  { path: 'talents/craft', data: { Smith: true } },
  { path: 'users/u-admin', data: { uid: 'u-admin', email: 'admin@example.com', displayName: 'Admin', isAdmin: true } },
];

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT_ID });
  await emulator.importPlainDocuments(seed);
  const config: RuntimeConfig = {
    remotes: { publicSite: 'http://x/mf-manifest.json', adminConsole: 'http://y/mf-manifest.json' },
    firebase: { apiKey: 'demo-key', authDomain: `${PROJECT_ID}.firebaseapp.com`, projectId: PROJECT_ID, appId: '1:1:web:1' },
    registerUrl: 'http://127.0.0.1:1/unused',
    emulators: { authUrl: process.env.SBC_AUTH_URL ?? 'http://127.0.0.1:9099', firestoreHost: emulator.host, firestorePort: emulator.port },
  };
  services = createFirebaseServices(config, 'gateway-int-test');
  gateway = createGatewayFromServices(services, config.registerUrl, undefined, () => ({ uid: 'u-admin', email: 'admin@example.com' }));
});

afterAll(async () => {
  await disposeFirebaseServices(services);
  await emulator.stop();
});

beforeEach(() => {
  jest.spyOn(console, 'log').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** Reads per collection caused by `run`. */
async function readsOf(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = emulator.counters().reads;
  await run();
  const after = emulator.counters().reads;
  const delta: Record<string, number> = {};
  for (const [collection, n] of Object.entries(after)) {
    const d = n - (before[collection] ?? 0);
    if (d > 0) delta[collection] = d;
  }
  return delta;
}

describe('products', () => {
  it('reads the whole collection sorted by name', async () => {
    const products = await gateway.products.getAll();
    expect(products.map((p) => p.name).slice(0, 5)).toEqual(['Bread', 'Cake', 'Laptop', 'Old Lamp', 'Phone']);
    expect(products.find((p) => p.slug === 'bread')).toMatchObject({
      id: 'food_bread',
      category: 'food',
      production: { cost: 1, time: 2, request_index: 0.5, request_index_history: [0.1, 0.2] },
      requested_materials: { Iron: 2 },
      createdAt: new Date('2024-01-01T00:00:00Z'),
    });
  });

  it('reads one sector, costing only that sector’s documents', async () => {
    let tech: Awaited<ReturnType<DataGateway['products']['getByCategory']>> = [];
    const reads = await readsOf(async () => {
      tech = await gateway.products.getByCategory('tech');
    });
    expect(tech.map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(reads).toEqual({ products: 2 });
  });

  it("reads a sector's first page by name and counts the sector, costing the page and one read (issue 36)", async () => {
    let first: Awaited<ReturnType<DataGateway['products']['getFirstPageOfCategory']>> = [];
    const pageReads = await readsOf(async () => {
      first = await gateway.products.getFirstPageOfCategory('tech', 1);
    });
    expect(first.map((p) => p.name)).toEqual(['Laptop']);
    expect(pageReads).toEqual({ products: 1 });
    let count = 0;
    const countReads = await readsOf(async () => {
      count = await gateway.products.countInCategory('tech');
    });
    expect(count).toBe(2);
    expect(countReads).toEqual({ products: 1 });
  });

  it.each([
    ['the document id', 'food_bread', 'Bread', { products: 1 }],
    ['the slug field', 'lamp', 'Old Lamp', { products: 1 }],
    ['the name field', 'Phone', 'Phone', { products: 1 }],
  ])('finds one product by %s', async (_label, key, name, cost) => {
    let found: Awaited<ReturnType<DataGateway['products']['getBySlug']>> = null;
    const reads = await readsOf(async () => {
      found = await gateway.products.getBySlug(key);
    });
    expect(found!.name).toBe(name);
    expect(reads).toEqual(cost);
  });

  it('gives null for an unknown slug', async () => {
    await expect(gateway.products.getBySlug('nothing')).resolves.toBeNull();
  });

  it.each([
    ['Iron', ['Bread', 'Cake', 'Laptop', 'Phone'], { products: 4 }],
    ['Pine wood no.2', ['Stool'], { products: 1 }],
    ['Copper', [], {}],
  ])('finds the products whose recipe needs %p with one query, reading only those (the emulator counts documents: Firestore bills an empty answer 1)', async (material, names, cost) => {
    let found: Awaited<ReturnType<DataGateway['products']['getUsingMaterial']>> = [];
    const reads = await readsOf(async () => {
      found = await gateway.products.getUsingMaterial(material);
    });
    expect(found.map((p) => p.name)).toEqual(names);
    expect(reads).toEqual(cost);
  });
});

describe('trade book (tradeBooks/{uid})', () => {
  const trade = { id: 't1', kind: 'material' as const, item: 'Iron', side: 'buy' as const, quantity: 10, unitPrice: 2.5, at: Date.parse('2026-11-20T10:00:00Z') };

  it('reads a player without a book as empty, and each change is one transaction reading the one book document', async () => {
    let trades: Awaited<ReturnType<DataGateway['tradeBook']['get']>> = [];
    expect(await gateway.tradeBook.get('u-trader')).toEqual([]);
    await gateway.tradeBook.update('u-trader', (current) => [...current, trade]);
    const reads = await readsOf(() => gateway.tradeBook.update('u-trader', (current) => [...current, { ...trade, id: 't2', side: 'sell', quantity: 4 }]));
    expect(reads).toEqual({ tradeBooks: 1 });
    const readBack = await readsOf(async () => {
      trades = await gateway.tradeBook.get('u-trader');
    });
    expect(readBack).toEqual({ tradeBooks: 1 });
    expect(trades.map((t) => [t.id, t.side, t.quantity])).toEqual([
      ['t1', 'buy', 10],
      ['t2', 'sell', 4],
    ]);
  });

  it('writes nothing when the change refuses', async () => {
    await gateway.tradeBook.update('u-refused', () => [trade]);
    await expect(gateway.tradeBook.update('u-refused', () => { throw new Error('refused'); })).rejects.toThrow('refused');
    expect(await gateway.tradeBook.get('u-refused')).toEqual([trade]);
  });
});

describe('adding a product', () => {
  it('writes with the explicit id, defaults enabled to true, stamps createdAt and logs', async () => {
    const id = await gateway.products.add({ slug: 'tea', name: 'Tea', category: 'drinks' }, { explicitId: 'drinks_tea' });
    expect(id).toBe('drinks_tea');
    const tea = await gateway.products.getBySlug('tea');
    expect(tea).toMatchObject({ id: 'drinks_tea', name: 'Tea', enabled: true });
    expect(tea!.createdAt).toBeInstanceOf(Date);
    expect(console.log).toHaveBeenCalledWith('Prodotto aggiunto con successo');
  });

  it('writes with an automatic id', async () => {
    const id = await gateway.products.add({ slug: 'juice', name: 'Juice', category: 'drinks', enabled: false });
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    await expect(gateway.products.getBySlug('juice')).resolves.toMatchObject({ id, enabled: false });
  });

  it('refuses a slug that exists with the spec message', async () => {
    await expect(gateway.products.add({ slug: 'bread', name: 'Bread again', category: 'food' })).rejects.toMatchObject({
      code: 'duplicate-slug',
      message: 'Un prodotto con lo slug "bread" esiste già',
    });
  });

  it('refuses a name with another slug but the same category_name id, leaving the stored product untouched', async () => {
    const add = (name: string) =>
      gateway.products.add({ slug: slugify(name), name, category: 'construction' }, { explicitId: productDocumentId('construction', name) });
    await expect(add('Steel Beam')).resolves.toBe('construction_steel_beam');
    (console.log as jest.Mock).mockClear();
    // 'Steel_Beam' has the slug 'steelbeam' (free) but the id 'construction_steel_beam' (taken).
    await expect(add('Steel_Beam')).rejects.toMatchObject({
      code: 'duplicate-slug',
      message: 'Un prodotto con lo slug "steel-beam" esiste già',
    });
    await expect(gateway.products.getBySlug('construction_steel_beam')).resolves.toMatchObject({ slug: 'steel-beam', name: 'Steel Beam' });
    await expect(gateway.products.getBySlug('steelbeam')).resolves.toBeNull();
    expect(console.log).not.toHaveBeenCalledWith('Prodotto aggiunto con successo');
  });

  it.each([
    ['an empty slug', { slug: '', name: '!!', category: 'food' }],
    ['a blank slug', { slug: '  ', name: '!!', category: 'food' }],
    ['no slug', { name: '!!', category: 'food' }],
  ])('refuses %s with the Italian message and writes nothing', async (_label, write) => {
    const before = (await gateway.products.getAll()).length;
    await expect(gateway.products.add(write, { explicitId: 'food___' })).rejects.toMatchObject({
      code: 'invalid-data',
      message: 'Impossibile generare lo slug dal nome: il nome deve contenere almeno una lettera (a-z) o una cifra',
    });
    expect(await gateway.products.getAll()).toHaveLength(before);
  });

  it('refuses a slug the site reserves for a fixed address (/products/profitability) and writes nothing', async () => {
    const before = (await gateway.products.getAll()).length;
    await expect(gateway.products.add({ slug: 'profitability', name: 'Profitability', category: 'market' }, { explicitId: 'market_profitability' })).rejects.toMatchObject({
      code: 'invalid-data',
      message: 'Lo slug "profitability" è riservato: /products/profitability è un indirizzo del sito, non la pagina di un prodotto',
    });
    expect(await gateway.products.getAll()).toHaveLength(before);
  });
});

describe('updating a product', () => {
  it('keeps createdAt and migratedAt, sets updatedAt, replaces the given fields and logs', async () => {
    const before = await gateway.products.getForEdit('bread');
    const result = await gateway.products.update('bread', {
      ...before!.raw,
      createdAt: '1999-01-01T00:00:00.000Z',
      migratedAt: null,
      price_max: 42,
      requested_materials: { Flour: 3 },
    });
    expect(result.product).toMatchObject({
      slug: 'bread',
      price_max: 42,
      requested_materials: { Flour: 3 },
      createdAt: new Date('2024-01-01T00:00:00Z'),
      migratedAt: new Date('2024-01-02T00:00:00Z'),
    });
    expect(result.product.updatedAt).toBeInstanceOf(Date);
    expect(result.raw.createdAt).toBe('2024-01-01T00:00:00.000Z');
    expect(result.version).not.toBe(before!.version);
    expect(console.log).toHaveBeenCalledWith('Prodotto aggiornato con successo');
  });

  it('replaces the whole document: a field left out is removed; a slug change is refused in Italian', async () => {
    const before = await gateway.products.getForEdit('cake');
    await gateway.products.update('cake', { ...before!.raw, description: 'temporary' });
    const { description: _gone, ...withoutDescription } = (await gateway.products.getForEdit('cake'))!.raw;
    const saved = await gateway.products.update('cake', withoutDescription);
    expect('description' in saved.raw).toBe(false);
    await expect(gateway.products.update('cake', { ...saved.raw, slug: 'torta' })).rejects.toMatchObject({
      code: 'invalid-data',
      message: SLUG_CHANGE_MESSAGE,
    });
    const history = await gateway.audit.productHistory(saved.product.id);
    expect(history.slice(0, 2).map((e) => [e.action, e.uid, e.email, e.changedFields])).toEqual([
      ['update', 'u-admin', 'admin@example.com', ['description']],
      ['update', 'u-admin', 'admin@example.com', ['description']],
    ]);
    expect(history[0].before).toMatchObject({ description: 'temporary' });
    expect('description' in history[0].after).toBe(false);
    expect(history[0].at).toBeInstanceOf(Date);
  });

  it('searches the picker by name or slug prefix with bounded reads', async () => {
    const reads = await readsOf(async () => {
      expect((await gateway.products.search('bre')).map((p) => p.slug)).toContain('bread');
      expect((await gateway.products.search('Bre')).map((p) => p.slug)).toContain('bread');
    });
    expect(reads.products ?? 0).toBeLessThanOrEqual(2 * 3 * 6);
    const opening = await readsOf(() => gateway.products.search(''));
    expect(opening.products).toBeLessThanOrEqual(6);
  });

  it('refuses an unknown slug with the spec message', async () => {
    await expect(gateway.products.update('nothing', { name: 'x' })).rejects.toMatchObject({
      code: 'not-found',
      message: 'Prodotto con slug "nothing" non trovato',
    });
  });

  it('saves with the version it loaded, and refuses a save after a concurrent change with code conflict', async () => {
    const mine = await gateway.products.getForEdit('cake');
    const theirs = await gateway.products.getForEdit('cake');
    expect(mine!.raw).toMatchObject({ name: 'Cake', slug: 'cake' });

    const saved = await gateway.products.update('cake', { price_max: 7 }, { expectedVersion: theirs!.version });
    expect(saved.product.price_max).toBe(7);

    await expect(gateway.products.update('cake', { price_max: 8 }, { expectedVersion: mine!.version })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(gateway.products.getBySlug('cake')).resolves.toMatchObject({ price_max: 7 });

    const reloaded = await gateway.products.getForEdit('cake');
    expect(reloaded!.version).toBe(saved.version);
    await expect(gateway.products.update('cake', { price_max: 9 }, { expectedVersion: reloaded!.version })).resolves.toMatchObject({
      product: { price_max: 9 },
    });
  });
});

describe('market data', () => {
  it('reads materials without the list document', async () => {
    const materials = await gateway.materials.getAll();
    expect(materials.map((m) => m.name)).toEqual(['Iron', 'Wood']);
    expect(materials[0]).toMatchObject({ id: 1, unit: 'kg', value: 2.5, amount: 100, cyclecount: 4 });
  });

  it("reads /materials' first view: the first rows in the ledger's order, the count and the totals, from one read of the ledger (issue 36)", async () => {
    let view: Awaited<ReturnType<DataGateway['materials']['getFirstView']>> | undefined;
    const reads = await readsOf(async () => {
      view = await gateway.materials.getFirstView(1);
    });
    // The whole collection, 'list' included: the tiles' total value needs every material.
    expect(reads).toEqual({ materials: 3 });
    const whole = await gateway.materials.getAll();
    expect(view).toEqual({ items: whole.slice(0, 1), total: 2, totals: materialsTotals(whole) });
    // Recomputed from the raw documents: 2.5 × 100 + 1 × 10; (2.5 + 1) / 2.
    expect(view!.totals).toEqual({ count: 2, totalUnits: 110, totalValue: 260, averageUnitCost: 1.75 });
  });

  it('reads materials by name in chunks of 30, one read per material found, never the whole ledger (issue 36)', async () => {
    const missing = Array.from({ length: 40 }, (_, i) => `Missing ${i}`);
    let found: Material[] = [];
    const reads = await readsOf(async () => {
      found = await gateway.materials.getByNames(['Wood', ...missing, 'Iron', 'Wood', 'list', 'a/b', '']);
    });
    expect(found.map((m) => m.name)).toEqual(['Iron', 'Wood']);
    // Two chunks (42 names): the two materials found, at most one read for a chunk that finds nothing.
    expect(reads.materials ?? 0).toBeGreaterThanOrEqual(2);
    expect(reads.materials ?? 0).toBeLessThanOrEqual(3);
    expect(await readsOf(() => gateway.materials.getByNames(['Wood']))).toEqual({ materials: 1 });
    await expect(gateway.materials.getByNames([])).resolves.toEqual([]);
  });

  it('"Used in" margins from the materials the recipes name equal those from the whole ledger (issue 36)', async () => {
    const products = await gateway.products.getUsingMaterial('Iron');
    const names = [...new Set(products.flatMap((p) => Object.keys(p.requested_materials)))];
    const named = await gateway.materials.getByNames(names);
    expect(usedInRows(products, 'Iron', named)).toEqual(usedInRows(products, 'Iron', await gateway.materials.getAll()));
    expect(usedInRows(products, 'Iron', named).length).toBeGreaterThan(0);
  });

  it('"Used in" first view: the first rows by margin, the count and the materials they name, as from the whole list (issue 36)', async () => {
    let view: Awaited<ReturnType<DataGateway['products']['getUsingMaterialFirstView']>> | null = null;
    const reads = await readsOf(async () => {
      view = await gateway.products.getUsingMaterialFirstView('Iron', 1);
    });
    const whole = await gateway.products.getUsingMaterial('Iron');
    expect(whole.length).toBeGreaterThan(1);
    // What the whole list reads (its products, the one material their recipes name); it answers only the first row.
    expect(reads).toEqual({ products: whole.length, materials: 1 });
    expect(view).toEqual(usedInFirstView(whole, 'Iron', await gateway.materials.getAll(), 1));
    expect(view!.items).toHaveLength(1);
    expect(view!.total).toBe(whole.length);
    expect(view!.materials.map((m) => m.name)).toEqual(['Iron']);
    // A recipe naming a material the ledger lacks (Pine wood no.2): only the ones it has are embedded (Iron, named at 0).
    await expect(gateway.products.getUsingMaterialFirstView('Pine wood no.2', 50)).resolves.toMatchObject({ total: 1, materials: [{ name: 'Iron' }], items: [{ name: 'Stool' }] });
    await expect(gateway.products.getUsingMaterialFirstView('Copper', 50)).resolves.toEqual({ items: [], total: 0, materials: [] });
  });

  it('reads one material by name', async () => {
    await expect(gateway.materials.getByName('Wood')).resolves.toMatchObject({ name: 'Wood', value: 1 });
    await expect(gateway.materials.getByName('Gold')).resolves.toBeNull();
  });

  it('reads product and material statistics together, with the category defaults', async () => {
    const rows = await gateway.market.getStats();
    expect(rows.map((r) => [r.name, r.type, r.category])).toEqual([
      ['Bread', 'product', 'food'],
      ['Ghost', 'product', 'uncategorized'],
      ['Iron', 'material', 'industry'],
    ]);
  });

  it('reads the game date and the game stats (1 document each)', async () => {
    let date: Date | undefined;
    const reads = await readsOf(async () => {
      date = await gateway.game.getDate();
      await expect(gateway.game.getStats()).resolves.toEqual({ totalHeadquarters: 12, totalMarketValue: 3.5e9, totalPlayers: 40 });
    });
    expect(date).toEqual(new Date('2031-03-04T05:06:07Z'));
    expect(reads).toEqual({ gameParameters: 2 });
  });

  it('reads the talents sorted by name', async () => {
    await expect(gateway.game.getTalents()).resolves.toEqual([
      { name: 'Biologist', type: 'science' },
      { name: 'Chemist', type: 'science' },
      { name: 'Smith', type: 'craft' },
    ]);
  });
});

describe('users', () => {
  it('reads a user document, null when missing', async () => {
    await expect(gateway.users.get('u-admin')).resolves.toMatchObject({ uid: 'u-admin', isAdmin: true });
    await expect(gateway.users.get('u-nobody')).resolves.toBeNull();
  });

  it('creates a user document with isAdmin false and server timestamps, then merges lastLoginAt', async () => {
    await gateway.users.create({ uid: 'u-new', email: 'new@example.com', displayName: 'New' });
    const created = await gateway.users.get('u-new');
    expect(created).toMatchObject({ uid: 'u-new', email: 'new@example.com', displayName: 'New', isAdmin: false });
    expect(created!.createdAt).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await gateway.users.touchLastLogin('u-new');
    const touched = await gateway.users.get('u-new');
    expect(touched!.createdAt).toEqual(created!.createdAt);
    expect(touched!.lastLoginAt!.getTime()).toBeGreaterThan(created!.lastLoginAt!.getTime());
    expect(touched!.email).toBe('new@example.com');
  });
});

describe('adding a material', () => {
  const fields = { id: 3, unit: 'kg', spaceRequired: 0.5, value: 42.1, amount: 300, lastqty: 300, lastvalue: 42.1, startqty: 300, startvalue: 42.1, cyclecount: 0 };

  it('creates the document named after the material, reading at most that one document, and returns it as the ledger reads it', async () => {
    let added: unknown;
    const reads = await readsOf(async () => (added = await gateway.materials.add('Cobalt', fields)));
    // The transaction's get of the (missing) id: the emulator counts only documents found.
    expect(Object.keys(reads).filter((c) => c !== 'materials')).toEqual([]);
    expect(reads.materials ?? 0).toBeLessThanOrEqual(1);
    expect(added).toMatchObject({ name: 'Cobalt', id: 3, value: 42.1, amount: 300 });
    await expect(gateway.materials.getByName('Cobalt')).resolves.toMatchObject({ name: 'Cobalt', unit: 'kg', cyclecount: 0 });
  });

  it('refuses an existing name with the Italian message and leaves the stored material untouched', async () => {
    await expect(gateway.materials.add('Iron', fields)).rejects.toMatchObject({ code: 'already-exists', message: 'Esiste già un materiale chiamato "Iron"' });
    await expect(gateway.materials.getByName('Iron')).resolves.toMatchObject({ value: 2.5, amount: 100, cyclecount: 4 });
  });
});

describe('listing users (Manage Users)', () => {
  const pad = (i: number) => String(i).padStart(2, '0');
  beforeAll(async () => {
    await emulator.importPlainDocuments(
      Array.from({ length: 60 }, (_, i) => ({
        path: `users/p${pad(i)}`,
        data: { uid: `p${pad(i)}`, email: `player${pad(i)}@example.com`, displayName: i === 7 ? 'Zoe Trader' : `Player ${pad(i)}`, isAdmin: false },
      })),
    );
  });

  it('pages by e-mail with a cursor, 50 a page, reading at most 51 documents a page', async () => {
    let first: Awaited<ReturnType<DataGateway['users']['list']>> | undefined;
    expect(await readsOf(async () => (first = await gateway.users.list()))).toEqual({ users: 51 });
    expect(first!.users).toHaveLength(50);
    expect(first!.hasMore).toBe(true);
    expect(first!.users[0].email).toBe('admin@example.com');
    const second = await gateway.users.list({ after: first!.users[49].email });
    // The second page starts right after the first (other tests in this file add users of their own).
    const emails = [...first!.users, ...second.users].map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(second.users[0].email > first!.users[49].email).toBe(true);
    expect(second.users.at(-1)?.email).toBe('player59@example.com');
    expect(second.hasMore).toBe(false);
  });

  it('searches by e-mail or display-name prefix with bounded reads', async () => {
    const found = await gateway.users.list({ prefix: 'zoe' });
    expect(found.users.map((u) => u.uid)).toEqual(['p07']);
    const reads = await readsOf(() => gateway.users.list({ prefix: 'player1' }));
    expect(reads.users).toBe(10);
    expect((await gateway.users.list({ prefix: 'PLAYER1' })).users).toHaveLength(10);
  });
});
