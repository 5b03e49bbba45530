/**
 * The search index trigger end to end: a product or material written through firebase-admin (as the game
 * backend writes them) reaches our Firestore emulator, which delivers the change to the Functions emulator
 * (local-backend/src/firestore/triggers.ts), whose indexProductChange / indexMaterialChange update
 * catalogIndex/{shard}; the header search then finds it. Run by `npm run test:integration`.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { readCatalogShard, type CatalogIndexEntry } from '@sbc/domain';
import { prepareCatalog, searchCatalog } from '@sbc/domain';

const firestoreUrl = process.env.SBC_FIRESTORE_URL ?? 'http://127.0.0.1:8080';

jest.setTimeout(60_000);

let app: App;
let db: Firestore;

beforeAll(() => {
  process.env.FIRESTORE_EMULATOR_HOST = new URL(firestoreUrl).host;
  app = initializeApp({ projectId: 'demo-sbc-tycoon' }, `catalog-index-${Date.now()}`);
  db = getFirestore(app);
  // Our emulator speaks REST; the stub auth client keeps firebase-admin from looking for Google credentials.
  db.settings({ preferRest: true, authClient: { getRequestHeaders: async () => ({}), universeDomain: 'googleapis.com' } } as FirebaseFirestore.Settings);
});

afterAll(async () => {
  await deleteApp(app);
});

async function wholeIndex(): Promise<CatalogIndexEntry[]> {
  const snapshot = await db.collection('catalogIndex').get();
  return snapshot.docs.flatMap((d) => readCatalogShard(d.data()));
}

/** Polls the index until `check` holds (the trigger runs after the write is acknowledged). */
async function eventually(check: (entries: CatalogIndexEntry[]) => boolean, what: string): Promise<CatalogIndexEntry[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const entries = await wholeIndex();
    if (check(entries)) return entries;
    if (Date.now() > deadline) throw new Error(`The catalogue index never showed: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const find = (entries: CatalogIndexEntry[], text: string) => searchCatalog(prepareCatalog(entries), text);

describe('catalogue index trigger (emulated)', () => {
  const id = `energy_quantum_widget_${Date.now()}`;
  const product = { name: 'Quantum Widget', slug: `quantum-widget-${Date.now()}`, category: 'energy', average_market_price: 120, enabled: true };

  it('starts from the seed: the demo catalogue is searchable', async () => {
    const entries = await wholeIndex();
    expect(entries.filter((e) => e.k === 'p').length).toBeGreaterThanOrEqual(100);
    expect(entries.filter((e) => e.k === 'm').length).toBeGreaterThanOrEqual(10);
  });

  it('a product written through the admin SDK appears in search, typo and all', async () => {
    await db.collection('products').doc(id).set(product);
    const entries = await eventually((e) => e.some((x) => x.id === id), `${id} added`);
    expect(find(entries, 'quantm widg').products.map((r) => r.slug)).toContain(product.slug);
  });

  it('a market update (price only) costs the index nothing; a rename costs one read and one write', async () => {
    const catalogWrites = async () => {
      const counters = (await (await fetch(`${firestoreUrl}/emulator/v1/counters`)).json()) as { reads: Record<string, number>; writes: Record<string, number> };
      return { reads: counters.reads.catalogIndex ?? 0, writes: counters.writes.catalogIndex ?? 0 };
    };
    const start = await catalogWrites();
    await db.collection('products').doc(id).update({ average_market_price: 130 });
    // A rename right after: events are delivered in commit order, so once it shows the price update was handled.
    await db.collection('products').doc(id).update({ name: 'Quantum Gadget' });
    const entries = await eventually((e) => e.some((x) => x.id === id && x.n === 'Quantum Gadget'), 'the rename');
    const end = await catalogWrites();
    expect(end.writes - start.writes).toBe(1);
    expect(find(entries, 'gadget').products.map((r) => r.slug)).toEqual([product.slug]);
  });

  it('a deleted product leaves the index', async () => {
    await db.collection('products').doc(id).delete();
    await eventually((e) => !e.some((x) => x.id === id), `${id} removed`);
  });

  it('a new material is found by name', async () => {
    const name = `Zirconium${Date.now()}`;
    await db.collection('materials').doc(name).set({ id: 999, value: 4, amount: 10, unit: 'kg' });
    const entries = await eventually((e) => e.some((x) => x.k === 'm' && x.id === name), `${name} added`);
    expect(find(entries, name.toLowerCase()).materials.map((r) => r.name)).toEqual([name]);
    await db.collection('materials').doc(name).delete();
  });
});
