/**
 * The console's catalogue calls (./admin-catalog.ts) with the real SDK against the project's emulator WITH
 * firestore.rules, signed in as an admin: the list's pages and their reads, and bulk writes — N products changed
 * write N audit entries, in commits within Firestore's limits, and a job that fails halfway and is run again
 * changes each product once. Restoring a bulk entry's "before" works like any restore. The emulator also holds
 * firestore.indexes.json: every list the console can ask for is served by the indexes production declares.
 */
import { type FirebaseApp, deleteApp } from 'firebase/app';
import { type Firestore, collection, doc, getDoc, getDocs, query, setLogLevel, where } from 'firebase/firestore/lite';
import { join } from 'node:path';
import {
  adjustPrice,
  BULK_CHUNK_PRODUCTS,
  CATALOG_PAGE_SIZE,
  CATALOG_SORTS,
  compareCatalog,
  DEFAULT_CATALOG_QUERY,
  matchesCatalogQuery,
  MISSING_DATA_FILTERS,
  parseProductFile,
  planBulkEdit,
  planImport,
  PRODUCT_FILE_COLUMNS,
  rowToNewDocument,
  type CatalogCursor,
  type CatalogQuery,
} from '@sbc/domain';
import { loadIndexesFile, type RunningFirestoreEmulator, startFirestoreEmulator } from '../../../local-backend/src/firestore';
import { loadRulesFile } from '../../../local-backend/src/rules';
import * as adminCatalog from './admin-catalog';
import { adminUserDocument, costOf, signedInFirestore } from './admin-int-test-session';
import type { CatalogPage, CatalogProduct } from './admin-catalog-types';
import { getProductHistory, readAuditEntry } from './audit';
import * as products from './products';

const PROJECT_ID = 'demo-sbc-tycoon';
const ADMIN = 'catalog-admin';
const actor = { uid: ADMIN, email: 'admin@example.com' };
const SECTORS = ['energy', 'food', 'tech'];
const N = 330;

let emulator: RunningFirestoreEmulator;
let app: FirebaseApp;
let db: Firestore;

const seedProduct = (i: number) => {
  const name = `Item ${String(i).padStart(3, '0')}`;
  return {
    slug: `item-${String(i).padStart(3, '0')}`,
    name,
    category: SECTORS[i % 3],
    type: i % 4 === 0 ? 'component' : 'product',
    talent_required: i % 5 === 0 ? 'unknown' : 'Engineering',
    image_url: i % 7 === 0 ? '' : `https://img.example/${i}.png`,
    price_min: (i % 50) + 0.5,
    price_max: (i % 50) * 2 + 1.99,
    average_market_price: (i * 37) % 101,
    enabled: true,
  };
};
const seeded = Array.from({ length: N }, (_, i) => ({ id: `${SECTORS[i % 3]}_item_${String(i).padStart(3, '0')}`, fields: seedProduct(i) }));

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({
    port: 0,
    projectId: PROJECT_ID,
    rules: loadRulesFile(join(__dirname, '../../../firestore.rules')),
    indexes: loadIndexesFile(join(__dirname, '../../../firestore.indexes.json')),
  });
  await emulator.importPlainDocuments([
    adminUserDocument(actor),
    ...seeded.map((p) => ({ path: `products/${p.id}`, data: p.fields })),
  ]);
  ({ app, db } = signedInFirestore(emulator, 'admin-catalog-int', ADMIN));
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.stop();
});

beforeEach(() => jest.spyOn(console, 'log').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

const entriesOf = async (productId: string) =>
  (await getDocs(query(collection(db, 'productAudit'), where('productId', '==', productId)))).docs.map((d) => readAuditEntry(d.id, d.data()));

const q = (over: Partial<CatalogQuery>): CatalogQuery => ({ ...DEFAULT_CATALOG_QUERY, ...over });

describe('the products list', () => {
  test.each([
    ['everything by name', q({})],
    ['a sector by maximum price, descending', q({ sector: 'food', sort: 'price_max', dir: 'desc' })],
    ['components with no image', q({ type: 'component', missing: 'image' })],
    ['unknown talent by average price', q({ missing: 'talent', sort: 'average_market_price' })],
    ['a slug search', q({ search: 'Item 1' })],
  ])('%s: walking every page gives the matches in order, ≤ 51 reads a page', async (_label, query) => {
    const expected = seeded.filter((p) => matchesCatalogQuery(p.fields, query)).sort(compareCatalog(query)).map((p) => p.id);
    const seen: string[] = [];
    let after: CatalogCursor | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const at: CatalogCursor | null = after;
      const { result: page, reads }: { result: CatalogPage; reads: number } = await costOf(emulator, () => adminCatalog.listCatalogPage(db, query, at));
      expect(reads).toBeLessThanOrEqual(CATALOG_PAGE_SIZE + 1);
      seen.push(...page.products.map((p) => p.id));
      if (!page.hasMore) break;
      const last: CatalogProduct = page.products[page.products.length - 1];
      after = { value: last.fields[query.search ? 'slug' : query.sort === 'name' ? 'name' : query.sort] as string | number, id: last.id };
    }
    expect(seen).toEqual(expected);
    expect(await adminCatalog.countCatalog(db, query)).toBe(expected.length);
  });
});

