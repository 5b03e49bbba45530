import { fakeProduct } from './fake-fixtures';
import { MemoryStorage } from './memory-storage';
import { SESSION_CACHE_KEYS, SessionCache } from './session-cache';

it.each([
  ['products', 'app.products.cache'],
  ['materials', 'app.materials.cache'],
  ['marketStats', 'app.marketStats.cache'],
  ['talents', 'app.talents.cache'],
] as const)('the %s cache uses the key %s', (slot, key) => {
  expect(new SessionCache(new MemoryStorage())[slot].key).toBe(key);
});

it('keys sector caches by the encoded category name', () => {
  expect(SESSION_CACHE_KEYS.productCategory('Food & Drinks')).toBe('app.products.category.Food%20%26%20Drinks.cache');
});

it('stores entries with a schema version and expires them after 30 minutes', () => {
  let now = 1_000_000;
  const storage = new MemoryStorage();
  const cache = new SessionCache(storage, { now: () => now });
  cache.talents.write([{ name: 'Chemist', type: 'science' }]);
  expect(JSON.parse(storage.getItem('app.talents.cache')!)).toEqual({
    schema: 1,
    savedAt: 1_000_000,
    data: [{ name: 'Chemist', type: 'science' }],
  });
  now += 30 * 60 * 1000;
  expect(cache.talents.read()).toEqual([{ name: 'Chemist', type: 'science' }]);
  now += 1;
  expect(cache.talents.read()).toBeUndefined();
  expect(storage.getItem('app.talents.cache')).toBeNull();
});

it('clears every sector entry, also of sectors this page never loaded', () => {
  const storage = new MemoryStorage();
  const cache = new SessionCache(storage);
  cache.productCategory('food').write([fakeProduct({ name: 'Bread', category: 'food' })]);
  cache.productCategory('tech').write([]);
  cache.materials.write([]);
  cache.clearProductCategories();
  expect([...Array(storage.length).keys()].map((i) => storage.key(i))).toEqual(['app.materials.cache']);
});

it('a full storage is tolerated: the write is dropped and the old entry removed', () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  const storage = new MemoryStorage();
  const cache = new SessionCache(storage);
  cache.talents.write([{ name: 'Old', type: 'x' }]);
  storage.setItem = () => {
    throw new DOMException('full', 'QuotaExceededError');
  };
  expect(() => cache.talents.write([{ name: 'New', type: 'x' }])).not.toThrow();
  expect(cache.talents.read()).toBeUndefined();
});
