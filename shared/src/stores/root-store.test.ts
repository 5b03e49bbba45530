import { autorun, when } from 'mobx';
import { createFakeGateway, type FakeGatewaySeed } from '../data/fake-gateway';
import { fakeMaterial, fakeProduct } from '../data/fake-fixtures';
import { MemoryStorage } from '../data/memory-storage';
import type { PublicReadGateway } from '../data/gateway';
import { RootStore } from './root-store';

const phone = fakeProduct({ name: 'Phone', slug: 'phone', category: 'electronics' });
const bread = fakeProduct({ name: 'Bread', slug: 'bread', category: 'food' });
const ironOre = fakeMaterial({ name: 'Iron Ore', value: 2, amount: 10 });

function setup(seed: FakeGatewaySeed = {}, storage: Storage = new MemoryStorage()) {
  const gateway = createFakeGateway({
    products: [phone, bread],
    materials: [ironOre],
    gameDate: new Date('2031-03-04T00:00:00Z'),
    gameStats: { totalHeadquarters: 12, totalMarketValue: 3.5e9, totalPlayers: 40 },
    talents: [{ name: 'Chemist', type: 'science' }],
    ...seed,
  });
  const root = new RootStore(gateway, { storage });
  return { gateway, root, storage };
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('refreshAll (header refresh)', () => {
  it('reloads materials and products, then the game date', async () => {
    const { root, gateway } = setup();
    await root.market.loadProducts();
    const release = gateway.hold('products.getAll');
    const refreshing = root.refreshAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.refreshingAll).toBe(true);
    expect(gateway.callCount('game.getDate')).toBe(0);
    release();
    await refreshing;
    expect(gateway.calls.map((c) => c.method).slice(-3)).toEqual(['materials.getAll', 'products.getAll', 'game.getDate']);
    expect(root.game.dateState).toBe('ready');
    expect(root.refreshingAll).toBe(false);
  });

  it('is ignored while running', async () => {
    const { root, gateway } = setup();
    const release = gateway.hold('materials.getAll');
    const first = root.refreshAll();
    await root.refreshAll();
    release();
    await first;
    expect(gateway.callCount('materials.getAll')).toBe(1);
    expect(gateway.callCount('game.getDate')).toBe(1);
  });

  it('still refreshes the date when materials fail', async () => {
    const { root } = setup({ failing: { 'materials.getAll': new Error('offline') } });
    await root.refreshAll();
    expect(root.game.dateState).toBe('ready');
  });
});

describe('detail records after a header refresh', () => {
  it('refreshAll is ignored while one runs: the lists are read once', async () => {
    const { root, gateway } = setup();
    const release = gateway.hold('materials.getAll');
    const first = root.refreshAll();
    expect(root.refreshingAll).toBe(true);
    await root.refreshAll();
    release();
    await first;
    expect(root.refreshingAll).toBe(false);
    expect(gateway.callCount('materials.getAll')).toBe(1);
  });

  it('has no refresh counter: refreshGeneration, retired, reads as undefined after a refresh and a market update', async () => {
    const { root } = setup();
    await root.refreshAll();
    await root.followMarketUpdate({ totalHeadquarters: 1, totalMarketValue: 1, totalPlayers: 1, lastUpdated: new Date() });
    expect((root as unknown as Record<string, unknown>).refreshGeneration).toBeUndefined();
  });

  it('a product read before the refresh is read again from the gateway, past memory and session cache', async () => {
    const { root, gateway } = setup();
    await root.market.loadProducts();
    await expect(root.loadProductDetail('bread')).resolves.toEqual({ state: 'ready', product: bread });
    expect(gateway.callCount('products.getBySlug')).toBe(0);
    const changed = { ...bread, average_market_price: 99 };
    gateway.data.products = [phone, changed];
    const release = gateway.hold('products.getAll');
    const refreshing = root.refreshAll();
    await expect(root.loadProductDetail('bread')).resolves.toEqual({ state: 'ready', product: changed });
    expect(gateway.callCount('products.getBySlug')).toBe(1);
    release();
    await refreshing;
    // Read since the refresh: memory again.
    await root.loadProductDetail('bread');
    expect(gateway.callCount('products.getBySlug')).toBe(1);
  });

  it('a failed re-read keeps the known product; a deleted one becomes notFound', async () => {
    const { root, gateway } = setup();
    await root.market.loadProducts();
    await root.loadProductDetail('bread');
    gateway.fail('products.getBySlug', new Error('offline'));
    await root.refreshAll();
    await expect(root.loadProductDetail('bread')).resolves.toEqual({ state: 'ready', product: bread });
    gateway.fail('products.getBySlug', undefined);
    gateway.data.products = [phone];
    await expect(root.loadProductDetail('bread', { fresh: true })).resolves.toEqual({ state: 'notFound', product: null });
  });

  it('a material read before the refresh is read again by name', async () => {
    const { root, gateway } = setup();
    await root.market.loadMaterials();
    await root.loadMaterialDetail('Iron Ore');
    expect(gateway.callCount('materials.getByName')).toBe(0);
    const changed = { ...ironOre, value: 3 };
    gateway.data.materials = [changed];
    await root.refreshAll();
    await expect(root.loadMaterialDetail('Iron Ore')).resolves.toEqual({ state: 'ready', material: changed });
    expect(gateway.callCount('materials.getByName')).toBe(1);
  });

  it('a fresh material slug that is not the document id is matched on a reloaded list', async () => {
    const { root, gateway } = setup();
    await root.market.loadMaterials();
    const changed = { ...ironOre, value: 3 };
    gateway.data.materials = [changed];
    await expect(root.loadMaterialDetail('iron-ore', { fresh: true })).resolves.toEqual({ state: 'ready', material: changed });
    expect(gateway.callCount('materials.getAll')).toBe(2);
  });
});

