/**
 * The console's import and export files (issue 38) with the real SDK against the project's emulator WITH
 * firestore.rules, signed in as an admin: export → import of the same file changes nothing (products and materials,
 * CSV and JSON: the dry run finds 0 to create or update), and an import of materials applies under the rules in
 * chunks, each material once per job however often it is resumed, each with its materialAudit entry, which the
 * material editor's history lists and restores.
 */
import { type FirebaseApp, deleteApp } from 'firebase/app';
import { type Firestore, doc, getDoc, setLogLevel } from 'firebase/firestore/lite';
import { join } from 'node:path';
import {
  BULK_CHUNK_PRODUCTS,
  DEFAULT_CATALOG_QUERY,
  exportMaterialFile,
  exportProductFile,
  MATERIAL_FILE_COLUMNS,
  parseMaterialFile,
  parseProductFile,
  planImport,
  planMaterialImport,
  rowToNewDocument,
} from '@sbc/domain';
import { type RunningFirestoreEmulator, startFirestoreEmulator } from '../../../local-backend/src/firestore';
import { loadRulesFile } from '../../../local-backend/src/rules';
import * as adminCatalog from './admin-catalog';
import { adminUserDocument, costOf, signedInFirestore } from './admin-int-test-session';
import * as materials from './materials';

const PROJECT_ID = 'demo-sbc-tycoon';
const ADMIN = 'files-admin';
const actor = { uid: ADMIN, email: 'admin@example.com' };

let emulator: RunningFirestoreEmulator;
let app: FirebaseApp;
let db: Firestore;

const storedProducts = [
  { id: 'energy_solar_panel', fields: { slug: 'solar-panel', name: 'Solar Panel', category: 'energy', type: 'product', talent_required: 'Engineering', materialId: 'product', image_url: 'https://img.test/s.png', originalPath: '/old/solar', price_min: 10.5, price_max: 20.25, production: { cost: 3, time: 45, request_index: 0.5, request_index_history: [0.4, 0.5] }, space_required: 1, increase: -0.0056, enabled: true, requested_materials: { Silicon: 2, 'Caffè, crudo': 1.5 }, average_market_price: 17, pieces_on_market: 40, lastvqvalue: [1, 2] } },
  { id: 'food_bread', fields: { slug: 'bread', name: 'Bread, "fresh"\nand warm', category: 'food', type: 'component', talent_required: null, materialId: '=SUM(A1)', image_url: '', originalPath: '', price_min: 0, price_max: 1e21, production: { cost: 1 / 3, time: 0, request_index: 2.5e-7 }, space_required: 0, increase: 3, enabled: false, requested_materials: {} } },
  { id: 'home_old_one', fields: { slug: 'old-one', name: 'Old one', category: 'home' } },
];
const storedMaterials: Array<{ id: string; fields: Record<string, unknown> }> = [
  { id: 'Iron', fields: { id: 1, unit: 'kg', spaceRequired: 0.5, value: 3.5, amount: 100, image_url: 'https://img.test/fe.png', lastqty: 90, lastvalue: 3, startqty: 50, startvalue: 2, cyclecount: 4 } },
  { id: 'Caffè, "crudo"', fields: { id: 7, unit: '=kg', spaceRequired: 1 / 3, value: 1e21, amount: 0, image_url: '', lastqty: 0, lastvalue: 0, startqty: 0, startvalue: 0, cyclecount: 0 } },
  { id: 'Legacy', fields: { id: 3, unit: 't', space_required: 2, value: 0.0001, amount: 2.5e-7 } },
];

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({
    port: 0,
    projectId: PROJECT_ID,
    rules: loadRulesFile(join(__dirname, '../../../firestore.rules')),
  });
  await emulator.importPlainDocuments([
    adminUserDocument(actor),
    ...storedProducts.map((p) => ({ path: `products/${p.id}`, data: p.fields })),
    ...storedMaterials.map((m) => ({ path: `materials/${m.id}`, data: m.fields })),
    { path: 'materials/list', data: { names: ['Iron'] } },
  ]);
  ({ app, db } = signedInFirestore(emulator, 'catalogue-files-int', ADMIN));
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.stop();
});

