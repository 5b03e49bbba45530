/**
 * The admin console's catalogue at scale (issue 38): the demo economy with 5,000 products (and 500 materials) in our
 * emulator WITH firestore.rules, an admin signed in through the real lite SDK; the products list's first pages, a bulk
 * edit of 1,000 products, an import of 1,000 product rows (500 updates, 500 new products) and an import of 1,000
 * material rows (500 updates, 500 new materials), each timed and its document reads and writes counted by the
 * emulator (the rules' own lookups are not in these counts: see docs/admin-catalogue.md).
 * Run: `node --import tsx local-backend/bench/admin-bulk-bench.ts [products] [rows] [--budget]` (figures go into
 * docs/admin-catalogue.md). With --budget (`npm run size`), the reads and writes of each whole operation (preview or
 * dry run, then the write) are checked against budgets.json "adminCatalogue", and the run fails above any of them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel, terminate } from 'firebase/firestore/lite';
import {
  DEFAULT_CATALOG_QUERY,
  exportMaterialFile,
  exportProductFile,
  parseMaterialFile,
  parseProductFile,
  planBulkEdit,
  planImport,
  planMaterialImport,
  rowToNewDocument,
  type CatalogQuery,
} from '@sbc/domain';
import * as adminCatalog from '../../shared/src/data/admin-catalog';
import * as materials from '../../shared/src/data/materials';
import { startFirestoreEmulator } from '../src/firestore';
import { loadRulesFile } from '../src/rules';
import { generateDemoEconomy } from '../src/seed';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const CHECK_BUDGET = process.argv.includes('--budget');
const PRODUCTS = Number(args[0] ?? 5000);
const ROWS = Number(args[1] ?? 1000);
const MATERIALS = Math.min(1000, Math.max(10, ROWS / 2));

/** budgets.json "adminCatalogue": the most document reads and writes each whole operation may cost. */
type OperationBudget = { reads: number; writes: number };
const OPERATIONS = ['bulkEdit', 'productImport', 'materialImport'] as const;
type Operation = (typeof OPERATIONS)[number];
const ADMIN = 'bench-admin';
const actor = { uid: ADMIN, email: 'bench@example.com' };