describe('records read one by one are kept for a market period', () => {
  afterEach(() => jest.useRealTimers());

  it('a product or material read alone is not read again by the next load (the page after hydration, a revisit)', async () => {
    const { root, gateway } = setup();
    await expect(root.loadProductDetail('bread')).resolves.toEqual({ state: 'ready', product: bread });
    await expect(root.loadMaterialDetail('Iron Ore')).resolves.toEqual({ state: 'ready', material: ironOre });
    await root.loadProductDetail('bread');
    await root.loadMaterialDetail('Iron Ore');
    expect(gateway.callCount('products.getBySlug')).toBe(1);
    expect(gateway.callCount('materials.getByName')).toBe(1);
  });

  it('after one market period (30 min) the record is read again', async () => {
    jest.useFakeTimers({ now: new Date('2031-03-04T10:00:00Z') });
    const { root, gateway } = setup();
    await root.loadProductDetail('bread');
    jest.setSystemTime(new Date('2031-03-04T10:29:59Z'));
    await root.loadProductDetail('bread');
    expect(gateway.callCount('products.getBySlug')).toBe(1);
    jest.setSystemTime(new Date('2031-03-04T10:30:00Z'));
    await root.loadProductDetail('bread');
    expect(gateway.callCount('products.getBySlug')).toBe(2);
  });

  it('an admin save replaces the kept copy: the detail shows the saved product without a read', async () => {
    const { root, gateway } = setup();
    await root.loadProductDetail('bread');
    const saved = { ...bread, average_market_price: 42 };
    root.market.applyProductChange(saved);
    await expect(root.loadProductDetail('bread')).resolves.toEqual({ state: 'ready', product: saved });
    expect(gateway.callCount('products.getBySlug')).toBe(1);
  });

  it('an added product makes kept products stale: the next detail load reads again', async () => {
    const { root, gateway } = setup();
    await root.loadProductDetail('bread');
    root.market.forgetProductCaches();
    await root.loadProductDetail('bread');
    expect(gateway.callCount('products.getBySlug')).toBe(2);
  });
});

describe('game date and stats', () => {
  it('goes idle → loading → ready', async () => {
    const { root } = setup();
    expect(root.game.dateState).toBe('idle');
    const loading = root.game.loadDate();
    expect(root.game.dateState).toBe('loading');
    await loading;
    expect(root.game.date).toEqual(new Date('2031-03-04T00:00:00Z'));
    expect(root.game.dateState).toBe('ready');
  });

  it('ends in error with no date when the read fails (header shows Unavailable)', async () => {
    const { root } = setup({ failing: { 'game.getDate': new Error('denied') } });
    await root.game.loadDate();
    expect(root.game.dateState).toBe('error');
    expect(root.game.date).toBeNull();
  });

  it('loads stats, and a failed stats read leaves undefined stats in state error', async () => {
    const ok = setup();
    await ok.root.game.loadStats();
    expect(ok.root.game.stats).toEqual({ totalHeadquarters: 12, totalMarketValue: 3.5e9, totalPlayers: 40 });
    expect(ok.root.game.statsState).toBe('ready');

    const failing = setup({ failing: { 'game.getStats': new Error('offline') } });
    await failing.root.game.loadStats();
    expect(failing.root.game.stats).toBeUndefined();
    expect(failing.root.game.statsState).toBe('error');
  });
});

