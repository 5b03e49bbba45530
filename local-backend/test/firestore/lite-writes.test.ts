import {
  Timestamp,
  addDoc,
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  increment,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
} from 'firebase/firestore/lite';
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { liteClient, startTestEmulator, type LiteClient } from './harness';

let emulator: RunningFirestoreEmulator;
let client: LiteClient;

beforeAll(async () => {
  emulator = await startTestEmulator();
  client = liteClient(emulator, 'lite-writes');
});

beforeEach(() => emulator.reset());

afterAll(async () => {
  await client.close();
  await emulator.stop();
});

const ref = (path: string) => doc(client.db, path);
const data = async (path: string) => (await getDoc(ref(path))).data();

it('setDoc replaces the whole document', async () => {
  await setDoc(ref('players/p1'), { name: 'Ann', cash: 10, nested: { a: 1, b: 2 } });
  await setDoc(ref('players/p1'), { name: 'Ann B.' });
  expect(await data('players/p1')).toEqual({ name: 'Ann B.' });
});

it('setDoc with merge keeps untouched fields, including nested ones', async () => {
  await setDoc(ref('players/p1'), { name: 'Ann', cash: 10, nested: { a: 1, b: 2 } });
  await setDoc(ref('players/p1'), { cash: 20, nested: { b: 3 } }, { merge: true });
  expect(await data('players/p1')).toEqual({ name: 'Ann', cash: 20, nested: { a: 1, b: 3 } });
});

it('updateDoc changes dotted paths and deletes fields with deleteField()', async () => {
  await setDoc(ref('players/p1'), { name: 'Ann', cash: 10, nested: { a: 1, b: 2 } });
  await updateDoc(ref('players/p1'), { 'nested.a': 5, cash: deleteField() });
  expect(await data('players/p1')).toEqual({ name: 'Ann', nested: { a: 5, b: 2 } });
});

it('updateDoc on a missing document fails with not-found and creates nothing', async () => {
  await expect(updateDoc(ref('players/ghost'), { cash: 1 })).rejects.toMatchObject({ code: 'not-found' });
  expect((await getDoc(ref('players/ghost'))).exists()).toBe(false);
});

it('addDoc creates a document with a generated 20-character id', async () => {
  const created = await addDoc(collection(client.db, 'players'), { name: 'Bob' });
  expect(created.id).toMatch(/^[A-Za-z0-9]{20}$/);
  expect(await data(`players/${created.id}`)).toEqual({ name: 'Bob' });
});

it('deleteDoc removes the document', async () => {
  await setDoc(ref('players/p1'), { name: 'Ann' });
  await deleteDoc(ref('players/p1'));
  expect((await getDoc(ref('players/p1'))).exists()).toBe(false);
});

it('serverTimestamp() stores the commit time', async () => {
  const before = Date.now();
  await setDoc(ref('players/p1'), { at: serverTimestamp() }, { merge: true });
  const at = (await data('players/p1'))!.at as Timestamp;
  expect(at).toBeInstanceOf(Timestamp);
  expect(at.toMillis()).toBeGreaterThanOrEqual(before);
  expect(at.toMillis()).toBeLessThanOrEqual(Date.now());
});

it('increment adds to integers and doubles and starts missing fields at the operand', async () => {
  await setDoc(ref('players/p1'), { cash: 10, ratio: 0.5 });
  await updateDoc(ref('players/p1'), { cash: increment(5), ratio: increment(0.25), fresh: increment(3) });
  expect(await data('players/p1')).toEqual({ cash: 15, ratio: 0.75, fresh: 3 });
});

it('arrayUnion appends only missing elements; arrayRemove removes every occurrence', async () => {
  await setDoc(ref('players/p1'), { tags: ['a', 'b', 'a'] });
  await updateDoc(ref('players/p1'), { tags: arrayUnion('b', 'c', 'c') });
  expect((await data('players/p1'))!.tags).toEqual(['a', 'b', 'a', 'c']);
  await updateDoc(ref('players/p1'), { tags: arrayRemove('a') });
  expect((await data('players/p1'))!.tags).toEqual(['b', 'c']);
});

it('a writeBatch applies its writes in order', async () => {
  const batch = writeBatch(client.db);
  batch.set(ref('players/p1'), { cash: 1 });
  batch.update(ref('players/p1'), { cash: 2 });
  batch.set(ref('players/p2'), { cash: 3 });
  batch.delete(ref('players/p2'));
  await batch.commit();
  expect(await data('players/p1')).toEqual({ cash: 2 });
  expect((await getDoc(ref('players/p2'))).exists()).toBe(false);
});

it('a writeBatch with one failing write applies none of its writes', async () => {
  const batch = writeBatch(client.db);
  batch.set(ref('players/p1'), { cash: 1 });
  batch.update(ref('players/missing'), { cash: 2 });
  await expect(batch.commit()).rejects.toMatchObject({ code: 'not-found' });
  expect((await getDocs(collection(client.db, 'players'))).size).toBe(0);
});

it('update times strictly increase across commits', async () => {
  const times: string[] = [];
  for (let i = 0; i < 5; i++) {
    await setDoc(ref('players/p1'), { i });
    const res = await fetch(`${emulator.url}/emulator/v1/export`);
    const body = (await res.json()) as { documents: Array<{ updateTime: string }> };
    times.push(body.documents[0].updateTime);
  }
  expect([...times].sort()).toEqual(times);
  expect(new Set(times).size).toBe(5);
});

it('runTransaction reads then writes atomically', async () => {
  await setDoc(ref('accounts/a'), { balance: 100 });
  await setDoc(ref('accounts/b'), { balance: 0 });
  await runTransaction(client.db, async (tx) => {
    const a = (await tx.get(ref('accounts/a'))).data()!.balance as number;
    tx.update(ref('accounts/a'), { balance: a - 30 });
    tx.update(ref('accounts/b'), { balance: increment(30) });
  });
  expect(await data('accounts/a')).toEqual({ balance: 70 });
  expect(await data('accounts/b')).toEqual({ balance: 30 });
});

it('runTransaction retries when a document it read changed before its commit', async () => {
  await setDoc(ref('accounts/a'), { balance: 100 });
  let attempts = 0;
  await runTransaction(client.db, async (tx) => {
    attempts++;
    const balance = (await tx.get(ref('accounts/a'))).data()!.balance as number;
    if (attempts === 1) await setDoc(ref('accounts/a'), { balance: 500 });
    tx.set(ref('accounts/a'), { balance: balance + 1 });
  });
  expect(attempts).toBe(2);
  expect(await data('accounts/a')).toEqual({ balance: 501 });
});

it('runTransaction retries when a document it saw missing was created meanwhile', async () => {
  let attempts = 0;
  await runTransaction(client.db, async (tx) => {
    attempts++;
    const snap = await tx.get(ref('accounts/new'));
    if (attempts === 1) await setDoc(ref('accounts/new'), { balance: 7 });
    tx.set(ref('accounts/new'), { balance: snap.exists() ? (snap.data().balance as number) * 2 : 1 });
  });
  expect(attempts).toBe(2);
  expect(await data('accounts/new')).toEqual({ balance: 14 });
});
