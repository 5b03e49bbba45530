/**
 * The admin console's catalogue at scale (issue 38): the demo economy with 5,000 products in our emulator WITH
 * firestore.rules, an admin signed in through the real lite SDK; the products list's first pages, a bulk edit of
 * 1,000 products and an import of 1,000 rows (500 updates, 500 new products), each timed and its document reads
 * and writes counted by the emulator (the rules' own lookups are not in these counts: see docs/admin-catalogue.md).
 * Run: `node --import tsx local-backend/bench/admin-bulk-bench.ts [products] [rows]` (figures go into docs/admin-catalogue.md).
 */
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel, terminate } from 'firebase/firestore/lite';
import {
  DEFAULT_CATALOG_QUERY,
  exportProductFile,
  parseProductFile,
  planBulkEdit,
  planImport,
  rowToNewDocument,
  type CatalogQuery,
} from '@sbc/domain';
import * as adminCatalog from '../../shared/src/data/admin-catalog';
import { startFirestoreEmulator } from '../src/firestore';
import { loadRulesFile } from '../src/rules';
import { generateDemoEconomy } from '../src/seed';

const PRODUCTS = Number(process.argv[2] ?? 5000);
const ROWS = Number(process.argv[3] ?? 1000);
const ADMIN = 'bench-admin';
const actor = { uid: ADMIN, email: 'bench@example.com' };

async function main(): Promise<void> {
  setLogLevel('silent');
  console.log = ((log) => (...args: unknown[]) => (String(args[0]).startsWith('Prodotto') ? undefined : log(...args)))(console.log);
  const economy = generateDemoEconomy({ products: PRODUCTS });
  const emulator = await startFirestoreEmulator({ projectId: 'demo-bench', port: 0, rules: loadRulesFile(join(__dirname, '../../firestore.rules')) });
  emulator.importPlainDocuments([...economy.documents, { path: `users/${ADMIN}`, data: { uid: ADMIN, email: actor.email, displayName: 'Bench', isAdmin: true } }]);
  const app = initializeApp({ projectId: 'demo-bench', apiKey: 'bench' }, 'admin-bulk-bench');
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, { mockUserToken: { sub: ADMIN, user_id: ADMIN } });

  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const figures: Array<{ what: string; ms: number; reads: number; writes: number }> = [];
  async function measure<T>(what: string, run: () => Promise<T>): Promise<T> {
    emulator.resetCounters();
    const started = performance.now();
    const result = await run();
    const ms = Math.round(performance.now() - started);
    const { reads, writes } = emulator.counters();
    figures.push({ what, ms, reads: sum(reads), writes: sum(writes) });
    return result;
  }
  const q = (over: Partial<CatalogQuery>): CatalogQuery => ({ ...DEFAULT_CATALOG_QUERY, ...over });

  // Warm the SDK and the emulator's indexes once (a laptop's first page comes after the console's own start).
  await adminCatalog.listCatalogPage(db, q({}), null);
  const firstProduct = economy.documents.find((d) => d.path.startsWith('products/'));
  const sector = String((firstProduct?.data as { category?: string } | undefined)?.category ?? 'energy');
  await measure('first page, by name', () => adminCatalog.listCatalogPage(db, q({}), null));
  await measure(`first page, sector ${sector} by max price desc`, () => adminCatalog.listCatalogPage(db, q({ sector, sort: 'price_max', dir: 'desc' }), null));
  await measure("first page, search 'solar'", () => adminCatalog.listCatalogPage(db, q({ search: 'solar' }), null));
  await measure('count of all products', () => adminCatalog.countCatalog(db, q({})));

  // Bulk edit: the first ROWS products by name, prices +10 %.
  const all = await measure('all products read (select all that match)', () => adminCatalog.listAllMatching(db, q({})));
  const targets = all.slice(0, ROWS);
  const edit = planBulkEdit(targets, { set: {}, pricePercent: 10 });
  await measure(`bulk edit applied: ${edit.length} products`, () => adminCatalog.applyBulkChanges(db, actor, 'bench-bulk', edit));
  await measure(`bulk edit run again: ${edit.length} products skipped`, () => adminCatalog.applyBulkChanges(db, actor, 'bench-bulk', edit));

  // Import: the export of ROWS / 2 products with a price changed, and ROWS / 2 new ones.
  const updated = all.slice(ROWS, ROWS + ROWS / 2).map((p) => ({ ...p.fields, price_max: Number(p.fields.price_max ?? 0) + 1 }));
  const created = all.slice(0, ROWS / 2).map((p) => ({ ...p.fields, slug: `${String(p.fields.slug)}-bis`, name: `${String(p.fields.name)} bis` }));
  const text = exportProductFile([...updated, ...created], 'csv');
  let started = performance.now();
  const rows = parseProductFile(text, 'csv');
  const parseMs = Math.round(performance.now() - started);
  figures.push({ what: `import: ${rows.length} rows parsed and validated (${Math.round(text.length / 1024)} KB)`, ms: parseMs, reads: 0, writes: 0 });
  const valid = rows.flatMap((r) => (r.values ? [r.values] : []));
  const found = await measure('import dry run: products the file names', () =>
    adminCatalog.findProductsForImport(db, valid.map((v) => v.slug), valid.map((v) => rowToNewDocument(v).id)),
  );
  started = performance.now();
  const plan = planImport(rows, new Map(found.map((p) => [String(p.fields.slug), p])));
  figures.push({ what: 'import dry run: plan', ms: Math.round(performance.now() - started), reads: 0, writes: 0 });
  const changes = plan.flatMap((p) => (p.change ? [p.change] : []));
  const outcomes: Record<string, number> = {};
  for (const p of plan) outcomes[p.outcome] = (outcomes[p.outcome] ?? 0) + 1;
  await measure(`import applied: ${JSON.stringify(outcomes)}`, () => adminCatalog.applyBulkChanges(db, actor, 'bench-import', changes));

  console.log(`| step (${PRODUCTS} products) | time | document reads | document writes |`);
  console.log('|---|---|---|---|');
  for (const f of figures) console.log(`| ${f.what} | ${f.ms} ms | ${f.reads} | ${f.writes} |`);
  await terminate(db);
  await deleteApp(app);
  await emulator.stop();
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