describe('export → import of the same file changes nothing (a lossless round trip)', () => {
  test.each(['csv', 'json'] as const)('products, %s: the dry run finds every row unchanged', async (format) => {
    const all = await adminCatalog.listAllMatching(db, DEFAULT_CATALOG_QUERY);
    const text = exportProductFile(all.map((p) => p.fields), format);
    const rows = parseProductFile(text, format);
    expect(rows.map((r) => r.errors)).toEqual([[], [], []]);
    const valid = rows.flatMap((r) => (r.values ? [r.values] : []));
    const found = await adminCatalog.findProductsForImport(db, valid.map((v) => v.slug), valid.map((v) => rowToNewDocument(v).id));
    const plan = planImport(rows, new Map(found.map((p) => [String(p.fields.slug), p])));
    expect(plan.map((p) => [p.slug, p.outcome])).toEqual(all.map((p) => [p.fields.slug, 'unchanged']));
    expect(plan.every((p) => p.change === null)).toBe(true);
  });

  test.each(['csv', 'json'] as const)('materials, %s: the dry run finds every row unchanged; reading the ledger costs one read a material', async (format) => {
    const { result: ledger, reads } = await costOf(emulator, () => materials.listMaterialDocuments(db));
    expect(ledger.map((m) => m.id).sort()).toEqual(storedMaterials.map((m) => m.id).sort());
    expect(reads).toBe(storedMaterials.length + 1); // the bookkeeping document 'list' is read too, then dropped
    const rows = parseMaterialFile(exportMaterialFile(ledger, format), format);
    expect(rows.map((r) => r.errors)).toEqual([[], [], []]);
    const plan = planMaterialImport(rows, new Map(ledger.map((m) => [m.id, m.fields])));
    expect(plan.map((p) => p.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });
});

describe('materials import', () => {
  jest.setTimeout(120_000);
  const line = (name: string, value: string, image = '') => [name, 'kg', '1', value, '10', image].join(',');

  it('applies under the rules in chunks; a failure halfway then a resume writes each material once, each with its entry; restore works', async () => {
    const text = [MATERIAL_FILE_COLUMNS.join(','), line('Iron', '4.25'), ...Array.from({ length: 110 }, (_, i) => line(`Lega ${i}`, '2'))].join('\n');
    const rows = parseMaterialFile(text, 'csv');
    const ledger = await materials.listMaterialDocuments(db);
    const plan = planMaterialImport(rows, new Map(ledger.map((m) => [m.id, m.fields])));
    expect(plan.map((p) => p.outcome)).toEqual(['update', ...Array(110).fill('create')]);
    const changes = plan.flatMap((p) => (p.change ? [p.change] : []));
    expect(plan[0].change).toMatchObject({ before: { value: 3.5, image_url: 'https://img.test/fe.png' }, after: { value: 4.25, image_url: null } });

    // The network fails after the first commit (100 materials written); the console sees a failure.
    await expect(
      materials.applyMaterialChanges(db, actor, 'job-mat', changes, () => {
        throw new Error('Failed to fetch');
      }),
    ).rejects.toThrow('Failed to fetch');
    const progress: number[] = [];
    const { result, writes } = await costOf(emulator, () => materials.applyMaterialChanges(db, actor, 'job-mat', changes, (p) => progress.push(p.done)));
    expect(result.alreadyApplied).toHaveLength(BULK_CHUNK_PRODUCTS);
    expect(result.applied).toHaveLength(changes.length - BULK_CHUNK_PRODUCTS);
    expect(result.conflicts).toEqual([]);
    expect(progress).toEqual([BULK_CHUNK_PRODUCTS, changes.length]);
    expect(writes).toBe(2 * result.applied.length);
    // Run once more: nothing is written.
    expect(await costOf(emulator, () => materials.applyMaterialChanges(db, actor, 'job-mat', changes))).toMatchObject({ writes: 0, result: { applied: [], alreadyApplied: changes.map((c) => c.productId) } });

    const iron = (await getDoc(doc(db, 'materials', 'Iron'))).data()!;
    expect(iron).toMatchObject({ id: 1, value: 4.25, lastqty: 90, cyclecount: 4, auditId: 'bulk_job-mat_Iron' });
    expect(iron).not.toHaveProperty('image_url');
    const created = (await getDoc(doc(db, 'materials', 'Lega 7'))).data()!;
    expect(created).toMatchObject({ id: 15, unit: 'kg', value: 2, amount: 10, lastqty: 10, startvalue: 2, cyclecount: 0, auditId: 'bulk_job-mat_Lega 7' });
    expect((await materials.getMaterialHistory(db, 'Lega 7')).map((e) => e.action)).toEqual(['create']);

    // The import's entry restores like any entry in the material editor (its "before": the old price and image).
    const [entry] = await materials.getMaterialHistory(db, 'Iron');
    expect(entry).toMatchObject({ action: 'update', changedFields: ['amount', 'image_url', 'spaceRequired', 'value'] });
    const restored = await materials.updateMaterial(db, 'Iron', { ...entry.before }, { action: 'restore' }, actor);
    expect(restored.material).toMatchObject({ value: 3.5, image_url: 'https://img.test/fe.png' });
  });

  it('a material changed since the preview, or a new name taken meanwhile, is left alone and reported', async () => {
    const rows = parseMaterialFile([MATERIAL_FILE_COLUMNS.join(','), line('Iron', '9'), line('Nuovo', '1')].join('\n'), 'csv');
    const ledger = await materials.listMaterialDocuments(db);
    const changes = planMaterialImport(rows, new Map(ledger.map((m) => [m.id, m.fields]))).flatMap((p) => (p.change ? [p.change] : []));
    const iron = await materials.getMaterialForEdit(db, 'Iron');
    await materials.updateMaterial(db, 'Iron', { ...iron?.raw, value: 5 }, {}, actor);
    await materials.addMaterial(db, 'Nuovo', { id: 99, unit: 'g', spaceRequired: 0, value: 1, amount: 1, lastqty: 1, lastvalue: 1, startqty: 1, startvalue: 1, cyclecount: 0 });
    expect(await materials.applyMaterialChanges(db, actor, 'job-late', changes)).toEqual({ applied: [], alreadyApplied: [], conflicts: ['Iron', 'Nuovo'] });
    expect((await getDoc(doc(db, 'materials', 'Iron'))).data()).toMatchObject({ value: 5 });
  });
});
