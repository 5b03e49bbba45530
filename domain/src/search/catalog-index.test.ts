import {
  buildCatalogIndex,
  CATALOG_INDEX_SHARDS,
  catalogEntryFor,
  catalogShardIds,
  catalogShardOf,
  readCatalogShard,
  sameCatalogEntry,
  upsertCatalogEntry,
} from './catalog-index';

describe('catalog index entries', () => {
  test.each([
    ['a product', 'p', 'energy_solar', { name: 'Solar Panel', slug: 'solar-panel', category: 'energy', average_market_price: 10 }, { k: 'p', id: 'energy_solar', s: 'solar-panel', n: 'Solar Panel', c: 'energy' }],
    ['a product without slug or category', 'p', 'x_y', { name: 'Thing' }, { k: 'p', id: 'x_y', s: 'x_y', n: 'Thing', c: 'uncategorized' }],
    ['a material (its id is its name)', 'm', 'Copper', { value: 3, amount: 10 }, { k: 'm', id: 'Copper', s: 'Copper', n: 'Copper' }],
    ['a deleted document', 'p', 'gone', null, null],
    ['the bookkeeping document materials/list', 'm', 'list', { names: ['Copper'] }, null],
  ] as const)('%s', (_label, kind, id, raw, expected) => {
    expect(catalogEntryFor(kind, id, raw)).toEqual(expected);
  });

  test('a price change leaves the entry the same (the trigger skips its write)', () => {
    const before = catalogEntryFor('p', 'a', { name: 'A', slug: 'a', category: 'food', average_market_price: 1 });
    const after = catalogEntryFor('p', 'a', { name: 'A', slug: 'a', category: 'food', average_market_price: 2 });
    expect(sameCatalogEntry(before, after)).toBe(true);
    expect(sameCatalogEntry(before, catalogEntryFor('p', 'a', { name: 'A2', slug: 'a', category: 'food' }))).toBe(false);
    expect(sameCatalogEntry(before, null)).toBe(false);
    expect(sameCatalogEntry(null, null)).toBe(true);
  });
});

describe('shards', () => {
  test('ids are 0 … N-1 and every entry has one stable shard', () => {
    expect(catalogShardIds()).toEqual(['0', '1', '2', '3']);
    expect(catalogShardOf('p', 'energy_solar')).toBe(catalogShardOf('p', 'energy_solar'));
    const used = new Set(Array.from({ length: 200 }, (_, i) => catalogShardOf('p', `product_${i}`)));
    expect(used.size).toBe(CATALOG_INDEX_SHARDS);
  });

  test('upserts in any order give the same shard as a rebuild', () => {
    const products = Array.from({ length: 40 }, (_, i) => ({ id: `p_${i}`, data: { name: `P ${i}`, slug: `p-${i}`, category: 'c' } }));
    const materials = [{ id: 'Iron', data: {} }];
    const built = buildCatalogIndex(products, materials);
    const shard = catalogShardOf('p', 'p_7');
    let entries = [] as ReturnType<typeof upsertCatalogEntry>;
    for (const p of [...products].reverse()) {
      if (catalogShardOf('p', p.id) === shard) entries = upsertCatalogEntry(entries, 'p', p.id, catalogEntryFor('p', p.id, p.data));
    }
    if (catalogShardOf('m', 'Iron') === shard) entries = upsertCatalogEntry(entries, 'm', 'Iron', catalogEntryFor('m', 'Iron', {}));
    expect(entries).toEqual(built.get(shard));
    expect([...built.values()].flat()).toHaveLength(41);
  });

  test('an upsert replaces the entry and null removes it', () => {
    const one = upsertCatalogEntry([], 'p', 'a', { k: 'p', id: 'a', s: 'a', n: 'A' });
    expect(upsertCatalogEntry(one, 'p', 'a', { k: 'p', id: 'a', s: 'a', n: 'B' })).toEqual([{ k: 'p', id: 'a', s: 'a', n: 'B' }]);
    expect(upsertCatalogEntry(one, 'p', 'a', null)).toEqual([]);
  });

  test('a malformed shard document reads leniently', () => {
    expect(readCatalogShard(null)).toEqual([]);
    expect(readCatalogShard({ entries: 'x' })).toEqual([]);
    expect(readCatalogShard({ entries: [{ k: 'p', id: 'a', s: 'a', n: 'A', c: 'food' }, { k: 'z' }, 7, { k: 'm', id: 'B', s: 'B', n: 1 }] })).toEqual([
      { k: 'p', id: 'a', s: 'a', n: 'A', c: 'food' },
    ]);
  });

  test('5,000 products stay far below the 1 MiB document limit', () => {
    const products = Array.from({ length: 5000 }, (_, i) => ({
      id: `manufacturing_industrial_component_${i}`,
      data: { name: `Industrial Component Number ${i}`, slug: `industrial-component-number-${i}`, category: 'manufacturing' },
    }));
    const largest = Math.max(...[...buildCatalogIndex(products, []).values()].map((e) => JSON.stringify({ entries: e }).length));
    expect(largest).toBeLessThan(300_000);
  });
});
