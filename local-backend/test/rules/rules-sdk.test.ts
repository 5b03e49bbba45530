/**
 * firestore.rules THROUGH THE REAL SDK (`firebase/firestore/lite`): a table of every public collection × guest /
 * player / admin × get, list, create, update, delete, then the key cases of products and users. One Firestore
 * instance per kind of user, signed in with the SDK's `mockUserToken` as @firebase/rules-unit-testing does.
 *
 * By default the suite starts the project's own emulator in-process on a free port, with the engine loaded from
 * the repo's firestore.rules, and seeds it with `importPlainDocuments` (owner path, bypasses the rules).
 *
 * The same suite runs against Google's official Firestore emulator where Java 21 is available: with a
 * firebase.json whose "firestore.rules" is the repo's firestore.rules, run
 *   npx firebase emulators:exec --only firestore --project demo-sbc-tycoon \
 *     "npx jest --selectProjects unit --testPathPatterns local-backend/test/rules/rules-sdk.test.ts"
 * emulators:exec sets FIRESTORE_EMULATOR_HOST (e.g. 127.0.0.1:8080); when it is set this suite connects there
 * instead of starting ours, and seeds through the REST `commit` endpoint with `Authorization: Bearer owner`, which
 * both emulators treat as the admin SDK (rules bypassed). Document ids carry a per-run suffix, so a long-lived
 * emulator with earlier data does not change the outcomes.
 */
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import {
  type Firestore,
  addDoc,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  query,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore/lite';
import { join } from 'node:path';
import { type RunningFirestoreEmulator, encodeFields, startFirestoreEmulator } from '../../src/firestore';
import { loadRulesFile } from '../../src/rules';

const PROJECT_ID = 'demo-sbc-tycoon';
const RULES_PATH = join(__dirname, '../../../firestore.rules');
const run = Date.now().toString(36);
const id = (name: string) => `${name}-${run}`;
const createdAt = new Date('2026-01-01T00:00:00.000Z');

const ALICE = id('alice');
const BOB = id('bob');
const ADMIN = id('admin');
const PRODUCT = id('mining_iron_ore');

const seedDocuments: Array<{ path: string; data: Record<string, unknown> }> = [
  { path: `users/${ALICE}`, data: { uid: ALICE, email: 'alice@example.com', displayName: 'Alice', isAdmin: false, createdAt, lastLoginAt: createdAt } },
  { path: `users/${BOB}`, data: { uid: BOB, email: 'bob@example.com', displayName: 'Bob', isAdmin: false, createdAt, lastLoginAt: createdAt } },
  { path: `users/${ADMIN}`, data: { uid: ADMIN, email: 'admin@example.com', displayName: 'Admin', isAdmin: true, createdAt, lastLoginAt: createdAt } },
  { path: `products/${PRODUCT}`, data: { slug: id('iron-ore'), name: 'Iron Ore', category: 'mining', average_market_price: 12, createdAt } },
  { path: `materials/${id('Iron')}`, data: { id: 1, value: 3.5, amount: 100 } },
];

type Role = 'guest' | 'player' | 'admin';
const ROLES: Role[] = ['guest', 'player', 'admin'];
const UID: Record<Role, string | null> = { guest: null, player: ALICE, admin: ADMIN };

/**
 * The public collections and who may write them from a browser (firestore.rules): everyone reads all of them;
 * only admins write products; the others are written by the game's servers only (admin SDK), never by a browser
 * (an admin's Add Material creates a complete new material only: see 'an admin' below; `data` here is not one).
 * `data` is a valid document, so that a denial comes from who is asking, not from the document's shape.
 */
const PUBLIC_COLLECTIONS: Array<{ name: string; writers: Role[]; data: Record<string, unknown>; deleters?: Role[] }> = [
  // No feature deletes a product, so nobody may (firestore.rules).
  { name: 'products', writers: ['admin'], deleters: [], data: { slug: id('table'), name: 'Table', category: 'mining', average_market_price: 5, createdAt } },
  { name: 'materials', writers: [], data: { id: 2, value: 1.5, amount: 10 } },
  { name: 'marketStats', writers: [], data: { category: 'mining', count: 3, total: 30, avg: 10 } },
  { name: 'marketMaterialStats', writers: [], data: { category: 'industry', count: 2, total: 8, avg: 4 } },
  { name: 'gameParameters', writers: [], data: { value: createdAt } },
  { name: 'talents', writers: [], data: { type: 'engineering', levels: [1, 2, 3] } },
];
const tableDoc = (collection: string) => `${collection}/${id('table')}`;
const deletableDoc = (collection: string, role: Role) => `${collection}/${id(`table-delete-${role}`)}`;
for (const { name, data } of PUBLIC_COLLECTIONS) {
  seedDocuments.push({ path: tableDoc(name), data });
  for (const role of ROLES) seedDocuments.push({ path: deletableDoc(name, role), data });
}

let emulator: RunningFirestoreEmulator | null = null;
let host = '127.0.0.1';
let port = 0;
const apps: FirebaseApp[] = [];

async function seedThroughRest(): Promise<void> {
  const base = `projects/${PROJECT_ID}/databases/(default)/documents`;
  const response = await fetch(`http://${host}:${port}/v1/${base}:commit`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ writes: seedDocuments.map((d) => ({ update: { name: `${base}/${d.path}`, fields: encodeFields(d.data) } })) }),
  });
  if (!response.ok) throw new Error(`seeding failed: HTTP ${response.status} ${await response.text()}`);
}

