/**
 * The largest demo economy the options allow (`--products 5000 --materials 1000`, SEED_LIMITS), checked where size
 * could break it: no two records collapsing into one document, every document within Firestore's limits (the
 * search index shards grow with the catalogue), the search index naming every record, the statistics adding up
 * over thousands of records.
 */
import { readCatalogShard, readMarketStatRow } from '@sbc/domain';
import { checkDocument } from '../../src/firestore/limits';
import { generateDemoEconomy, SEED_LIMITS, toFirestoreFields } from '../../src/seed';
import { collection, materialDocs } from './dataset';

const largest = { products: SEED_LIMITS.products.max, materials: SEED_LIMITS.materials.max };
const dataset = generateDemoEconomy(largest);
const products = collection(dataset, 'products');
const materials = materialDocs(dataset);

describe('the largest demo economy: 5,000 products and 1,000 materials', () => {
  it('has every record in a document of its own: 5,000 products, 1,000 materials and their list, no path twice', () => {
    expect(largest).toEqual({ products: 5000, materials: 1000 });
    expect(products).toHaveLength(5000);
    expect(materials).toHaveLength(1000);
    const paths = dataset.documents.map((doc) => doc.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("keeps every document within Firestore's limits (1 MiB, depth 20, ids), the search index shards included", () => {
    let largestShard = 0;
    for (const doc of dataset.documents) {
      const stored = { path: doc.path, fields: toFirestoreFields(doc.data), createTime: 0n, updateTime: 0n };
      expect(() => checkDocument(stored as never)).not.toThrow();
      if (doc.path.startsWith('catalogIndex/')) largestShard = Math.max(largestShard, JSON.stringify(doc.data).length);
    }
    // About 0.3 MB of JSON each (under half of Firestore's 1 MiB): room for the catalogue to double.
    expect(largestShard).toBeLessThan(512 * 1024);
  });

  it('names every product and material in the search index, once', () => {
    const entries = collection(dataset, 'catalogIndex').flatMap((shard) => readCatalogShard(shard.data));
    expect(entries.filter((e) => e.k === 'p')).toHaveLength(5000);
    expect(entries.filter((e) => e.k === 'm')).toHaveLength(1000);
    expect(new Set(entries.map((e) => `${e.k}/${e.id}`)).size).toBe(6000);
  });

  it('counts every product in one sector row and every material in one family row', () => {
    const productRows = collection(dataset, 'marketStats').map((row) => readMarketStatRow(row.id, row.data, 'product'));
    const materialRows = collection(dataset, 'marketMaterialStats').map((row) => readMarketStatRow(row.id, row.data, 'material'));
    expect(productRows.reduce((sum, row) => sum + row.documentCount, 0)).toBe(5000);
    expect(materialRows.reduce((sum, row) => sum + row.documentCount, 0)).toBe(1000);
    // Each sector holds hundreds: the sector tables and the heatmap see the whole catalogue spread over them.
    for (const row of productRows.filter((r) => r.category !== 'uncategorized')) expect(row.documentCount).toBeGreaterThan(100);
  });

  it('requires only talents that exist: still the five of the game', () => {
    expect(collection(dataset, 'talents')).toHaveLength(5);
  });
});
