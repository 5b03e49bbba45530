/**
 * The audit trail's rules (firestore.rules, productAudit block and the products block's writesAuditEntry) THROUGH
 * THE REAL SDK (`firebase/firestore/lite`) against the project's emulator: a console product write and its entry
 * go together in one batch or not at all, entries are the caller's own and at the server's time, and they are
 * never updated or deleted. Setup as in rules-sdk.test.ts (in-process emulator, owner-path seed).
 */
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import {
  type Firestore,
  Timestamp,
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
import { type RunningFirestoreEmulator, startFirestoreEmulator } from '../../src/firestore';
import { loadRulesFile } from '../../src/rules';

const PROJECT_ID = 'demo-sbc-tycoon';
const RULES_PATH = join(__dirname, '../../../firestore.rules');
const createdAt = new Date('2026-01-01T00:00:00.000Z');
const ADMIN = 'audit-admin';
const PLAYER = 'audit-player';

let emulator: RunningFirestoreEmulator;
const apps: FirebaseApp[] = [];
const denied = { code: 'permission-denied' };

function client(uid: string): Firestore {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `audit-${uid}-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, { mockUserToken: { sub: uid, user_id: uid } });
  return db;
}

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT_ID, rules: loadRulesFile(RULES_PATH) });
  emulator.importPlainDocuments([
    { path: `users/${ADMIN}`, data: { uid: ADMIN, email: 'admin@example.com', displayName: 'Admin', isAdmin: true, createdAt, lastLoginAt: createdAt } },
    { path: `users/${PLAYER}`, data: { uid: PLAYER, email: 'p@example.com', displayName: 'P', isAdmin: false, createdAt, lastLoginAt: createdAt } },
    { path: 'products/iron', data: { slug: 'iron', name: 'Iron', average_market_price: 1, createdAt } },
    { path: 'products/copper', data: { slug: 'copper', name: 'Copper', average_market_price: 2, createdAt } },
  ]);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator.stop();
});

/** An entry as the console writes it (shared/src/data/audit.ts), by `uid`, for `productId`. */
function entry(uid: string, productId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    productId,
    slug: productId,
    action: 'update',
    uid,
    email: `${uid}@example.com`,
    at: serverTimestamp(),
    before: { name: 'Iron' },
    after: { name: 'Iron 2' },
    changedFields: ['name'],
    ...extra,
  };
}

/** One batch: the product replaced with `product` + auditId, and the entry. */
async function consoleWrite(db: Firestore, uid: string, productId: string, product: Record<string, unknown>, entryExtra = {}) {
  const ref = doc(collection(db, 'productAudit'));
  const batch = writeBatch(db);
  batch.set(doc(db, 'products', productId), { ...product, updatedAt: serverTimestamp(), auditId: ref.id });
  batch.set(ref, entry(uid, productId, entryExtra));
  await batch.commit();
  return ref;
}

describe('the audit trail (firestore.rules)', () => {
  it('an admin writes a product and its entry in one batch; the entry is readable by admins only', async () => {
    const admin = client(ADMIN);
    const ref = await consoleWrite(admin, ADMIN, 'iron', { slug: 'iron', name: 'Iron 2', average_market_price: 1, createdAt });
    expect((await getDoc(doc(admin, 'products', 'iron'))).get('auditId')).toBe(ref.id);
    const stored = await getDoc(ref);
    expect(stored.get('uid')).toBe(ADMIN);
    expect(stored.get('at')).toBeInstanceOf(Timestamp);
    expect((await getDocs(query(collection(admin, 'productAudit'), where('productId', '==', 'iron')))).size).toBe(1);
    await expect(getDoc(doc(client(PLAYER), 'productAudit', ref.id))).rejects.toMatchObject(denied);
  });

  it('refuses an entry without the product write it describes', async () => {
    const admin = client(ADMIN);
    await expect(setDoc(doc(collection(admin, 'productAudit')), entry(ADMIN, 'iron'))).rejects.toMatchObject(denied);
  });

  it('refuses a product write without its entry, and one naming an entry that already existed', async () => {
    const admin = client(ADMIN);
    await expect(updateDoc(doc(admin, 'products', 'copper'), { average_market_price: 3, updatedAt: serverTimestamp() })).rejects.toMatchObject(denied);
    await expect(setDoc(doc(admin, 'products', 'copper'), { slug: 'copper', name: 'Copper', average_market_price: 3, createdAt })).rejects.toMatchObject(denied);
    const old = await consoleWrite(admin, ADMIN, 'copper', { slug: 'copper', name: 'Copper', average_market_price: 4, createdAt });
    // Reusing the previous write's entry id: that entry existed before this request.
    await expect(updateDoc(doc(admin, 'products', 'copper'), { average_market_price: 5, updatedAt: serverTimestamp(), auditId: old.id })).rejects.toMatchObject(denied);
    await expect(setDoc(doc(admin, 'products', 'brand-new'), { slug: 'brand-new', name: 'New', auditId: old.id })).rejects.toMatchObject(denied);
    expect((await getDoc(doc(admin, 'products', 'copper'))).get('average_market_price')).toBe(4);
  });

  it('refuses an entry that describes another product, names another user or a client-chosen time', async () => {
    const admin = client(ADMIN);
    const product = { slug: 'iron', name: 'Iron', average_market_price: 9, createdAt };
    await expect(consoleWrite(admin, ADMIN, 'iron', product, { productId: 'copper' })).rejects.toMatchObject(denied);
    await expect(consoleWrite(admin, ADMIN, 'iron', product, { uid: PLAYER })).rejects.toMatchObject(denied);
    await expect(consoleWrite(admin, ADMIN, 'iron', product, { at: Timestamp.fromDate(createdAt) })).rejects.toMatchObject(denied);
    await expect(consoleWrite(admin, ADMIN, 'iron', product, { action: 'delete-everything' })).rejects.toMatchObject(denied);
    await expect(consoleWrite(admin, ADMIN, 'iron', product, { note: 'extra field' })).rejects.toMatchObject(denied);
    expect((await getDoc(doc(admin, 'products', 'iron'))).get('average_market_price')).toBe(1);
  });

  it('never lets an entry be updated or deleted, not even by an admin', async () => {
    const admin = client(ADMIN);
    const ref = await consoleWrite(admin, ADMIN, 'iron', { slug: 'iron', name: 'Iron 3', average_market_price: 1, createdAt });
    await expect(updateDoc(ref, { email: 'someone-else@example.com' })).rejects.toMatchObject(denied);
    await expect(setDoc(ref, entry(ADMIN, 'iron'))).rejects.toMatchObject(denied);
    await expect(deleteDoc(ref)).rejects.toMatchObject(denied);
    expect((await getDoc(ref)).get('email')).toBe(`${ADMIN}@example.com`);
  });

  it('refuses the batch of a non-admin, in their own name or an admin\'s', async () => {
    const player = client(PLAYER);
    const product = { slug: 'iron', name: 'Hacked', average_market_price: 0, createdAt };
    await expect(consoleWrite(player, PLAYER, 'iron', product)).rejects.toMatchObject(denied);
    await expect(consoleWrite(player, ADMIN, 'iron', product)).rejects.toMatchObject(denied);
    await expect(getDocs(collection(player, 'productAudit'))).rejects.toMatchObject(denied);
  });
});