describe('the indexes production declares (firestore.indexes.json)', () => {
  // Every filter the list offers, alone and together, under every sort and direction, with and without a search:
  // production refuses a query no declared index serves, and so does this emulator.
  const sorts = Object.keys(CATALOG_SORTS) as Array<CatalogQuery['sort']>;
  const missing = ['', ...Object.keys(MISSING_DATA_FILTERS)] as Array<CatalogQuery['missing']>;
  const queries: CatalogQuery[] = [];
  for (const sector of ['', 'food'])
    for (const type of ['', 'component'])
      for (const talent of ['', 'Engineering'])
        for (const lacking of missing)
          for (const search of ['', 'item 1'])
            // A search orders by slug whatever sort was chosen (catalogQueryPlan): one sort is enough then.
            for (const sort of search ? sorts.slice(0, 1) : sorts)
              for (const dir of search ? (['asc'] as const) : (['asc', 'desc'] as const)) queries.push(q({ sector, type, talent, missing: lacking, sort, dir, search }));

  it(`serve each of the list's ${queries.length} queries and counts`, async () => {
    const refused: string[] = [];
    for (const query of queries) {
      for (const [call, run] of [
        ['list', () => adminCatalog.listCatalogPage(db, query, null)],
        ['count', () => adminCatalog.countCatalog(db, query)],
      ] as const) {
        await run().catch((error: { code?: string; message?: string }) => refused.push(`${call} ${JSON.stringify(query)}: ${error.code} ${error.message}`));
      }
    }
    expect(refused).toEqual([]);
  });

  it("serve the sector page's first rows and a product's history", async () => {
    await expect(products.getProductsByCategoryFirstPage(db, 'food', 50)).resolves.toHaveLength(50);
    await expect(getProductHistory(db, seeded[0].id)).resolves.toEqual(expect.any(Array));
  });
});

describe('bulk edit', () => {
  jest.setTimeout(120_000);
  const readProducts = async (ids: string[]) =>
    Promise.all(ids.map(async (id) => ({ id, fields: (await getDoc(doc(db, 'products', id))).data() as Record<string, unknown> })));

  it('N products changed write N audit entries, in commits of ≤ 100 products (≤ 200 writes)', async () => {
    const targets = await adminCatalog.listAllMatching(db, q({ sector: 'tech' }));
    expect(targets).toHaveLength(N / 3);
    const changes = planBulkEdit(targets, { set: { talent_required: 'Physics' }, pricePercent: null });
    const progress: number[] = [];
    const { result, writes, reads } = await costOf(emulator, () => adminCatalog.applyBulkChanges(db, actor, 'job-tech', changes, (p) => progress.push(p.done)));
    expect(result).toEqual({ applied: changes.map((c) => c.productId), alreadyApplied: [], conflicts: [] });
    expect(progress).toEqual([BULK_CHUNK_PRODUCTS, N / 3]); // 110 products: 2 commits
    expect(writes).toBe(2 * changes.length);
    expect(reads).toBeLessThanOrEqual(2 * changes.length + 2 * 4); // + the rules' own reads per commit are not billed here
    for (const { id, fields } of await readProducts(targets.map((t) => t.id))) {
      expect(fields.talent_required).toBe('Physics');
      expect(fields.auditId).toBe(`bulk_job-tech_${id}`);
      const entries = await entriesOf(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: 'update', uid: ADMIN, changedFields: ['talent_required'] });
    }
  });

  it('a job that fails halfway and is run again changes each product once', async () => {
    const targets = await adminCatalog.listAllMatching(db, q({ sector: 'food' }));
    const changes = planBulkEdit(targets, { set: {}, pricePercent: 10 });
    expect(changes.length).toBeGreaterThan(BULK_CHUNK_PRODUCTS);
    // The network dies after the first commit.
    const failing = adminCatalog.applyBulkChanges(db, actor, 'job-food', changes, () => {
      throw new Error('Failed to fetch');
    });
    await expect(failing).rejects.toThrow('Failed to fetch');
    const halfway = await readProducts(changes.map((c) => c.productId));
    expect(halfway.filter((p, i) => p.fields.price_max === changes[i].after.price_max)).toHaveLength(BULK_CHUNK_PRODUCTS);

    const resumed = await adminCatalog.applyBulkChanges(db, actor, 'job-food', changes);
    expect(resumed.alreadyApplied).toHaveLength(BULK_CHUNK_PRODUCTS);
    expect(resumed.applied).toHaveLength(changes.length - BULK_CHUNK_PRODUCTS);
    expect(resumed.conflicts).toEqual([]);
    // Once more: nothing left to do.
    const again = await adminCatalog.applyBulkChanges(db, actor, 'job-food', changes);
    expect(again).toEqual({ applied: [], alreadyApplied: changes.map((c) => c.productId), conflicts: [] });

    for (const { id, fields } of await readProducts(changes.map((c) => c.productId))) {
      const original = seeded.find((p) => p.id === id)!.fields;
      expect(fields.price_max).toBe(adjustPrice(original.price_max, 10)); // once, not twice
      expect(fields.price_min).toBe(adjustPrice(original.price_min, 10));
      expect(await entriesOf(id)).toHaveLength(1);
    }
  });

  it('a product changed since the preview is left alone and reported', async () => {
    const [target] = await adminCatalog.listAllMatching(db, q({ sector: 'energy', search: 'item-00' }));
    const changes = planBulkEdit([target], { set: { type: 'component' }, pricePercent: 5 });
    const stale = [{ ...changes[0], before: { ...changes[0].before, price_max: 123456 } }];
    const result = await adminCatalog.applyBulkChanges(db, actor, 'job-stale', stale);
    expect(result).toEqual({ applied: [], alreadyApplied: [], conflicts: [target.id] });
    expect((await readProducts([target.id]))[0].fields.type).toBe(target.fields.type);
  });

  it("restoring a bulk entry's before brings the product back, with an entry of its own", async () => {
    const [entry] = await entriesOf('tech_item_002');
    expect(entry.after.talent_required).toBe('Physics');
    await products.updateProduct(db, 'item-002', entry.before!, { action: 'restore' }, actor);
    const restored = (await readProducts(['tech_item_002']))[0].fields;
    expect(restored.talent_required).toBe('Engineering');
    expect((await entriesOf('tech_item_002')).map((e) => e.action).sort()).toEqual(['restore', 'update']);
  });
});

