import {
  Bytes,
  GeoPoint,
  Timestamp,
  and,
  collection,
  collectionGroup,
  count,
  doc,
  documentId,
  endAt,
  endBefore,
  getAggregate,
  getCount,
  getDoc,
  getDocs,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  setDoc,
  startAfter,
  startAt,
  sum,
  average,
  where,
  type Query,
  type WhereFilterOp,
} from 'firebase/firestore/lite';
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { liteClient, startTestEmulator, type LiteClient } from './harness';

let emulator: RunningFirestoreEmulator;
let client: LiteClient;

const ids = async (q: Query) => (await getDocs(q)).docs.map((d) => d.id);

beforeAll(async () => {
  emulator = await startTestEmulator();
  client = liteClient(emulator, 'lite-queries');
  emulator.importPlainDocuments([
    { path: 'companies/a', data: { name: 'Acme', level: 3, tags: ['steel', 'oil'], rating: 4.5, region: 'north' } },
    { path: 'companies/b', data: { name: 'Bolt', level: 1, tags: ['oil'], rating: 3, region: 'south' } },
    { path: 'companies/c', data: { name: 'Crane', level: 2, tags: [], rating: null, region: 'north' } },
    { path: 'companies/d', data: { name: 'Dyno', level: 5, tags: ['tech'], region: 'east' } },
    { path: 'companies/e', data: { name: 'Echo', tags: ['tech', 'oil'], rating: Number.NaN, region: 'west' } },
    { path: 'companies/a/employees/x', data: { name: 'Xena', salary: 100 } },
    { path: 'companies/b/employees/y', data: { name: 'Yann', salary: 300 } },
    { path: 'companies/b/employees/z', data: { name: 'Zoe', salary: 200 } },
    { path: 'archive/old/employees/w', data: { name: 'Walt', salary: 50 } },
  ]);
});

afterAll(async () => {
  await client.close();
  await emulator.stop();
});

const companies = () => collection(client.db, 'companies');

it('getDoc returns the stored fields of an existing document', async () => {
  const snap = await getDoc(doc(client.db, 'companies/a'));
  expect(snap.exists()).toBe(true);
  expect(snap.data()).toEqual({ name: 'Acme', level: 3, tags: ['steel', 'oil'], rating: 4.5, region: 'north' });
});

it('getDoc of a missing document reports it does not exist', async () => {
  const snap = await getDoc(doc(client.db, 'companies/nope'));
  expect(snap.exists()).toBe(false);
});

it('getDocs of a collection returns its direct documents ordered by id, not subcollection documents', async () => {
  expect(await ids(companies())).toEqual(['a', 'b', 'c', 'd', 'e']);
});

it('getDocs of an empty collection returns no documents', async () => {
  expect((await getDocs(collection(client.db, 'nothing-here'))).empty).toBe(true);
});

it.each<[string, WhereFilterOp, unknown, string[]]>([
  ['level', '==', 3, ['a']],
  ['level', '!=', 3, ['b', 'c', 'd']],
  ['level', '<', 3, ['b', 'c']],
  ['level', '<=', 3, ['b', 'c', 'a']],
  ['level', '>', 2, ['a', 'd']],
  ['level', '>=', 2, ['c', 'a', 'd']],
  ['tags', 'array-contains', 'oil', ['a', 'b', 'e']],
  ['tags', 'array-contains-any', ['steel', 'tech'], ['a', 'd', 'e']],
  ['region', 'in', ['north', 'east'], ['a', 'c', 'd']],
  ['region', 'not-in', ['north', 'east'], ['b', 'e']],
  ['rating', '==', null, ['c']],
  ['rating', '!=', null, ['e', 'b', 'a']],
  ['rating', '==', Number.NaN, ['e']],
  ['level', '==', 3.0, ['a']],
  ['name', '>=', 'C', ['c', 'd', 'e']],
])('where(%s %s %p) returns %p in Firestore order', async (field, op, value, expected) => {
  expect(await ids(query(companies(), where(field, op, value)))).toEqual(expected);
});

it('where on documentId() filters by document name', async () => {
  expect(await ids(query(companies(), where(documentId(), '>', 'c')))).toEqual(['d', 'e']);
  expect(await ids(query(companies(), where(documentId(), 'in', ['b', 'e'])))).toEqual(['b', 'e']);
});

it('or() and and() composite filters', async () => {
  expect(await ids(query(companies(), or(where('level', '==', 1), where('region', '==', 'west'))))).toEqual(['b', 'e']);
  expect(await ids(query(companies(), and(where('region', '==', 'north'), where('level', '>', 2))))).toEqual(['a']);
});

