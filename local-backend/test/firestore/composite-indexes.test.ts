/**
 * The emulator with declared composite indexes (firestore.indexes.json's format) answers a query that needs an index
 * it lacks as production does: FAILED_PRECONDITION, naming the index to declare; the lite SDK and firebase-admin both
 * see a failed-precondition error. Declared, the same query runs.
 */
import { collection, getCount, getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import type { RunningFirestoreEmulator } from '../../src/firestore';
import type { DeclaredIndex } from '../../src/firestore/index-requirements';
import { adminClient, liteClient, startTestEmulator } from './harness';

const byCategoryThenName: DeclaredIndex = {
  collectionGroup: 'items',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'category', order: 'ASCENDING' },
    { fieldPath: 'name', order: 'ASCENDING' },
  ],
};
const documents = [
  { path: 'items/a', data: { category: 'food', name: 'Bread', price: 3 } },
  { path: 'items/b', data: { category: 'food', name: 'Apple', price: 1 } },
  { path: 'items/c', data: { category: 'tech', name: 'Chip', price: 9 } },
];

let emulator: RunningFirestoreEmulator;
afterEach(async () => emulator?.stop());

async function withIndexes(indexes: DeclaredIndex[] | undefined) {
  emulator = await startTestEmulator({ indexes });
  emulator.importPlainDocuments(documents);
  return liteClient(emulator, 'composite-indexes');
}

it('a query needing an undeclared composite index fails as in production, naming the index', async () => {
  const client = await withIndexes([]);
  const sector = query(collection(client.db, 'items'), where('category', '==', 'food'), orderBy('name'));
  const error = await getDocs(sector).then(() => null, (e: { code: string; message: string }) => e);
  expect(error?.code).toBe('failed-precondition');
  expect(error?.message).toContain('The query requires an index');
  expect(error?.message).toContain(JSON.stringify(byCategoryThenName));
  await expect(getCount(sector)).rejects.toMatchObject({ code: 'failed-precondition' });
  // What single-field indexes serve still runs.
  expect((await getDocs(query(collection(client.db, 'items'), where('category', '==', 'food')))).size).toBe(2);
  expect((await getDocs(query(collection(client.db, 'items'), orderBy('price', 'desc')))).docs.map((d) => d.id)).toEqual(['c', 'a', 'b']);
  await client.close();
});

it('firebase-admin sees the same refusal', async () => {
  await withIndexes([]);
  const admin = adminClient(emulator, 'composite-indexes-admin');
  await expect(admin.db.collection('items').where('category', '==', 'food').orderBy('name').get()).rejects.toMatchObject({ code: 9 });
  await admin.close();
});

it('declared, the query runs', async () => {
  const client = await withIndexes([byCategoryThenName]);
  const sector = query(collection(client.db, 'items'), where('category', '==', 'food'), orderBy('name'));
  expect((await getDocs(sector)).docs.map((d) => d.id)).toEqual(['b', 'a']);
  await client.close();
});

it('without declared indexes (a plain emulator) nothing is checked', async () => {
  const client = await withIndexes(undefined);
  expect((await getDocs(query(collection(client.db, 'items'), where('category', '==', 'food'), orderBy('name')))).size).toBe(2);
  await client.close();
});