/**
 * A product as Add product creates it: document id category_name (SPEC section 7, per-run name so a long-lived
 * emulator never holds it already), server timestamps.
 */
function newProduct(name: string): { id: string; data: Record<string, unknown> } {
  const fullName = `${name} ${run}`;
  return {
    id: `mining_${fullName.toLowerCase().replace(/[^a-z0-9_]/gu, '_')}`,
    data: { slug: id(name.toLowerCase().replace(/ /g, '-')), name: fullName, category: 'mining', type: 'product', price_max: 5, price_min: 1, createdAt: serverTimestamp(), updatedAt: serverTimestamp() },
  };
}

/** A Firestore client as a guest (uid null) or signed in as `uid` (its token's e-mail is `{uid}@example.com`). */
function client(uid: string | null): Firestore {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `rules-sdk-${uid ?? 'guest'}-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, host, port, uid ? { mockUserToken: { sub: uid, user_id: uid, email: `${uid}@example.com` } } : {});
  return db;
}

beforeAll(async () => {
  // Every expected denial would otherwise be logged by the SDK as a failed RPC.
  setLogLevel('silent');
  const external = process.env.FIRESTORE_EMULATOR_HOST;
  if (external) {
    const at = external.lastIndexOf(':');
    host = external.slice(0, at);
    port = Number(external.slice(at + 1));
    await seedThroughRest();
  } else {
    emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT_ID, rules: loadRulesFile(RULES_PATH) });
    host = emulator.host;
    port = emulator.port;
    emulator.importPlainDocuments(seedDocuments);
  }
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator?.stop();
});

const denied = { code: 'permission-denied' };

const clients = new Map<Role, Firestore>();
const clientFor = (role: Role): Firestore => clients.get(role) ?? clients.set(role, client(UID[role])).get(role)!;

/**
 * A product write as the admin console makes it: the product and its audit entry in one batch (the rules refuse
 * either alone; audit-trail.test.ts covers that). The entry names the caller, so only who asks decides here.
 */
async function withAuditEntry(db: Firestore, role: Role, path: string, data: Record<string, unknown>, merge = false): Promise<void> {
  const batch = writeBatch(db);
  const entry = doc(collection(db, 'productAudit'));
  const productId = path.split('/')[1];
  batch.set(doc(db, path), { ...data, auditId: entry.id }, { merge });
  batch.set(entry, {
    productId,
    slug: String(data.slug ?? productId),
    action: merge ? 'update' : 'create',
    uid: UID[role] ?? 'guest',
    email: `${role}@example.com`,
    at: serverTimestamp(),
    before: null,
    after: { name: 'x' },
    changedFields: Object.keys(data),
  });
  await batch.commit();
}

type Operation = 'get' | 'list' | 'create' | 'update' | 'delete';
const OPERATIONS: Record<Operation, (db: Firestore, name: string, data: Record<string, unknown>, role: Role) => Promise<unknown>> = {
  get: (db, name) => getDoc(doc(db, tableDoc(name))),
  list: (db, name) => getDocs(collection(db, name)),
  create: (db, name, data, role) => {
    if (name !== 'products') return setDoc(doc(db, name, id(`table-new-${role}`)), data);
    const product = newProduct(`Table ${role}`);
    return withAuditEntry(db, role, `products/${product.id}`, product.data);
  },
  // A change that keeps a product's shape and identity (updatedAt is the server's time, the audit entry alongside),
  // so only the caller decides.
  update: (db, name, _data, role) =>
    name === 'products'
      ? withAuditEntry(db, role, tableDoc(name), { average_market_price: 7, updatedAt: serverTimestamp() }, true)
      : updateDoc(doc(db, tableDoc(name)), { average_market_price: 7 }),
  delete: (db, name, _data, role) => deleteDoc(doc(db, deletableDoc(name, role))),
};

describe('public collections: who reads and writes (firestore.rules)', () => {
  const cases = PUBLIC_COLLECTIONS.flatMap(({ name, writers, deleters = writers, data }) =>
    ROLES.flatMap((role) =>
      (Object.keys(OPERATIONS) as Operation[]).map((operation) => {
        const allowed = operation === 'get' || operation === 'list' || (operation === 'delete' ? deleters : writers).includes(role);
        return [name, role, operation, allowed ? 'allowed' : 'denied', data] as const;
      }),
    ),
  );

  it.each(cases)('%s: %s %s → %s', async (name, role, operation, expected, data) => {
    const attempt = OPERATIONS[operation](clientFor(role), name, data, role);
    if (expected === 'allowed') await expect(attempt).resolves.not.toThrow();
    else await expect(attempt).rejects.toMatchObject(denied);
  });
});

describe('a guest', () => {
  it('reads products and materials', async () => {
    const db = client(null);
    expect((await getDoc(doc(db, 'products', PRODUCT))).get('name')).toBe('Iron Ore');
    expect((await getDocs(collection(db, 'products'))).empty).toBe(false);
    expect((await getDocs(collection(db, 'materials'))).empty).toBe(false);
  });

  it('cannot add a product, nor read a user document', async () => {
    const db = client(null);
    await expect(addDoc(collection(db, 'products'), { slug: id('guest-made'), name: 'Guest made' })).rejects.toMatchObject(denied);
    await expect(getDoc(doc(db, 'users', ALICE))).rejects.toMatchObject(denied);
  });
});

describe('a player', () => {
  it('reads their own user document but not another player\'s', async () => {
    const db = client(ALICE);
    expect((await getDoc(doc(db, 'users', ALICE))).get('isAdmin')).toBe(false);
    await expect(getDoc(doc(db, 'users', BOB))).rejects.toMatchObject(denied);
  });

  it('cannot query the users collection, not even for their own uid or for a uid that matches nothing', async () => {
    const db = client(ALICE);
    await expect(getDocs(collection(db, 'users'))).rejects.toMatchObject(denied);
    await expect(getDocs(query(collection(db, 'users'), where('uid', '==', ALICE)))).rejects.toMatchObject(denied);
    await expect(getDocs(query(collection(db, 'users'), where('uid', '==', id('nobody'))))).rejects.toMatchObject(denied);
  });

  it('cannot add, update or delete a product, nor write market data', async () => {
    const db = client(ALICE);
    await expect(setDoc(doc(db, 'products', id('player-made')), { slug: id('player-made'), name: 'Mine' })).rejects.toMatchObject(denied);
    await expect(updateDoc(doc(db, 'products', PRODUCT), { average_market_price: 1 })).rejects.toMatchObject(denied);
    await expect(deleteDoc(doc(db, 'products', PRODUCT))).rejects.toMatchObject(denied);
    await expect(setDoc(doc(db, 'materials', id('Gold')), { value: 1 })).rejects.toMatchObject(denied);
  });

  it('creates their own document on first sign-in only with isAdmin false', async () => {
    const uid = id('newbie');
    const db = client(uid);
    const ref = doc(db, 'users', uid);
    const fields = { uid, email: `${uid}@example.com`, displayName: 'Newbie', createdAt: serverTimestamp(), lastLoginAt: serverTimestamp() };
    await expect(setDoc(ref, { ...fields, isAdmin: true })).rejects.toMatchObject(denied);
    await expect(setDoc(ref, { ...fields, email: 'someone@example.com', isAdmin: false })).rejects.toMatchObject(denied);
    await expect(setDoc(ref, { ...fields, displayName: 'n'.repeat(101), isAdmin: false })).rejects.toMatchObject(denied);
    await expect(setDoc(ref, { ...fields, createdAt, isAdmin: false })).rejects.toMatchObject(denied);
    await expect(setDoc(doc(db, 'users', id('someone-else')), { ...fields, uid: id('someone-else'), isAdmin: false })).rejects.toMatchObject(denied);
    await setDoc(ref, { ...fields, isAdmin: false });
    expect((await getDoc(ref)).get('isAdmin')).toBe(false);
  });

  it('updates lastLoginAt and displayName, but can never flip isAdmin nor delete the document', async () => {
    const db = client(ALICE);
    const ref = doc(db, 'users', ALICE);
    await setDoc(ref, { lastLoginAt: serverTimestamp() }, { merge: true });
    await updateDoc(ref, { displayName: 'Alice the Great' });
    await expect(updateDoc(ref, { displayName: 'a'.repeat(101) })).rejects.toMatchObject(denied);
    await expect(updateDoc(ref, { lastLoginAt: createdAt })).rejects.toMatchObject(denied);
    await expect(updateDoc(ref, { isAdmin: true })).rejects.toMatchObject(denied);
    await expect(setDoc(ref, { isAdmin: true, lastLoginAt: serverTimestamp() }, { merge: true })).rejects.toMatchObject(denied);
    await expect(updateDoc(ref, { email: 'changed@example.com' })).rejects.toMatchObject(denied);
    await expect(deleteDoc(ref)).rejects.toMatchObject(denied);
    expect((await getDoc(ref)).data()).toMatchObject({ isAdmin: false, displayName: 'Alice the Great', email: 'alice@example.com' });
  });
});

describe('an admin', () => {
  it('adds and edits products within SPEC section 5, never deletes them', async () => {
    const db = client(ADMIN);
    const copper = newProduct('Copper');
    await expect(withAuditEntry(db, 'admin', `products/${id('auto')}`, copper.data)).rejects.toMatchObject(denied);
    await expect(withAuditEntry(db, 'admin', `products/${copper.id}`, { ...copper.data, name: 'C' })).rejects.toMatchObject(denied);
    await expect(withAuditEntry(db, 'admin', `products/${copper.id}`, { ...copper.data, price_max: -1 })).rejects.toMatchObject(denied);
    await expect(withAuditEntry(db, 'admin', `products/${copper.id}`, { ...copper.data, requested_materials: { Copper: '2' } })).rejects.toMatchObject(denied);
    await expect(withAuditEntry(db, 'admin', `products/${copper.id}`, { ...copper.data, createdAt })).rejects.toMatchObject(denied);
    await withAuditEntry(db, 'admin', `products/${copper.id}`, { ...copper.data, requested_materials: { Copper: 2 } });
    expect((await getDoc(doc(db, 'products', copper.id))).get('name')).toBe(`Copper ${run}`);
    await withAuditEntry(db, 'admin', `products/${PRODUCT}`, { average_market_price: 15, updatedAt: serverTimestamp() }, true);
    expect((await getDoc(doc(db, 'products', PRODUCT))).get('average_market_price')).toBe(15);
    await expect(withAuditEntry(db, 'admin', `products/${PRODUCT}`, { average_market_price: 16 }, true)).rejects.toMatchObject(denied);
    await expect(withAuditEntry(db, 'admin', `products/${PRODUCT}`, { category: 'm'.repeat(51), updatedAt: serverTimestamp() }, true)).rejects.toMatchObject(denied);
    await expect(deleteDoc(doc(db, 'products', copper.id))).rejects.toMatchObject(denied);
  });

  it('creates a new material as Add Material writes it, never replaces, changes or deletes one; a player cannot', async () => {
    const db = client(ADMIN);
    const material = { id: 7, unit: 'kg', spaceRequired: 0.5, value: 42.1, amount: 300, lastqty: 300, lastvalue: 42.1, startqty: 300, startvalue: 42.1, cyclecount: 0 };
    const cobalt = doc(db, 'materials', id('Cobalt'));
    await expect(setDoc(doc(client(ALICE), 'materials', id('Cobalt')), material)).rejects.toMatchObject(denied);
    await expect(setDoc(cobalt, { ...material, value: -1 })).rejects.toMatchObject(denied);
    await expect(setDoc(cobalt, { ...material, id: 7.5 })).rejects.toMatchObject(denied);
    await setDoc(cobalt, material);
    expect((await getDoc(cobalt)).get('value')).toBe(42.1);
    await expect(setDoc(cobalt, { ...material, value: 1 })).rejects.toMatchObject(denied);
    await expect(updateDoc(cobalt, { value: 1 })).rejects.toMatchObject(denied);
    await expect(deleteDoc(cobalt)).rejects.toMatchObject(denied);
  });

  it('cannot change a product\'s slug or createdAt, nor add a migratedAt', async () => {
    const db = client(ADMIN);
    const ref = doc(db, 'products', PRODUCT);
    await expect(updateDoc(ref, { slug: id('steel') })).rejects.toMatchObject(denied);
    await expect(updateDoc(ref, { createdAt: serverTimestamp() })).rejects.toMatchObject(denied);
    await expect(updateDoc(ref, { migratedAt: serverTimestamp() })).rejects.toMatchObject(denied);
  });

  it('reads any user document but cannot grant or drop isAdmin', async () => {
    const db = client(ADMIN);
    expect((await getDoc(doc(db, 'users', BOB))).get('uid')).toBe(BOB);
    expect((await getDocs(query(collection(db, 'users'), where('uid', '==', BOB)))).docs.map((d) => d.id)).toEqual([BOB]);
    await expect(updateDoc(doc(db, 'users', BOB), { isAdmin: true })).rejects.toMatchObject(denied);
    await expect(updateDoc(doc(db, 'users', ADMIN), { isAdmin: false })).rejects.toMatchObject(denied);
    await expect(setDoc(doc(db, 'gameParameters', 'date'), { value: serverTimestamp() })).rejects.toMatchObject(denied);
  });
});