describe('import', () => {
  jest.setTimeout(120_000);
  const header = PRODUCT_FILE_COLUMNS.join(',');
  const line = (slug: string, name: string, maxPrice: string) =>
    [slug, name, 'tools', 'product', 'Engineering', 'product', '', '', '1', maxPrice, '1', '10', '0.5', '1', '0', 'true', '"{""Iron"":2}"'].join(',');

  it('a dry run reads only the products the file names; applying creates and updates them under the rules, each once', async () => {
    const rows = parseProductFile([header, line('item-001', 'Item 001', '99'), ...Array.from({ length: 30 }, (_, i) => line(`tool-${i}`, `Tool ${i}`, '5'))].join('\n'), 'csv');
    const valid = rows.flatMap((r) => (r.values ? [r.values] : []));
    const { result: found, reads } = await costOf(emulator, () =>
      adminCatalog.findProductsForImport(db, valid.map((v) => v.slug), valid.map((v) => rowToNewDocument(v).id)),
    );
    expect(found.map((p) => p.id)).toEqual(['food_item_001']);
    expect(reads).toBeLessThanOrEqual(1 + 4); // the one product found (+ a read billed per empty query)
    const plan = planImport(rows, new Map(found.map((p) => [String(p.fields.slug), p])));
    expect(plan.map((p) => p.outcome)).toEqual(['update', ...Array(30).fill('create')]);
    const changes = plan.flatMap((p) => (p.change ? [p.change] : []));
    // The answer to the one commit is lost: the products are written, the console sees a failure.
    await expect(
      adminCatalog.applyBulkChanges(db, actor, 'job-import', changes, () => {
        throw new Error('Failed to fetch');
      }),
    ).rejects.toThrow('Failed to fetch');
    const again = await adminCatalog.applyBulkChanges(db, actor, 'job-import', changes);
    expect(again.alreadyApplied).toHaveLength(31);
    const tool = (await getDoc(doc(db, 'products', 'tools_tool_7'))).data()!;
    expect(tool).toMatchObject({ slug: 'tool-7', name: 'Tool 7', price_max: 5, requested_materials: { Iron: 2 }, average_market_price: 0, auditId: 'bulk_job-import_tools_tool_7' });
    expect((await entriesOf('tools_tool_7')).map((e) => e.action)).toEqual(['create']);
    expect((await getDoc(doc(db, 'products', 'food_item_001'))).data()).toMatchObject({ price_max: 99, production: { cost: 1, time: 10, request_index: 0.5 } });
  });
});