describe('talents', () => {
  it('loads once per session through the cache', async () => {
    const first = setup();
    await first.root.talents.load();
    expect(first.root.talents.talents).toEqual([{ name: 'Chemist', type: 'science' }]);
    const second = setup({}, first.storage);
    await second.root.talents.load();
    expect(second.root.talents.state).toBe('ready');
    expect(second.gateway.callCount('game.getTalents')).toBe(0);
  });
});

describe('product detail', () => {
  it('uses products already loaded, without a read', async () => {
    const { root, gateway } = setup();
    await root.market.loadCategory('food');
    await expect(root.loadProductDetail('bread')).resolves.toEqual({ state: 'ready', product: bread });
    expect(gateway.callCount('products.getBySlug')).toBe(0);
  });

  it('asks the gateway when the product is not loaded', async () => {
    const { root, gateway } = setup();
    await expect(root.loadProductDetail('phone')).resolves.toEqual({ state: 'ready', product: phone });
    expect(gateway.callCount('products.getBySlug')).toBe(1);
  });

  it.each([
    ['a missing slug', 'nothing-here'],
    ['an empty slug', ''],
  ])('gives notFound for %s', async (_label, slug) => {
    const { root } = setup();
    await expect(root.loadProductDetail(slug)).resolves.toEqual({ state: 'notFound', product: null });
  });

  it('gives error, not notFound, when the read fails and nothing is known', async () => {
    const { root } = setup({ failing: { 'products.getBySlug': new Error('offline') } });
    await expect(root.loadProductDetail('phone')).resolves.toEqual({ state: 'error', product: null });
  });

  it('after a failed read, the same call reads again and finds the product', async () => {
    const { root, gateway } = setup({ failing: { 'products.getBySlug': new Error('offline') } });
    await expect(root.loadProductDetail('phone')).resolves.toEqual({ state: 'error', product: null });
    gateway.fail('products.getBySlug', undefined);
    await expect(root.loadProductDetail('phone')).resolves.toEqual({ state: 'ready', product: phone });
    expect(gateway.callCount('products.getBySlug')).toBe(2);
  });
});

describe('material detail', () => {
  it.each(['Iron Ore', 'iron ore', 'iron-ore'])('finds a loaded material by %s', async (slug) => {
    const { root } = setup();
    await root.market.loadMaterials();
    await expect(root.loadMaterialDetail(slug)).resolves.toEqual({ state: 'ready', material: ironOre });
  });

  it('reads one document by name when nothing is loaded', async () => {
    const { root, gateway } = setup();
    await expect(root.loadMaterialDetail('Iron Ore')).resolves.toEqual({ state: 'ready', material: ironOre });
    expect(gateway.callCount('materials.getAll')).toBe(0);
  });

  it('falls back to the whole list for a slug that is not the document id', async () => {
    const { root } = setup();
    await expect(root.loadMaterialDetail('iron-ore')).resolves.toEqual({ state: 'ready', material: ironOre });
  });

  it('gives notFound for an unknown material', async () => {
    const { root } = setup();
    await expect(root.loadMaterialDetail('gold')).resolves.toEqual({ state: 'notFound', material: null });
  });

  it('gives error when neither the document nor the list can be read, and finds it once they can', async () => {
    const { root, gateway } = setup({ failing: { 'materials.getByName': new Error('offline'), 'materials.getAll': new Error('offline') } });
    await expect(root.loadMaterialDetail('Iron Ore')).resolves.toEqual({ state: 'error', material: null });
    gateway.fail('materials.getByName', undefined);
    gateway.fail('materials.getAll', undefined);
    await expect(root.loadMaterialDetail('Iron Ore')).resolves.toEqual({ state: 'ready', material: ironOre });
  });

  it('gives notFound when the document read fails but the list answers without the material', async () => {
    const { root } = setup({ failing: { 'materials.getByName': new Error('offline') } });
    await expect(root.loadMaterialDetail('gold')).resolves.toEqual({ state: 'notFound', material: null });
  });

  it('gives notFound when the document is missing even if the list cannot be read', async () => {
    const { root } = setup({ failing: { 'materials.getAll': new Error('offline') } });
    await expect(root.loadMaterialDetail('gold')).resolves.toEqual({ state: 'notFound', material: null });
  });
});

