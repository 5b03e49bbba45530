/**
 * Query and write options the site's code does not use yet but Firestore has, one test each: `offset`,
 * `select` projection, the batchGet `mask`, the `IS_NOT_NAN` unary filter (all sent by firebase-admin over
 * REST), and the `maximum`/`minimum` transforms (no SDK sends them, so a raw REST commit).
 */
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { PROJECT_ID, adminClient, documentsUrl, startTestEmulator, type AdminClient } from './harness';

let emulator: RunningFirestoreEmulator;
let client: AdminClient;

beforeAll(async () => {
  emulator = await startTestEmulator();
  client = adminClient(emulator, 'query-options');
});

beforeEach(() =>
  emulator.reset([
    { path: 'companies/a', data: { name: 'Acme', level: 3, rating: 4.5, hq: { city: 'Oslo', zip: '0150' } } },
    { path: 'companies/b', data: { name: 'Bolt', level: 1, rating: 3, hq: { city: 'Rome', zip: '00100' } } },
    { path: 'companies/c', data: { name: 'Crane', level: 2, rating: null } },
    { path: 'companies/d', data: { name: 'Dyno', level: 5 } },
    { path: 'companies/e', data: { name: 'Echo', level: 4, rating: Number.NaN } },
  ]),
);

afterAll(async () => {
  await client.close();
  await emulator.stop();
});

const companies = () => client.db.collection('companies');

it('offset skips the first matches before limit applies', async () => {
  const snap = await companies().orderBy('level').offset(1).limit(2).get();
  expect(snap.docs.map((d) => d.id)).toEqual(['c', 'a']);
});

it('select returns only the listed fields (nested paths as partial maps)', async () => {
  const snap = await companies().where('level', '<=', 3).orderBy('level').select('name', 'hq.city').get();
  expect(snap.docs.map((d) => [d.id, d.data()])).toEqual([
    ['b', { name: 'Bolt', hq: { city: 'Rome' } }],
    ['c', { name: 'Crane' }],
    ['a', { name: 'Acme', hq: { city: 'Oslo' } }],
  ]);
});

it('a field mask on batchGet returns only the masked fields; missing documents stay missing', async () => {
  const [a, missing] = await client.db.getAll(companies().doc('a'), companies().doc('zz'), { fieldMask: ['rating', 'hq.zip'] });
  expect(a.data()).toEqual({ rating: 4.5, hq: { zip: '0150' } });
  expect(missing.exists).toBe(false);
});

it("where(field, '!=', NaN) (IS_NOT_NAN) keeps numbers only: no NaN, null or missing field", async () => {
  const snap = await companies().where('rating', '!=', Number.NaN).get();
  expect(snap.docs.map((d) => d.id)).toEqual(['b', 'a']);
});

it('maximum and minimum transforms keep the larger / smaller value and report it', async () => {
  emulator.importPlainDocuments([{ path: 'scores/s', data: { high: 7, low: 4, best: 9 } }]);
  const name = `projects/${PROJECT_ID}/databases/(default)/documents/scores/s`;
  const response = await fetch(documentsUrl(emulator, ':commit'), {
    method: 'POST',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify({
      writes: [
        {
          transform: {
            document: name,
            fieldTransforms: [
              { fieldPath: 'high', maximum: { integerValue: '10' } },
              { fieldPath: 'best', maximum: { integerValue: '2' } },
              { fieldPath: 'low', minimum: { doubleValue: 2.5 } },
              { fieldPath: 'fresh', minimum: { integerValue: '6' } },
            ],
          },
        },
      ],
    }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { writeResults: Array<{ transformResults: unknown[] }> };
  expect(body.writeResults[0].transformResults).toEqual([
    { integerValue: '10' },
    { integerValue: '9' },
    { doubleValue: 2.5 },
    { integerValue: '6' },
  ]);
  expect((await client.db.doc('scores/s').get()).data()).toEqual({ high: 10, best: 9, low: 2.5, fresh: 6 });
});
