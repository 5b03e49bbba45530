import { AggregateField, FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { RulesEngine } from '../../src/rules/contract';
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { adminClient, startTestEmulator, type AdminClient } from './harness';

let emulator: RunningFirestoreEmulator;
let client: AdminClient;
/** Admin requests must bypass rules: this engine denies everything and counts calls. */
let rulesCalls = 0;
const denyAll: RulesEngine = {
  authorize: () => {
    rulesCalls++;
    return { allowed: false, reason: 'deny all' };
  },
};

beforeAll(async () => {
  emulator = await startTestEmulator({ rules: denyAll });
  client = adminClient(emulator, 'admin-rest');
});

beforeEach(() => emulator.reset());

afterAll(async () => {
  await client.close();
  await emulator.stop();
});

it('set then get round-trips every value type and bypasses rules', async () => {
  const when = Timestamp.fromMillis(1_700_000_000_123);
  await client.db.doc('products/p1').set({
    name: 'Oil',
    price: 12,
    ratio: 0.5,
    on: true,
    none: null,
    when,
    tags: ['a', 'b'],
    nested: { deep: { x: 1 } },
  });
  const snap = await client.db.doc('products/p1').get();
  expect(snap.exists).toBe(true);
  expect(snap.data()).toEqual({
    name: 'Oil',
    price: 12,
    ratio: 0.5,
    on: true,
    none: null,
    when,
    tags: ['a', 'b'],
    nested: { deep: { x: 1 } },
  });
  expect(rulesCalls).toBe(0);
});

it('where/orderBy/limit queries with numeric enums', async () => {
  for (const [id, price] of [['a', 5], ['b', 15], ['c', 25], ['d', 35]] as const) {
    await client.db.doc(`products/${id}`).set({ price, kind: id === 'b' ? 'x' : 'y' });
  }
  const snap = await client.db.collection('products').where('price', '>', 10).orderBy('price', 'desc').limit(2).get();
  expect(snap.docs.map((d) => d.id)).toEqual(['d', 'c']);
  const notX = await client.db.collection('products').where('kind', '!=', 'x').get();
  expect(notX.docs.map((d) => d.id)).toEqual(['a', 'c', 'd']);
  const all = await client.db.collection('products').get();
  expect(all.docs.map((d) => d.id)).toEqual(['a', 'b', 'c', 'd']);
});

it('count() aggregation', async () => {
  await client.db.doc('products/a').set({ price: 1 });
  await client.db.doc('products/b').set({ price: 2 });
  expect((await client.db.collection('products').count().get()).data().count).toBe(2);
});

// Admin's REST transport can only map HTTP-like codes: ALREADY_EXISTS arrives as INVALID_ARGUMENT (3).
it('create() on an existing document fails at once with ALREADY_EXISTS in the message', async () => {
  await client.db.doc('products/p1').set({ name: 'Oil' });
  const started = Date.now();
  await expect(client.db.doc('products/p1').create({ name: 'Again' })).rejects.toMatchObject({
    code: 3,
    message: expect.stringContaining('ALREADY_EXISTS'),
  });
  expect(Date.now() - started).toBeLessThan(5_000);
  expect((await client.db.doc('products/p1').get()).data()).toEqual({ name: 'Oil' });
});

it('update() on a missing document fails with not-found (code 5)', async () => {
  await expect(client.db.doc('products/ghost').update({ price: 1 })).rejects.toMatchObject({ code: 5 });
});

it('set(merge) with only a server timestamp and FieldValue transforms', async () => {
  await client.db.doc('products/p1').set({ stock: 1, tags: ['a'] });
  await client.db.doc('products/p1').set({ updatedAt: FieldValue.serverTimestamp() }, { merge: true });
  await client.db.doc('products/p1').update({ stock: FieldValue.increment(2), tags: FieldValue.arrayUnion('b') });
  const data = (await client.db.doc('products/p1').get()).data()!;
  expect(data.stock).toBe(3);
  expect(data.tags).toEqual(['a', 'b']);
  expect(data.updatedAt).toBeInstanceOf(Timestamp);
});

it('runTransaction reads and writes through a server transaction', async () => {
  await client.db.doc('accounts/a').set({ balance: 10 });
  const result = await client.db.runTransaction(async (tx) => {
    const snap = await tx.get(client.db.doc('accounts/a'));
    const missing = await tx.get(client.db.doc('accounts/none'));
    tx.update(client.db.doc('accounts/a'), { balance: (snap.data()!.balance as number) + 5 });
    tx.set(client.db.doc('accounts/b'), { created: !missing.exists });
    return 'done';
  });
  expect(result).toBe('done');
  expect((await client.db.doc('accounts/a').get()).data()).toEqual({ balance: 15 });
  expect((await client.db.doc('accounts/b').get()).data()).toEqual({ created: true });
});

it('runTransaction retries when a document it read changed before its commit', async () => {
  await client.db.doc('accounts/a').set({ balance: 10 });
  let attempts = 0;
  await client.db.runTransaction(async (tx) => {
    attempts++;
    const balance = (await tx.get(client.db.doc('accounts/a'))).data()!.balance as number;
    if (attempts === 1) await client.db.doc('accounts/a').set({ balance: 100 });
    tx.set(client.db.doc('accounts/a'), { balance: balance + 1 });
  });
  expect(attempts).toBe(2);
  expect((await client.db.doc('accounts/a').get()).data()).toEqual({ balance: 101 });
});

it('update() with a stale lastUpdateTime precondition fails at once with failed-precondition (code 9)', async () => {
  const first = await client.db.doc('products/p1').set({ n: 1 });
  await client.db.doc('products/p1').set({ n: 2 });
  await expect(client.db.doc('products/p1').update({ n: 3 }, { lastUpdateTime: first.writeTime })).rejects.toMatchObject({ code: 9 });
  expect((await client.db.doc('products/p1').get()).data()).toEqual({ n: 2 });
});

it('a transaction may start with a query and aggregate', async () => {
  await client.db.doc('accounts/a').set({ balance: 10 });
  await client.db.doc('accounts/b').set({ balance: 20 });
  const total = await client.db.runTransaction(async (tx) => {
    const snap = await tx.get(client.db.collection('accounts').where('balance', '>=', 10));
    const sum = snap.docs.reduce((acc, d) => acc + (d.data().balance as number), 0);
    tx.set(client.db.doc('totals/all'), { sum });
    return sum;
  });
  expect(total).toBe(30);
  const agg = await client.db.collection('accounts').aggregate({ s: AggregateField.sum('balance'), m: AggregateField.average('balance') }).get();
  expect(agg.data()).toEqual({ s: 30, m: 15 });
});

it('a WriteBatch commits atomically', async () => {
  const batch = client.db.batch();
  batch.set(client.db.doc('products/a'), { n: 1 });
  batch.delete(client.db.doc('products/b'));
  batch.update(client.db.doc('products/a'), { n: 2 });
  await batch.commit();
  expect((await client.db.doc('products/a').get()).data()).toEqual({ n: 2 });
});

it('listCollections and listDocuments', async () => {
  await client.db.doc('products/a').set({ n: 1 });
  await client.db.doc('products/a/history/h1').set({ n: 1 });
  await client.db.doc('orphans/x/notes/n1').set({ n: 1 });
  expect((await client.db.listCollections()).map((c) => c.id)).toEqual(['orphans', 'products']);
  expect((await client.db.doc('products/a').listCollections()).map((c) => c.id)).toEqual(['history']);
  expect((await client.db.collection('orphans').listDocuments()).map((d) => d.id)).toEqual(['x']);
});