describe('admin writes', () => {
  it('an update replaces the product in the loaded lists and drops the product caches', async () => {
    const { root, storage } = setup();
    await root.market.loadProducts();
    await root.market.loadCategory('food');
    const loaded = await root.admin.loadForEdit('bread');
    const result = await root.admin.updateProduct('bread', { ...loaded!.raw, price_max: 99 }, { expectedVersion: loaded!.version });
    expect(result.product.price_max).toBe(99);
    expect(root.market.products.find((p) => p.slug === 'bread')?.price_max).toBe(99);
    expect(root.market.productsOfCategory('food')[0].price_max).toBe(99);
    expect(storage.getItem('app.products.cache')).toBeNull();
    expect(storage.getItem('app.products.category.food.cache')).toBeNull();
  });

  it('a stale version is refused with code conflict', async () => {
    const { root, gateway } = setup();
    const loaded = await root.admin.loadForEdit('bread');
    gateway.data.versions.set(bread.id, 7); // another session saved meanwhile
    await expect(root.admin.updateProduct('bread', { name: 'Bread' }, { expectedVersion: loaded!.version })).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('an unknown slug is refused with the spec message', async () => {
    const { root } = setup();
    await expect(root.admin.updateProduct('nope', { name: 'x' })).rejects.toThrow('Prodotto con slug "nope" non trovato');
  });

  it('a duplicate slug is refused with the spec message', async () => {
    const { root } = setup();
    await expect(root.admin.addProduct({ slug: 'bread', name: 'Bread' })).rejects.toThrow('Un prodotto con lo slug "bread" esiste già');
  });

  it('a slug the site reserves for a fixed address is refused, whatever form sent it (issue 26)', async () => {
    const { root, gateway } = setup();
    await expect(root.admin.addProduct({ slug: 'profitability', name: 'Profitability', category: 'market' })).rejects.toMatchObject({
      code: 'invalid-data',
      message: 'Lo slug "profitability" è riservato: /products/profitability è un indirizzo del sito, non la pagina di un prodotto',
    });
    expect(gateway.data.products.some((p) => p.slug === 'profitability')).toBe(false);
  });

  it('an add makes the next products load read the gateway again', async () => {
    const { root, gateway } = setup();
    await root.market.loadProducts();
    await root.admin.addProduct({ slug: 'cake', name: 'Cake', category: 'food' });
    await root.market.loadProducts();
    expect(gateway.callCount('products.getAll')).toBe(2);
    expect(root.market.products.map((p) => p.name)).toEqual(['Bread', 'Cake', 'Phone']);
  });

  const cobalt = { id: 2, unit: 'kg', spaceRequired: 0.5, value: 42.1, amount: 300, lastqty: 300, lastvalue: 42.1, startqty: 300, startvalue: 42.1, cyclecount: 0 };

  it('an added material is in the loaded ledger at once, with no new read, and the materials cache is dropped', async () => {
    const { root, gateway, storage } = setup();
    await root.market.loadMaterials();
    expect(storage.getItem('app.materials.cache')).not.toBeNull();
    await root.admin.addMaterial('Cobalt', cobalt);
    expect(root.market.materials.map((m) => m.name)).toEqual(['Iron Ore', 'Cobalt']);
    expect(root.market.materials[1]).toMatchObject({ value: 42.1, amount: 300 });
    expect(gateway.callCount('materials.getAll')).toBe(1);
    expect(storage.getItem('app.materials.cache')).toBeNull();
  });

  it('an existing material name is refused in Italian and the ledger is unchanged', async () => {
    const { root } = setup();
    await root.market.loadMaterials();
    await expect(root.admin.addMaterial('Iron Ore', cobalt)).rejects.toMatchObject({ code: 'already-exists', message: 'Esiste già un materiale chiamato "Iron Ore"' });
    expect(root.market.materials.map((m) => m.name)).toEqual(['Iron Ore']);
  });
});

describe('a RootStore built on the public reads alone (the render server, issue 36)', () => {
  function serverStore() {
    const fake = createFakeGateway({ products: [phone, bread], materials: [ironOre], gameDate: new Date('2031-03-04T00:00:00Z') });
    // What createServerReadGateway gives: the five read groups, nothing else.
    const reads: PublicReadGateway = { products: fake.products, materials: fake.materials, market: fake.market, game: fake.game, plan: fake.plan };
    return { fake, reads, root: new RootStore(reads, { storage: null }) };
  }

  it('reads what a page shows, and the type system has no write to offer', async () => {
    const { root, reads, fake } = serverStore();
    await Promise.all([root.market.loadProducts(), root.game.loadDate(), root.loadProductDetail('phone')]);
    expect(root.market.products.map((p) => p.name)).toEqual(['Bread', 'Phone']);
    expect(root.game.dateState).toBe('ready');
    expect(fake.calls.map((c) => c.method).sort()).toEqual(['game.getDate', 'products.getAll', 'products.getBySlug']);
    expect(Object.keys(reads).sort()).toEqual(['game', 'market', 'materials', 'plan', 'products']);
    // What the type checker proves (typecheck covers the tests): the reads have no write and no auth group.
    const writesOf = (gateway: PublicReadGateway) => [
      // @ts-expect-error the render server's products group has reads only
      gateway.products.add,
      // @ts-expect-error nor any auth group
      gateway.auth,
    ];
    expect(writesOf).toBeInstanceOf(Function);
  });

  it('is signed out without an auth group: never initialized (as the browser at hydration), no user, no watchlist or trade book read', async () => {
    const { root, fake } = serverStore();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.auth).toMatchObject({ initialized: false, user: null, isSignedIn: false, isAdmin: false });
    expect(root.watchlist.state).toBe('idle');
    await root.watchlist.toggle({ kind: 'product', ref: phone.id, slug: 'phone', name: 'Phone' });
    await root.tradeBook.load();
    expect(root.tradeBook.state).toBe('idle');
    await expect(root.auth.login('a@example.test', 'secret')).rejects.toThrow();
    expect(await root.auth.logout()).toBe(false);
    await expect(root.admin.addProduct({ slug: 'x' })).rejects.toThrow('not available on a page rendered on the server');
    expect(fake.calls).toEqual([]);
    root.dispose();
  });
});

describe("the trade book's prices are its items' records", () => {
  const PLAYER = { uid: 'p1', email: 'p@example.com', displayName: 'P' };
  const trades = [
    { id: 'a', kind: 'material' as const, item: 'Iron Ore', side: 'buy' as const, quantity: 10, unitPrice: 1, at: 1 },
    { id: 'b', kind: 'product' as const, item: 'Bread', side: 'buy' as const, quantity: 2, unitPrice: 1, at: 2 },
  ];

  /** A signed-in player's book with its prices loaded, watched as the trade book page watches them. */
  async function watchedBook() {
    const { root, gateway } = setup({ signedInUser: PLAYER, users: [{ ...PLAYER, isAdmin: false }], tradeBooks: { p1: trades } });
    await when(() => root.auth.user !== null, { timeout: 1_000 });
    await root.tradeBook.load();
    await root.tradeBook.loadPrices();
    const seen: Array<[number | null, number | null]> = [];
    const stop = autorun(() => seen.push([root.tradeBook.priceOf('material', 'Iron Ore'), root.tradeBook.priceOf('product', 'Bread')]));
    return { root, gateway, seen, stop };
  }

  it('a market update revalues them while they are watched, with no call from the page', async () => {
    const { root, gateway, seen, stop } = await watchedBook();
    expect(seen.at(-1)).toEqual([2, bread.average_market_price]);
    gateway.data.materials = [{ ...ironOre, value: 3 }];
    gateway.data.products = [phone, { ...bread, average_market_price: 7.5 }];
    await root.followMarketUpdate({ totalHeadquarters: 12, totalMarketValue: 3.5e9, totalPlayers: 40, lastUpdated: new Date() });
    expect(seen.at(-1)).toEqual([3, 7.5]);
    stop();
  });

  it('loading them again after that update reads nothing (the page asks only when an item joins the book)', async () => {
    const { root, gateway, stop } = await watchedBook();
    await root.followMarketUpdate({ totalHeadquarters: 12, totalMarketValue: 3.5e9, totalPlayers: 40, lastUpdated: new Date() });
    const reads = gateway.calls.length;
    await root.tradeBook.loadPrices();
    expect(gateway.calls.slice(reads).map((c) => c.method)).toEqual([]);
    stop();
  });

  it('an item the catalogue does not have has no price', async () => {
    const { root } = setup({ signedInUser: PLAYER, users: [{ ...PLAYER, isAdmin: false }], tradeBooks: { p1: [{ ...trades[0], item: 'Unobtainium' }] } });
    await when(() => root.auth.user !== null, { timeout: 1_000 });
    await root.tradeBook.load();
    await root.tradeBook.loadPrices();
    expect(root.tradeBook.priceOf('material', 'Unobtainium')).toBeNull();
  });
});