async function main(): Promise<void> {
  setLogLevel('silent');
  console.log = ((log) => (...args: unknown[]) => (String(args[0]).startsWith('Prodotto') ? undefined : log(...args)))(console.log);
  const economy = generateDemoEconomy({ products: PRODUCTS, materials: MATERIALS });
  const emulator = await startFirestoreEmulator({ projectId: 'demo-bench', port: 0, rules: loadRulesFile(join(__dirname, '../../firestore.rules')) });
  emulator.importPlainDocuments([...economy.documents, { path: `users/${ADMIN}`, data: { uid: ADMIN, email: actor.email, displayName: 'Bench', isAdmin: true } }]);
  const app = initializeApp({ projectId: 'demo-bench', apiKey: 'bench' }, 'admin-bulk-bench');
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, { mockUserToken: { sub: ADMIN, user_id: ADMIN } });

  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const figures: Array<{ what: string; ms: number; reads: number; writes: number }> = [];
  /** Each whole operation's reads and writes (its preview or dry run, then its write). */
  const totals: Record<Operation, OperationBudget> = { bulkEdit: { reads: 0, writes: 0 }, productImport: { reads: 0, writes: 0 }, materialImport: { reads: 0, writes: 0 } };
  async function measure<T>(what: string, run: () => Promise<T>, operation?: Operation): Promise<T> {
    emulator.resetCounters();
    const started = performance.now();
    const result = await run();
    const ms = Math.round(performance.now() - started);
    const { reads, writes } = emulator.counters();
    figures.push({ what, ms, reads: sum(reads), writes: sum(writes) });
    if (operation) {
      totals[operation].reads += sum(reads);
      totals[operation].writes += sum(writes);
    }
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

  // Bulk edit: the first ROWS products by name, ticked, prices +10 %: the preview reads them by id, then the write.
  const all = await measure('all products read (select all that match)', () => adminCatalog.listAllMatching(db, q({})));
  const targets = await measure(
    `bulk edit preview: ${ROWS} ticked products read`,
    () => adminCatalog.findProductsForImport(db, [], all.slice(0, ROWS).map((p) => p.id)),
    'bulkEdit',
  );
  const edit = planBulkEdit(targets, { set: {}, pricePercent: 10 });
  await measure(`bulk edit applied: ${edit.length} products`, () => adminCatalog.applyBulkChanges(db, actor, 'bench-bulk', edit), 'bulkEdit');
  await measure(`bulk edit run again: ${edit.length} products skipped`, () => adminCatalog.applyBulkChanges(db, actor, 'bench-bulk', edit));

  // Import: the export of ROWS / 2 products with a price changed, and ROWS / 2 new ones.
  const updated = all.slice(ROWS, ROWS + ROWS / 2).map((p) => ({ ...p.fields, price_max: Number(p.fields.price_max ?? 0) + 1 }));
  // New products start with increase 0 (a new product's may not be negative; the game's stored ones may be).
  const created = all.slice(0, ROWS / 2).map((p) => ({ ...p.fields, slug: `${String(p.fields.slug)}-bis`, name: `${String(p.fields.name)} bis`, increase: 0 }));
  const text = exportProductFile([...updated, ...created], 'csv');
  let started = performance.now();
  const rows = parseProductFile(text, 'csv');
  const parseMs = Math.round(performance.now() - started);
  figures.push({ what: `import: ${rows.length} rows parsed and validated (${Math.round(text.length / 1024)} KB)`, ms: parseMs, reads: 0, writes: 0 });
  const valid = rows.flatMap((r) => (r.values ? [r.values] : []));
  const found = await measure(
    'import dry run: products the file names',
    () => adminCatalog.findProductsForImport(db, valid.map((v) => v.slug), valid.map((v) => rowToNewDocument(v).id)),
    'productImport',
  );
  started = performance.now();
  const plan = planImport(rows, new Map(found.map((p) => [String(p.fields.slug), p])));
  figures.push({ what: 'import dry run: plan', ms: Math.round(performance.now() - started), reads: 0, writes: 0 });
  const changes = plan.flatMap((p) => (p.change ? [p.change] : []));
  const outcomes: Record<string, number> = {};
  for (const p of plan) outcomes[p.outcome] = (outcomes[p.outcome] ?? 0) + 1;
  await measure(`import applied: ${JSON.stringify(outcomes)}`, () => adminCatalog.applyBulkChanges(db, actor, 'bench-import', changes), 'productImport');

  // Import of materials: the export of the ledger's ROWS / 2 materials with a price changed, and ROWS / 2 new ones.
  const ledger = await materials.listMaterialDocuments(db);
  const materialRows = [
    ...ledger.slice(0, ROWS / 2).map((m) => ({ id: m.id, fields: { ...m.fields, value: Number(m.fields.value ?? 0) + 1 } })),
    ...Array.from({ length: ROWS / 2 }, (_, i) => ({ id: `Bench material ${i}`, fields: { unit: 'kg', spaceRequired: 1, value: 2.5, amount: 100 } })),
  ];
  const materialText = exportMaterialFile(materialRows, 'csv');
  started = performance.now();
  const parsedMaterials = parseMaterialFile(materialText, 'csv');
  figures.push({ what: `material import: ${parsedMaterials.length} rows parsed and validated (${Math.round(materialText.length / 1024)} KB)`, ms: Math.round(performance.now() - started), reads: 0, writes: 0 });
  const stored = await measure(`material import dry run: the ledger (${ledger.length} materials)`, () => materials.listMaterialDocuments(db), 'materialImport');
  const materialPlan = planMaterialImport(parsedMaterials, new Map(stored.map((m) => [m.id, m.fields])));
  const materialOutcomes: Record<string, number> = {};
  for (const p of materialPlan) materialOutcomes[p.outcome] = (materialOutcomes[p.outcome] ?? 0) + 1;
  const materialChanges = materialPlan.flatMap((p) => (p.change ? [p.change] : []));
  await measure(`material import applied: ${JSON.stringify(materialOutcomes)}`, () => materials.applyMaterialChanges(db, actor, 'bench-materials', materialChanges), 'materialImport');
  await measure(`material import run again: ${materialChanges.length} skipped`, () => materials.applyMaterialChanges(db, actor, 'bench-materials', materialChanges));

  console.log(`| step (${PRODUCTS} products) | time | document reads | document writes |`);
  console.log('|---|---|---|---|');
  for (const f of figures) console.log(`| ${f.what} | ${f.ms} ms | ${f.reads} | ${f.writes} |`);
  console.log('');
  console.log(`| whole operation (${ROWS} rows) | document reads | document writes |`);
  console.log('|---|---|---|');
  for (const op of OPERATIONS) console.log(`| ${op} | ${totals[op].reads} | ${totals[op].writes} |`);
  if (CHECK_BUDGET) {
    const budgets = (JSON.parse(readFileSync(join(__dirname, '../../budgets.json'), 'utf8')) as { adminCatalogue: Record<Operation, OperationBudget> }).adminCatalogue;
    const over = OPERATIONS.flatMap((op) =>
      (['reads', 'writes'] as const).filter((k) => totals[op][k] > budgets[op][k]).map((k) => `${op} ${k}: ${totals[op][k]} > budget ${budgets[op][k]}`),
    );
    if (over.length > 0) {
      console.error(`Over budgets.json "adminCatalogue":\n${over.join('\n')}`);
      process.exitCode = 1;
    } else console.log('Within budgets.json "adminCatalogue".');
  }
  await terminate(db);
  await deleteApp(app);
  await emulator.stop();
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
