import { reaction } from 'mobx';
import { createFakeGateway, type FakeGatewaySeed, type GatewayMethod } from '../data/fake-gateway';
import { fakeMaterial, fakeProduct, fakeStatRow } from '../data/fake-fixtures';
import { MemoryStorage } from '../data/memory-storage';
import { SessionCache } from '../data/session-cache';
import { MarketStore } from './market-store';
import type { LoadState } from './contract';
import { materialsTotals } from '@sbc/domain';

const iron = fakeMaterial({ name: 'Iron', value: 2, amount: 10 });
const wood = fakeMaterial({ name: 'Wood', value: 1, amount: 50 });
const phone = fakeProduct({ name: 'Phone', category: 'electronics' });
const laptop = fakeProduct({ name: 'Laptop', category: 'electronics' });
const bread = fakeProduct({ name: 'Bread', category: 'food' });
const statRows = [
  fakeStatRow({ name: 'Bread', type: 'product', category: 'food', total: 100, count: 10 }),
  fakeStatRow({ name: 'Phone', type: 'product', category: 'electronics', total: 900, count: 3 }),
  fakeStatRow({ name: 'Iron', type: 'material', category: 'industry', total: 20, count: 10 }),
  fakeStatRow({ name: 'Ghost', type: 'product', category: 'uncategorized', total: 5000, count: 1 }),
];

