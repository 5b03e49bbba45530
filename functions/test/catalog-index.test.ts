import { catalogShardOf, type CatalogIndexEntry } from '@sbc/domain';
import { applyCatalogChange, type CatalogIndexDeps } from '../src/catalog-index';

function memoryShards() {
  const shards = new Map<string, CatalogIndexEntry[]>();
  const writes: string[] = [];
  const deps: CatalogIndexDeps = {
    async updateShard(shard, update) {
      writes.push(shard);
      shards.set(shard, update(shards.get(shard) ?? []));
    },
  };
  return { shards, writes, deps };
}

const solar = { name: 'Solar Panel', slug: 'solar-panel', category: 'energy', average_market_price: 10 };

describe('applyCatalogChange', () => {
  test('a new product is added to its shard', async () => {
    const { shards, deps } = memoryShards();
    expect(await applyCatalogChange('p', 'energy_solar', null, solar, deps)).toBe('updated');
    expect(shards.get(catalogShardOf('p', 'energy_solar'))).toEqual([{ k: 'p', id: 'energy_solar', s: 'solar-panel', n: 'Solar Panel', c: 'energy' }]);
  });

  test('a market update (price only) writes nothing', async () => {
    const { writes, deps } = memoryShards();
    expect(await applyCatalogChange('p', 'energy_solar', solar, { ...solar, average_market_price: 11 }, deps)).toBe('unchanged');
    expect(writes).toEqual([]);
  });

  test('a rename replaces the entry; a delete removes it', async () => {
    const { shards, deps } = memoryShards();
    await applyCatalogChange('p', 'energy_solar', null, solar, deps);
    await applyCatalogChange('p', 'energy_solar', solar, { ...solar, name: 'Solar Array' }, deps);
    const shard = catalogShardOf('p', 'energy_solar');
    expect(shards.get(shard)?.map((e) => e.n)).toEqual(['Solar Array']);
    await applyCatalogChange('p', 'energy_solar', solar, null, deps);
    expect(shards.get(shard)).toEqual([]);
  });

  test('materials are indexed by name', async () => {
    const { shards, deps } = memoryShards();
    await applyCatalogChange('m', 'Copper', null, { value: 3 }, deps);
    expect(shards.get(catalogShardOf('m', 'Copper'))).toEqual([{ k: 'm', id: 'Copper', s: 'Copper', n: 'Copper' }]);
  });
});