it('orderBy descending with limit returns the top documents and skips documents lacking the field', async () => {
  expect(await ids(query(companies(), orderBy('level', 'desc'), limit(2)))).toEqual(['d', 'a']);
  expect(await ids(query(companies(), orderBy('level')))).toEqual(['b', 'c', 'a', 'd']);
});

it('limitToLast returns the last documents in query order', async () => {
  expect(await ids(query(companies(), orderBy('level'), limitToLast(2)))).toEqual(['a', 'd']);
});

it('cursors: startAt, startAfter, endAt, endBefore', async () => {
  const byLevel = (...c: Parameters<typeof query>[1][]) => ids(query(companies(), orderBy('level'), ...c));
  expect(await byLevel(startAt(2))).toEqual(['c', 'a', 'd']);
  expect(await byLevel(startAfter(2))).toEqual(['a', 'd']);
  expect(await byLevel(endAt(3))).toEqual(['b', 'c', 'a']);
  expect(await byLevel(endBefore(3))).toEqual(['b', 'c']);
  expect(await byLevel(startAfter(1), endBefore(5))).toEqual(['c', 'a']);
});

it('a cursor from a document snapshot continues after that document', async () => {
  const first = await getDocs(query(companies(), orderBy('name'), limit(2)));
  const next = await ids(query(companies(), orderBy('name'), startAfter(first.docs[1]), limit(2)));
  expect(next).toEqual(['c', 'd']);
});

it('collectionGroup queries every collection with that id, at any depth', async () => {
  expect(await ids(query(collectionGroup(client.db, 'employees'), orderBy('salary')))).toEqual(['w', 'x', 'z', 'y']);
});

it('subcollection queries stay inside their parent document', async () => {
  expect(await ids(collection(client.db, 'companies/b/employees'))).toEqual(['y', 'z']);
  expect(await ids(query(collection(client.db, 'companies/b/employees'), where('salary', '<', 250)))).toEqual(['z']);
});

it('getCount counts the matching documents', async () => {
  expect((await getCount(query(companies(), where('tags', 'array-contains', 'oil')))).data().count).toBe(3);
  expect((await getCount(collection(client.db, 'nothing-here'))).data().count).toBe(0);
});

it('getAggregate sums and averages numeric fields, ignoring non-numeric values', async () => {
  const employees = collectionGroup(client.db, 'employees');
  const result = await getAggregate(employees, { total: sum('salary'), mean: average('salary'), n: count() });
  expect(result.data()).toEqual({ total: 650, mean: 162.5, n: 4 });
  const none = await getAggregate(collection(client.db, 'nothing-here'), { total: sum('salary'), mean: average('salary') });
  expect(none.data()).toEqual({ total: 0, mean: null });
});

describe('ordering across value types', () => {
  it('orders null < boolean < number < timestamp < string < bytes < reference < geopoint < array < map', async () => {
    const mixed = collection(client.db, 'mixed');
    const values: Array<[string, unknown]> = [
      ['map', { a: 1 }],
      ['array', [1, 2]],
      ['geo', new GeoPoint(10, 20)],
      ['ref', doc(client.db, 'companies/a')],
      ['bytes', Bytes.fromUint8Array(new Uint8Array([1, 2]))],
      ['string', 'text'],
      ['time', Timestamp.fromMillis(1_000)],
      ['double', 1.5],
      ['int', 1],
      ['nan', Number.NaN],
      ['bool', true],
      ['null', null],
    ];
    for (const [id, v] of values) await setDoc(doc(mixed, id), { v });
    expect(await ids(query(mixed, orderBy('v')))).toEqual([
      'null', 'bool', 'nan', 'int', 'double', 'time', 'string', 'bytes', 'ref', 'geo', 'array', 'map',
    ]);
  });

  it('orders strings by UTF-8 bytes (a character outside the BMP after U+FFFD)', async () => {
    const strings = collection(client.db, 'strings');
    await setDoc(doc(strings, 'emoji'), { s: '\u{1F600}' });
    await setDoc(doc(strings, 'replacement'), { s: '\uFFFD' });
    await setDoc(doc(strings, 'upper'), { s: 'Z' });
    await setDoc(doc(strings, 'lower'), { s: 'a' });
    expect(await ids(query(strings, orderBy('s')))).toEqual(['upper', 'lower', 'replacement', 'emoji']);
  });
});