function setup(seed: FakeGatewaySeed = {}, storage: Storage | null = new MemoryStorage()) {
  const gateway = createFakeGateway({ materials: [iron, wood], products: [phone, laptop, bread], statRows, ...seed });
  const store = new MarketStore(gateway, new SessionCache(storage));
  return { gateway, store, storage };
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('loading with the session cache', () => {
  it('loads from the gateway, then a new page in the same session reads the cache without a call', async () => {
    const first = setup();
    expect(first.store.materialsState).toBe('idle');
    await first.store.loadMaterials();
    expect(first.store.materials.map((m) => m.name)).toEqual(['Iron', 'Wood']);
    expect(first.store.materialsState).toBe('ready');

    const second = setup({}, first.storage);
    await second.store.loadMaterials();
    expect(second.store.materials).toEqual(first.store.materials);
    expect(second.gateway.callCount('materials.getAll')).toBe(0);
  });

  it('keeps dates of cached products as Dates', async () => {
    const created = new Date('2024-05-01T10:00:00.000Z');
    const first = setup({ products: [{ ...phone, createdAt: created }] });
    await first.store.loadProducts();
    const second = setup({}, first.storage);
    await second.store.loadProducts();
    expect(second.store.products[0].createdAt).toEqual(created);
  });

  it.each([
    ['not JSON', '{{{'],
    ['an old schema', JSON.stringify({ schema: 0, savedAt: Date.now(), data: [] })],
    ['no schema (old shape: a bare list)', JSON.stringify([{ name: 'Old', value: 1, amount: 1 }])],
    ['data that is not a list', JSON.stringify({ schema: 1, savedAt: Date.now(), data: { name: 'x' } })],
    ['an item of the wrong shape', JSON.stringify({ schema: 1, savedAt: Date.now(), data: [{ name: 7 }] })],
    ['an expired entry', JSON.stringify({ schema: 1, savedAt: Date.now() - 31 * 60 * 1000, data: [] })],
  ])('ignores and removes a cache entry with %s, then loads from the gateway', async (_label, text) => {
    const storage = new MemoryStorage();
    storage.setItem('app.materials.cache', text);
    const { store, gateway } = setup({}, storage);
    await store.loadMaterials();
    expect(gateway.callCount('materials.getAll')).toBe(1);
    expect(store.materials.map((m) => m.name)).toEqual(['Iron', 'Wood']);
    expect(JSON.parse(storage.getItem('app.materials.cache')!).data).toHaveLength(2);
  });

  it('falls back to the cached list when a forced reload fails', async () => {
    const { store, gateway } = setup();
    await store.loadMaterials();
    gateway.fail('materials.getAll', new Error('offline'));
    gateway.data.materials = [];
    await store.loadMaterials({ force: true });
    expect(store.materials.map((m) => m.name)).toEqual(['Iron', 'Wood']);
    expect(store.materialsState).toBe('ready');
    expect(console.error).toHaveBeenCalledWith('Failed to load materials', expect.any(Error));
  });

  it('leaves an empty list in state error when the load fails with nothing cached', async () => {
    const { store } = setup({ failing: { 'materials.getAll': new Error('offline') } });
    await store.loadMaterials();
    expect(store.materials).toEqual([]);
    expect(store.materialsState).toBe('error');
  });

  it.each([
    ['no storage at all', null],
    [
      'a storage that throws on every access',
      Object.assign(new MemoryStorage(), {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
        removeItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ],
  ])('works with %s', async (_label, storage) => {
    const { store } = setup({}, storage as Storage | null);
    await store.loadMaterials();
    expect(store.materials.map((m) => m.name)).toEqual(['Iron', 'Wood']);
    expect(store.materialsState).toBe('ready');
  });

  it('shares one request between concurrent loads', async () => {
    const { store, gateway } = setup();
    await Promise.all([store.loadProducts(), store.loadProducts()]);
    expect(gateway.callCount('products.getAll')).toBe(1);
  });
});

/** Every list the market store caches: its session key, the gateway read behind it, and what a page sees. */
interface CachedList {
  key: string;
  method: GatewayMethod;
  /** The name in the failure log ('Failed to load …'). */
  logged: string;
  load: (store: MarketStore, options?: { force?: boolean }) => Promise<void>;
  view: (store: MarketStore) => { names: string[]; state: LoadState };
  expected: string[];
}
const rake = fakeProduct({ name: 'Rake', category: 'home & garden' });
const sector = (category: string, expected: string[]): CachedList => ({
  key: `app.products.category.${encodeURIComponent(category)}.cache`,
  method: 'products.getByCategory',
  logged: `products of ${category}`,
  load: (store, options) => store.loadCategory(category, options),
  view: (store) => ({ names: store.productsOfCategory(category).map((p) => p.name), state: store.categoryState(category) }),
  expected,
});
const cachedLists: Array<[string, CachedList]> = [
  [
    'materials',
    {
      key: 'app.materials.cache',
      method: 'materials.getAll',
      logged: 'materials',
      load: (store, options) => store.loadMaterials(options),
      view: (store) => ({ names: store.materials.map((m) => m.name), state: store.materialsState }),
      expected: ['Iron', 'Wood'],
    },
  ],
  [
    'products',
    {
      key: 'app.products.cache',
      method: 'products.getAll',
      logged: 'products',
      load: (store, options) => store.loadProducts(options),
      view: (store) => ({ names: store.products.map((p) => p.name), state: store.productsState }),
      expected: ['Bread', 'Laptop', 'Phone', 'Rake'],
    },
  ],
  [
    'market statistics',
    {
      key: 'app.marketStats.cache',
      method: 'market.getStats',
      logged: 'market statistics',
      load: (store, options) => store.loadMarketStats(options),
      view: (store) => ({ names: store.statRows.map((r) => r.name), state: store.statsState }),
      expected: ['Phone', 'Bread', 'Iron'],
    },
  ],
  ['a sector', sector('electronics', ['Laptop', 'Phone'])],
  ['a sector whose name needs encoding', sector('home & garden', ['Rake'])],
];
const corruptEntries = [
  ['not JSON', '{{{'],
  ['an old schema', JSON.stringify({ schema: 0, savedAt: Date.now(), data: [] })],
  ['an item of the wrong shape', JSON.stringify({ schema: 1, savedAt: Date.now(), data: [{ name: 7 }] })],
];
const allProducts = { products: [phone, laptop, bread, rake] };

describe.each(cachedLists)('%s: session cache and failed reads', (_label, list) => {
  it.each(corruptEntries)(`ignores and replaces a ${list.key} entry with %s: the gateway is read, state ready`, async (_entry, text) => {
    const storage = new MemoryStorage();
    storage.setItem(list.key, text);
    const { store, gateway } = setup(allProducts, storage);
    await list.load(store);
    expect(gateway.callCount(list.method)).toBe(1);
    expect(list.view(store)).toEqual({ names: list.expected, state: 'ready' });
    expect(JSON.parse(storage.getItem(list.key)!).data).toHaveLength(list.expected.length);
  });

  it('a failed read with nothing cached is logged and leaves an empty list in state error', async () => {
    const { store } = setup({ ...allProducts, failing: { [list.method]: new Error('offline') } });
    await list.load(store);
    expect(list.view(store)).toEqual({ names: [], state: 'error' });
    expect(console.error).toHaveBeenCalledWith(`Failed to load ${list.logged}`, expect.any(Error));
  });

  it('a failed read with only a corrupt entry is an error too: the corrupt entry is dropped, not shown', async () => {
    const storage = new MemoryStorage();
    storage.setItem(list.key, '{{{');
    const { store } = setup({ ...allProducts, failing: { [list.method]: new Error('offline') } }, storage);
    await list.load(store);
    expect(list.view(store)).toEqual({ names: [], state: 'error' });
    expect(storage.getItem(list.key)).toBeNull();
  });

  it('a failed forced read (refresh) falls back to the entry another page of the session cached', async () => {
    const first = setup(allProducts);
    await list.load(first.store);
    const second = setup({ failing: { [list.method]: new Error('offline') } }, first.storage);
    await list.load(second.store, { force: true });
    expect(second.gateway.callCount(list.method)).toBe(1);
    expect(list.view(second.store)).toEqual({ names: list.expected, state: 'ready' });
  });
});

describe('products', () => {
  it('sorts the whole list by name', async () => {
    const { store } = setup();
    await store.loadProducts();
    expect(store.products.map((p) => p.name)).toEqual(['Bread', 'Laptop', 'Phone']);
  });

  it('loads one sector by querying only that sector and caches it under its own key', async () => {
    const { store, gateway, storage } = setup();
    expect(store.categoryState('electronics')).toBe('idle');
    await store.loadCategory('electronics');
    expect(store.productsOfCategory('electronics').map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(store.categoryState('electronics')).toBe('ready');
    expect(gateway.callCount('products.getAll')).toBe(0);
    expect(gateway.calls.filter((c) => c.method === 'products.getByCategory').map((c) => c.args)).toEqual([['electronics']]);
    expect(storage!.getItem('app.products.category.electronics.cache')).not.toBeNull();

    const next = setup({}, storage);
    await next.store.loadCategory('electronics');
    expect(next.gateway.callCount('products.getByCategory')).toBe(0);
    expect(next.store.productsOfCategory('electronics')).toHaveLength(2);
  });

  it('takes a sector from the whole list when that is already loaded', async () => {
    const { store, gateway } = setup();
    await store.loadProducts();
    await store.loadCategory('food');
    expect(store.productsOfCategory('food').map((p) => p.name)).toEqual(['Bread']);
    expect(gateway.callCount('products.getByCategory')).toBe(0);
  });

  it('a failed sector load leaves an empty sector in state error', async () => {
    const { store } = setup({ failing: { 'products.getByCategory': new Error('denied') } });
    await store.loadCategory('food');
    expect(store.productsOfCategory('food')).toEqual([]);
    expect(store.categoryState('food')).toBe('error');
  });
});

describe('market statistics and categories', () => {
  it('drops uncategorized rows, sorts by total and derives the groups and the sorted category list', async () => {
    const { store } = setup();
    await store.loadMarketStats();
    expect(store.statRows.map((r) => r.name)).toEqual(['Phone', 'Bread', 'Iron']);
    expect(store.categoryGroups.map((g) => g.category)).toEqual(['electronics', 'food', 'industry']);
    expect(store.categories).toEqual(['electronics', 'food', 'industry']);
    expect(store.categoryGroups[0]).toMatchObject({ totalValue: 900, totalCount: 3, avgPrice: 300, productCount: 1 });
  });
});

describe('category selection', () => {
  it("auto-selects the first group once and loads its sector's first page; Clear is not undone by a later auto-select", async () => {
    const { store, gateway } = setup();
    store.autoSelectFirstCategory();
    expect(store.selectedCategory).toBeNull(); // no groups yet: nothing to select, and the one time is not used up
    await store.loadMarketStats();
    store.autoSelectFirstCategory();
    expect(store.selectedCategory).toBe('electronics');
    await Promise.resolve();
    expect(gateway.calls.some((c) => c.method === 'products.getFirstPageOfCategory' && c.args[0] === 'electronics')).toBe(true);
    store.selectCategory(null);
    store.autoSelectFirstCategory();
    expect(store.selectedCategory).toBeNull();
  });

  it('does not auto-select over a user choice', async () => {
    const { store } = setup();
    await store.loadMarketStats();
    store.selectCategory('food');
    store.autoSelectFirstCategory();
    expect(store.selectedCategory).toBe('food');
  });
});

describe("a sector's first page (issue 36)", () => {
  const many = Array.from({ length: 60 }, (_, i) => fakeProduct({ name: `Item ${String(i).padStart(2, '0')}`, category: 'food' }));

  it('reads the first 20 products by name and the count, and shows them until the whole sector is read', async () => {
    const { store, gateway } = setup({ products: many });
    await store.loadCategoryFirstPage('food');
    expect(gateway.calls.map((c) => c.method)).toEqual(['products.getFirstPageOfCategory', 'products.countInCategory']);
    const first = store.sectorRows('food');
    expect(first).toMatchObject({ total: 60, complete: false, state: 'ready', wholeState: 'idle' });
    expect(first.products.map((p) => p.name)).toHaveLength(20);
    expect(first.products.map((p) => p.name).slice(-1)).toEqual(['Item 19']);
    // The detail page of a product on the page needs no read.
    await store.loadProductDetail(first.products[3].slug);
    expect(gateway.callCount('products.getBySlug')).toBe(0);

    await store.loadCategory('food');
    expect(store.sectorRows('food')).toMatchObject({ total: 60, complete: true, state: 'ready' });
    expect(store.sectorRows('food').products).toHaveLength(60);
    // Loaded again: the whole sector is known, no read.
    await store.loadCategoryFirstPage('food');
    expect(gateway.callCount('products.getFirstPageOfCategory')).toBe(1);
  });

  it('takes the whole sector from the session cache or the whole product list instead, at no read', async () => {
    const earlier = setup({ products: many });
    await earlier.store.loadCategory('food');
    const { store, gateway } = setup({ products: many }, earlier.storage);
    await store.loadCategoryFirstPage('food');
    expect(store.sectorRows('food')).toMatchObject({ total: 60, complete: true });
    expect(gateway.calls).toEqual([]);

    const listed = setup({ products: many }, null);
    await listed.store.loadProducts();
    await listed.store.loadCategoryFirstPage('food');
    expect(listed.store.sectorRows('food')).toMatchObject({ total: 60, complete: true });
    expect(listed.gateway.calls.map((c) => c.method)).toEqual(['products.getAll']);
  });

  it('forced (the replay of a server render), it reads the first page past the caches', async () => {
    const earlier = setup({ products: many });
    await earlier.store.loadCategory('food');
    const { store, gateway } = setup({ products: many }, earlier.storage);
    await store.loadCategoryFirstPage('food', { force: true });
    expect(store.sectorRows('food')).toMatchObject({ total: 60, complete: false });
    // Selecting it afterwards (the page's own effect) keeps what the render showed.
    store.selectCategory('food');
    expect(store.sectorRows('food').complete).toBe(false);
    expect(gateway.callCount('products.getFirstPageOfCategory')).toBe(1);
  });

  it('a failed read of the whole sector keeps the first page shown, with the whole state in error', async () => {
    const { store, gateway } = setup({ products: many }, null);
    await store.loadCategoryFirstPage('food');
    gateway.fail('products.getByCategory', new Error('offline'));
    await store.loadCategory('food');
    expect(store.sectorRows('food')).toMatchObject({ total: 60, complete: false, state: 'ready', wholeState: 'error' });
    expect(store.sectorRows('food').products).toHaveLength(20);
  });

  it('a market update reads the first page on screen again, and forgets one that is not', async () => {
    const { store, gateway } = setup({ products: many }, null);
    await store.loadCategoryFirstPage('food');
    await store.loadCategoryFirstPage('electronics');
    // A rendered panel reads the sector's rows: the page is on screen.
    const stop = reaction(
      () => store.sectorRows('food').products.length,
      () => {},
    );
    try {
      await store.followMarketUpdate();
      expect(gateway.calls.filter((c) => c.method === 'products.getFirstPageOfCategory').map((c) => c.args[0])).toEqual(['food', 'electronics', 'food']);
      expect(store.sectorRows('food')).toMatchObject({ total: 60, complete: false, state: 'ready' });
      expect(store.sectorRows('electronics').state).toBe('idle');
    } finally {
      stop();
    }
  });
});

describe("a detail page's record, one observable home (issue 36)", () => {
  it('keeps what loadProductDetail read as productRecord; a shown record is read again by a market update, a failed read keeps it', async () => {
    const { store, gateway } = setup({}, null);
    expect(store.productRecord('phone')).toEqual({ state: 'loading', product: null });
    await store.loadProductDetail(phone.slug);
    expect(store.productRecord(phone.slug)).toMatchObject({ state: 'ready', product: { name: 'Phone' } });
    await store.loadProductDetail('nothing');
    expect(store.productRecord('nothing')).toEqual({ state: 'notFound', product: null });

    const stop = reaction(
      () => store.productRecord(phone.slug).product,
      () => {},
    );
    try {
      gateway.data.products = [{ ...phone, average_market_price: 99 }, laptop, bread];
      await store.followMarketUpdate();
      expect(store.productRecord(phone.slug).product?.average_market_price).toBe(99);
      // Not on screen: forgotten, read again when a page next asks.
      expect(store.productRecord('nothing').state).toBe('loading');
      gateway.fail('products.getBySlug', new Error('offline'));
      await store.followMarketUpdate();
      expect(store.productRecord(phone.slug)).toMatchObject({ state: 'ready', product: { average_market_price: 99 } });
    } finally {
      stop();
    }
  });

  it('a late answer of an older read does not replace a newer one', async () => {
    const { store, gateway } = setup({}, null);
    const releaseOlder = gateway.hold('materials.getByName');
    const older = store.loadMaterialDetail('Iron', { fresh: true });
    const releaseNewer = gateway.hold('materials.getByName');
    const newer = store.loadMaterialDetail('Iron', { fresh: true });
    gateway.data.materials = [{ ...iron, value: 7 }, wood];
    releaseNewer();
    await newer;
    gateway.data.materials = [{ ...iron, value: 3 }, wood];
    releaseOlder();
    expect((await older).material?.value).toBe(3);
    expect(store.materialRecord('Iron').material?.value).toBe(7);
  });
});

describe('refresh', () => {
  it('is ignored while one runs, and shows the refreshing flag meanwhile', async () => {
    const { store, gateway } = setup();
    const release = gateway.hold('materials.getAll');
    const first = store.refresh();
    expect(store.refreshing).toBe(true);
    await store.refresh();
    release();
    await first;
    expect(store.refreshing).toBe(false);
    expect(gateway.callCount('materials.getAll')).toBe(1);
    expect(gateway.callCount('market.getStats')).toBe(1);
  });

  it('reloads materials, stats and the selected sector, bypassing the cache', async () => {
    const { store, gateway } = setup();
    await store.loadMaterials();
    await store.loadMarketStats();
    store.selectCategory('food');
    await store.loadCategory('food');
    gateway.data.materials = [iron];
    gateway.data.products = [bread, fakeProduct({ name: 'Cake', category: 'food' })];
    await store.refresh();
    expect(store.materials.map((m) => m.name)).toEqual(['Iron']);
    expect(store.productsOfCategory('food').map((p) => p.name)).toEqual(['Bread', 'Cake']);
    expect(gateway.callCount('products.getAll')).toBe(0);
  });

  it('tolerates individual failures: the others still update', async () => {
    const { store, gateway } = setup({ failing: { 'materials.getAll': new Error('offline') } });
    gateway.data.statRows = [fakeStatRow({ name: 'Tea', type: 'product', category: 'drinks', total: 1 })];
    await expect(store.refresh()).resolves.toBeUndefined();
    expect(store.materialsState).toBe('error');
    expect(store.categories).toEqual(['drinks']);
    expect(store.refreshing).toBe(false);
  });
});

describe("the materials ledger's first view (issue 36)", () => {
  const many = Array.from({ length: 60 }, (_, i) => fakeMaterial({ name: `Mat ${String(i).padStart(2, '0')}`, value: i + 1, amount: 2 * i }));

  it('reads the first 20 materials, the count and the totals of the whole ledger, until the whole ledger is read', async () => {
    const { store, gateway } = setup({ materials: many }, null);
    await store.loadMaterialsFirstPage();
    expect(gateway.calls.map((c) => c.method)).toEqual(['materials.getFirstView']);
    const first = store.ledgerRows();
    expect(first).toMatchObject({ total: 60, complete: false, state: 'ready', wholeState: 'idle' });
    expect(first.materials).toHaveLength(20);
    expect(first.materials.map((m) => m.name).slice(-1)).toEqual(['Mat 19']);
    expect(first.totals).toEqual(materialsTotals(many));
    expect(store.materialsState).toBe('idle');

    await store.loadMaterials();
    const whole = store.ledgerRows();
    expect(whole).toMatchObject({ total: 60, complete: true, state: 'ready', wholeState: 'ready' });
    expect(whole.materials).toHaveLength(60);
    expect(whole.totals).toEqual(first.totals);
    // Loaded again: the whole ledger is known, no read.
    await store.loadMaterialsFirstPage();
    expect(gateway.callCount('materials.getFirstView')).toBe(1);
  });

  it('a ledger no longer than its first view is whole at once (the demo): no read on a sort', async () => {
    const { store } = setup({}, null);
    await store.loadMaterialsFirstPage();
    expect(store.ledgerRows()).toMatchObject({ total: 2, complete: true, state: 'ready' });
    expect(store.ledgerRows().totals).toEqual(materialsTotals([iron, wood]));
  });

  it('takes the whole ledger from the session cache instead, at no read; forced, it reads the first view past it', async () => {
    const earlier = setup({ materials: many });
    await earlier.store.loadMaterials();
    const cached = setup({ materials: many }, earlier.storage);
    await cached.store.loadMaterialsFirstPage();
    expect(cached.store.ledgerRows()).toMatchObject({ total: 60, complete: true });
    expect(cached.gateway.calls).toEqual([]);

    const replay = setup({ materials: many }, earlier.storage);
    await replay.store.loadMaterialsFirstPage({ force: true });
    expect(replay.store.ledgerRows()).toMatchObject({ total: 60, complete: false });
    expect(replay.gateway.calls.map((c) => c.method)).toEqual(['materials.getFirstView']);
  });

  it('a failed read of the whole ledger keeps the first view shown, with the whole state in error', async () => {
    const { store, gateway } = setup({ materials: many }, null);
    await store.loadMaterialsFirstPage();
    gateway.fail('materials.getAll', new Error('offline'));
    await store.loadMaterials();
    expect(store.ledgerRows()).toMatchObject({ total: 60, complete: false, state: 'ready', wholeState: 'error' });
    expect(store.ledgerRows().materials).toHaveLength(20);
  });

  it('a market update and a refresh read the first view on screen again, not the whole ledger', async () => {
    const { store, gateway } = setup({ materials: many }, null);
    await store.loadMaterialsFirstPage();
    const stop = reaction(
      () => store.ledgerRows().materials.length,
      () => {},
    );
    try {
      await store.followMarketUpdate();
      await store.refresh();
      expect(gateway.callCount('materials.getFirstView')).toBe(3);
      expect(gateway.callCount('materials.getAll')).toBe(0);
      expect(store.ledgerRows()).toMatchObject({ total: 60, complete: false, state: 'ready' });
    } finally {
      stop();
    }
  });
});

describe('"Used in" materials by name (issue 36)', () => {
  const copper = fakeMaterial({ name: 'Copper', value: 5, amount: 1 });
  const radio = fakeProduct({ name: 'Radio', category: 'electronics', requested_materials: { Iron: 2, Copper: 1 } });
  const fence = fakeProduct({ name: 'Fence', category: 'industry', requested_materials: { Iron: 1, Wood: 4 } });
  const stool = fakeProduct({ name: 'Stool', category: 'industry', requested_materials: { Wood: 3 } });

  it('reads the products using the material, then only the materials their recipes name', async () => {
    const { store, gateway } = setup({ materials: [iron, wood, copper, fakeMaterial({ name: 'Gold' })], products: [radio, fence, stool] }, null);
    await store.loadUsedInMaterials('Iron');
    expect(gateway.calls.map((c) => c.method)).toEqual(['products.getUsingMaterial', 'materials.getByNames']);
    expect([...(gateway.calls[1].args[0] as string[])].sort()).toEqual(['Copper', 'Iron', 'Wood']);
    expect(store.usedInMaterials('Iron').map((m) => m.name).sort()).toEqual(['Copper', 'Iron', 'Wood']);
    expect(store.productsUsing('Iron').map((p) => p.name)).toEqual(['Fence', 'Radio']);
    expect(gateway.callCount('materials.getAll')).toBe(0);
    // Again: nothing read.
    await store.loadUsedInMaterials('Iron');
    expect(gateway.calls).toHaveLength(2);
  });

  it('takes the whole ledger when it is loaded, and reads nothing more', async () => {
    const { store, gateway } = setup({ materials: [iron, wood, copper], products: [radio, fence] }, null);
    await store.loadMaterials();
    await store.loadUsedInMaterials('Iron');
    expect(gateway.callCount('materials.getByNames')).toBe(0);
    expect(store.usedInMaterials('Iron')).toEqual(store.materials);
  });

  it('a header refresh on a material page reads its "Used in" products and materials again, not the whole ledger', async () => {
    const { store, gateway } = setup({ materials: [iron, wood, copper], products: [radio, fence] }, null);
    await store.loadUsedInMaterials('Iron');
    const stop = reaction(
      () => [store.productsUsing('Iron').length, store.usedInMaterials('Iron').length],
      () => {},
    );
    try {
      gateway.data.materials = [{ ...iron, value: 9 }, wood, copper];
      await store.refresh();
      expect(gateway.callCount('materials.getAll')).toBe(0);
      expect(gateway.callCount('materials.getByNames')).toBe(2);
      expect(store.usedInMaterials('Iron').find((m) => m.name === 'Iron')?.value).toBe(9);
    } finally {
      stop();
    }
  });

  it('a material no product uses reads no material', async () => {
    const { store, gateway } = setup({ products: [stool] }, null);
    await store.loadUsedInMaterials('Iron');
    expect(gateway.callCount('materials.getByNames')).toBe(0);
    expect(store.usedInMaterials('Iron')).toEqual([]);
  });
});

describe('"Used in" first view (issue 36)', () => {
  // 60 products need Iron (2 a unit); Part i sells at 10 + i, so its margin grows with i: the best are the last names.
  const copper = fakeMaterial({ name: 'Copper', value: 5, amount: 1 });
  const gold = fakeMaterial({ name: 'Gold', value: 100, amount: 1 });
  const parts = Array.from({ length: 60 }, (_, i) =>
    fakeProduct({
      name: `Part ${String(i).padStart(2, '0')}`,
      category: 'industry',
      average_market_price: 10 + i,
      requested_materials: i < 50 ? { Iron: 2, Gold: 1 } : { Iron: 2, Copper: 1 },
    }),
  );
  const seed = { materials: [iron, wood, copper, gold], products: parts };

  it('reads the first 20 by margin, the count and only the materials those rows name, until the whole list is read', async () => {
    const { store, gateway } = setup(seed, null);
    await store.loadUsedInFirstView('Iron');
    const first = store.usedInList('Iron');
    expect(first).toMatchObject({ total: 60, complete: false, state: 'ready', wholeState: 'idle' });
    // Parts 50–59 (Copper, 5) have the best margins, then 49 down to 40 (Gold, 100): their rows name Iron, Copper and Gold.
    expect(first.products.map((p) => p.name)).toEqual([...parts.slice(50).reverse(), ...parts.slice(40, 50).reverse()].map((p) => p.name));
    expect(first.materials.map((m) => m.name)).toEqual(['Iron', 'Copper', 'Gold']);
    expect(gateway.calls.map((c) => c.method)).toEqual(['products.getUsingMaterialFirstView']);
    // Known: nothing read again; then the whole list takes over.
    await store.loadUsedInFirstView('Iron');
    await store.loadUsedInMaterials('Iron');
    expect(store.usedInList('Iron')).toMatchObject({ total: 60, complete: true, state: 'ready', wholeState: 'ready' });
    expect(store.usedInList('Iron').products).toHaveLength(60);
    await store.loadUsedInFirstView('Iron');
    expect(gateway.callCount('products.getUsingMaterialFirstView')).toBe(1);
  });

  it('a list no longer than its first view is whole at once: nothing more to read', async () => {
    const { store } = setup({ ...seed, products: parts.slice(0, 3) }, null);
    await store.loadUsedInFirstView('Iron');
    expect(store.usedInList('Iron')).toMatchObject({ total: 3, complete: true, state: 'ready' });
  });

  it('the whole list stays in "loading" until its materials are read too, then is shown', async () => {
    const { store, gateway } = setup(seed, null);
    await store.loadUsedInFirstView('Iron');
    const release = gateway.hold('materials.getByNames');
    const whole = store.loadUsedInMaterials('Iron');
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.usedInList('Iron')).toMatchObject({ complete: false, wholeState: 'loading' });
    release();
    await whole;
    expect(store.usedInList('Iron')).toMatchObject({ complete: true, wholeState: 'ready' });
  });

  it('a failed read of the whole list keeps the first view shown, with the whole state in error', async () => {
    const { store, gateway } = setup(seed, null);
    await store.loadUsedInFirstView('Iron');
    gateway.fail('products.getUsingMaterial', new Error('offline'));
    await store.loadUsedInMaterials('Iron');
    expect(store.usedInList('Iron')).toMatchObject({ total: 60, complete: false, state: 'ready', wholeState: 'error' });
    expect(store.usedInList('Iron').products).toHaveLength(20);
  });

  it('without a first view (a page opened in the browser), it answers the whole list as far as it is read', async () => {
    const { store } = setup(seed, null);
    expect(store.usedInList('Iron')).toMatchObject({ products: [], complete: true, state: 'idle' });
    await store.loadUsedInMaterials('Iron');
    expect(store.usedInList('Iron')).toMatchObject({ total: 60, complete: true, state: 'ready', wholeState: 'ready' });
  });

  it('a market update and a header refresh read the first view on screen again, neither the whole list nor the ledger', async () => {
    const { store, gateway } = setup(seed, null);
    await store.loadUsedInFirstView('Iron');
    const stop = reaction(
      () => store.usedInList('Iron').products.length,
      () => {},
    );
    try {
      await store.followMarketUpdate();
      await store.refresh();
      expect(gateway.callCount('products.getUsingMaterialFirstView')).toBe(3);
      expect(gateway.callCount('products.getUsingMaterial')).toBe(0);
      expect(gateway.callCount('materials.getAll')).toBe(0);
      expect(store.usedInList('Iron')).toMatchObject({ total: 60, complete: false, state: 'ready' });
    } finally {
      stop();
    }
  });

  it('a market update forgets a first view that is not on screen', async () => {
    const { store, gateway } = setup(seed, null);
    await store.loadUsedInFirstView('Iron');
    await store.followMarketUpdate();
    expect(gateway.callCount('products.getUsingMaterialFirstView')).toBe(1);
    expect(store.usedInList('Iron')).toMatchObject({ products: [], state: 'idle' });
  });
});

describe("the planner's suggestions for a budget (issue 36)", () => {
  // 30 products: 1 SBC of production, sell at 2 + i, no materials, 1 game hour a unit (margin per unit 1 + i).
  const widgets = Array.from({ length: 30 }, (_, i) =>
    fakeProduct({ name: `Widget ${String(i).padStart(2, '0')}`, average_market_price: 2 + i, space_required: 0, production: { cost: 1, time: 60, request_index: 0, request_index_history: [] }, requested_materials: {} }),
  );
  const budget = { sbc: 10, slots: 10, hours: 3 };

  it('reads the first 20 rows and the count from the gateway, never the catalogue, and keeps them for the budget', async () => {
    const { store, gateway } = setup({ products: widgets }, null);
    expect(store.planSuggestions(budget)).toEqual({ rows: [], total: 0, state: 'idle' });
    await store.loadPlanSuggestions(budget);
    const view = store.planSuggestions(budget);
    expect([view.state, view.total, view.rows.length]).toEqual(['ready', 30, 20]);
    // 3 units each (the 3 hours run out first): Widget 29's margin 3 × 30 = 90 first.
    expect(view.rows[0]).toMatchObject({ name: 'Widget 29', quantity: 3, limitedBy: 'hours', margin: 90 });
    await store.loadPlanSuggestions({ ...budget });
    expect(gateway.calls.filter((c) => c.method === 'plan.getSuggestions').map((c) => c.args)).toEqual([[budget, 20]]);
    expect(gateway.callCount('products.getAll') + gateway.callCount('materials.getAll')).toBe(0);
    // Another budget is its own read; forced (the replay of a server render), the same budget is read again.
    await store.loadPlanSuggestions({ sbc: 10, slots: 10, hours: 1 });
    await store.loadPlanSuggestions(budget, { force: true });
    expect(gateway.callCount('plan.getSuggestions')).toBe(3);
  });

  it('a failed read leaves state error with no rows', async () => {
    const { store, gateway } = setup({ products: widgets }, null);
    gateway.fail('plan.getSuggestions', new Error('HTTP 503'));
    await store.loadPlanSuggestions(budget);
    expect(store.planSuggestions(budget)).toEqual({ rows: [], total: 0, state: 'error' });
  });

  it('a market update and a header refresh read the shown suggestions again, and forget those not shown', async () => {
    const { store, gateway } = setup({ products: widgets }, null);
    const other = { sbc: 10, slots: 10, hours: 1 };
    await store.loadPlanSuggestions(budget);
    await store.loadPlanSuggestions(other);
    const stop = reaction(
      () => store.planSuggestions(budget).rows.length,
      () => {},
    );
    try {
      await store.followMarketUpdate();
      await store.refreshProductsAndMaterials();
      expect(gateway.calls.filter((c) => c.method === 'plan.getSuggestions').map((c) => c.args[0])).toEqual([budget, other, budget, budget]);
      expect(store.planSuggestions(budget).state).toBe('ready');
      expect(store.planSuggestions(other).state).toBe('idle');
    } finally {
      stop();
    }
  });
});

describe('MarketStore profitability ranking (issue 36: first rows, then the whole compact ranking when asked)', () => {
  // 30 products, margin per unit = i + 1 (price 2 + i, cost 1), half in each of two sectors.
  const widgets = Array.from({ length: 30 }, (_, i) =>
    fakeProduct({ name: `Widget ${String(i).padStart(2, '0')}`, category: i % 2 === 0 ? 'even' : 'odd', talent_required: null, average_market_price: 2 + i, production: { cost: 1, time: 60, request_index: 0, request_index_history: [] }, requested_materials: {} }),
  );
  const asked = (gateway: ReturnType<typeof setup>['gateway']) => gateway.calls.filter((c) => c.method === 'plan.getProfitability').map((c) => c.args);

  it("reads a filter's first 20 rows and count with the choices, never the catalogue; the same filter is read once", async () => {
    const { store, gateway } = setup({ products: widgets, materials: [] }, null);
    expect(store.profitability({})).toMatchObject({ rows: [], total: 0, complete: false, state: 'idle', wholeState: 'idle', sectors: [] });
    await store.loadProfitability({ sector: '', talent: '' });
    const first = store.profitability({});
    expect([first.state, first.total, first.rows.length, first.complete, first.rows[0].name]).toEqual(['ready', 30, 20, false, 'Widget 29']);
    expect([first.sectors, first.talents]).toEqual([['even', 'odd'], ['None']]);
    await store.loadProfitability({});
    await store.loadProfitability({ sector: 'odd' });
    // The filter is asked with only its values set, in one order: a render's recorded call and its replay agree.
    expect(asked(gateway)).toEqual([[{}, 20], [{ sector: 'odd' }, 20]]);
    expect(store.profitability({ sector: 'odd' })).toMatchObject({ total: 15, complete: true, state: 'ready' });
    expect(gateway.callCount('products.getAll') + gateway.callCount('materials.getAll')).toBe(0);
  });

  it('the whole ranking, once read, answers every filter here, and the same array while nothing changed', async () => {
    const { store, gateway } = setup({ products: widgets, materials: [] }, null);
    await store.loadProfitability({}, { whole: true });
    const whole = store.profitability({});
    expect([whole.complete, whole.total, whole.rows.length, whole.wholeState]).toEqual([true, 30, 30, 'ready']);
    const odd = store.profitability({ sector: 'ODD' });
    expect(odd.rows.map((row) => row.name).slice(0, 2)).toEqual(['Widget 29', 'Widget 27']);
    expect(odd.total).toBe(15);
    expect(store.profitability({ sector: 'ODD' }).rows).toBe(odd.rows);
    await store.loadProfitability({ sector: 'even' });
    expect(asked(gateway)).toEqual([[{}, undefined]]);
  });

  it("a sort's first rows are read where the catalogue is; until they come, the rows shown last stay, in their order", async () => {
    const { store, gateway } = setup({ products: widgets, materials: [] }, null);
    const byName = { key: 'name', direction: 'asc' } as const;
    const byPrice = { key: 'price', direction: 'asc' } as const;
    await store.loadProfitability({ sector: 'odd' });
    const loading = store.loadProfitability({ sector: 'odd' }, { sort: byPrice });
    // The price sort is under way: the ranking's own first rows of the filter, said to be in its own order.
    expect(store.profitability({ sector: 'odd' }, byPrice)).toMatchObject({ state: 'loading', order: null, total: 15 });
    expect(store.profitability({ sector: 'odd' }, byPrice).rows[0].name).toBe('Widget 29');
    await loading;
    const cheapest = store.profitability({ sector: 'odd' }, byPrice);
    expect([cheapest.state, cheapest.order, cheapest.rows[0].name, cheapest.total]).toEqual(['ready', byPrice, 'Widget 01', 15]);
    // Then by name: the price-sorted rows, shown last, stay while the name sort is read.
    const naming = store.loadProfitability({ sector: 'odd' }, { sort: byName });
    expect(store.profitability({ sector: 'odd' }, byName)).toMatchObject({ state: 'loading', order: byPrice });
    await naming;
    expect(store.profitability({ sector: 'odd' }, byName).order).toEqual(byName);
    // Each order is read once, and without a sort the ranking is asked as before.
    await store.loadProfitability({ sector: 'odd' }, { sort: byPrice });
    expect(asked(gateway)).toEqual([[{ sector: 'odd' }, 20], [{ sector: 'odd' }, 20, byPrice], [{ sector: 'odd' }, 20, byName]]);
    // The whole ranking, once read, is every order's: in the ranking's own, the page sorts it.
    await store.loadProfitability({}, { whole: true });
    expect(store.profitability({ sector: 'odd' }, byName)).toMatchObject({ complete: true, order: null, total: 15 });
  });

  it('a failed read leaves state error; a failed whole read keeps the first rows', async () => {
    const { store, gateway } = setup({ products: widgets, materials: [] }, null);
    await store.loadProfitability({});
    gateway.fail('plan.getProfitability', new Error('HTTP 503'));
    await store.loadProfitability({}, { whole: true });
    expect(store.profitability({})).toMatchObject({ state: 'ready', wholeState: 'error', complete: false, total: 30 });
    await store.loadProfitability({ talent: 'None' });
    expect(store.profitability({ talent: 'None' })).toMatchObject({ rows: [], state: 'error' });
  });

  it('a market update reads the shown ranking again (the whole once read), and forgets the rest', async () => {
    const { store, gateway } = setup({ products: widgets, materials: [] }, null);
    await store.loadProfitability({});
    await store.loadProfitability({ sector: 'odd' });
    const stop = reaction(
      () => store.profitability({}).rows.length,
      () => {},
    );
    try {
      await store.followMarketUpdate();
      expect(asked(gateway)).toEqual([[{}, 20], [{ sector: 'odd' }, 20], [{}, 20]]);
      expect(store.profitability({ sector: 'odd' }).state).toBe('idle');
      await store.loadProfitability({}, { whole: true });
      await store.followMarketUpdate();
      await store.refreshProductsAndMaterials();
      expect(asked(gateway).slice(3)).toEqual([[{}, undefined], [{}, undefined], [{}, undefined]]);
    } finally {
      stop();
    }
  });
});
