import { changeKindsOf, cloudEventFor, firestoreTriggersOf, matchDocumentPattern } from '../../src/firestore/triggers';

const doc = (path: string, name: string) => ({ path, fields: { name: { stringValue: name } }, createTime: 1_000_000_000n, updateTime: 2_000_000_000n });

describe('matchDocumentPattern', () => {
  test.each([
    ['products/{id}', 'products/energy_solar', { id: 'energy_solar' }],
    ['products/{id}', 'materials/Copper', null],
    ['products/{id}', 'products/a/history/b', null],
    ['users/{uid}/watchlist/{item}', 'users/u1/watchlist/p:x', { uid: 'u1', item: 'p:x' }],
    ['users/{rest=**}', 'users/u1/watchlist/p:x', { rest: 'u1/watchlist/p:x' }],
    ['gameParameters/date', 'gameParameters/date', {}],
  ])('%s ~ %s', (pattern, path, expected) => expect(matchDocumentPattern(pattern, path)).toEqual(expected));
});

describe('changeKindsOf', () => {
  test.each([
    ['create', null, doc('p/a', 'A'), ['created', 'written']],
    ['update', doc('p/a', 'A'), doc('p/a', 'B'), ['updated', 'written']],
    ['delete', doc('p/a', 'A'), null, ['deleted', 'written']],
    ['delete of nothing', null, null, []],
  ] as const)('%s', (_label, before, after, kinds) => expect(changeKindsOf({ path: 'p/a', before, after })).toEqual(kinds));
});

describe('firestoreTriggersOf (the Functions emulator /backends listing)', () => {
  test('keeps 2nd-gen Firestore triggers with their pattern, skips the rest', () => {
    const listing = {
      backends: [
        {
          functionTriggers: [
            { id: 'europe-west1-registerUser', httpsTrigger: {} },
            {
              id: 'europe-west1-indexProductChange',
              eventTrigger: {
                eventType: 'google.cloud.firestore.document.v1.written',
                eventFilters: { database: '(default)', namespace: '(default)' },
                eventFilterPathPatterns: { document: 'products/{id}' },
              },
            },
            { id: 'x-onCreate', eventTrigger: { eventType: 'google.cloud.firestore.document.v1.created.withAuthContext', eventFilters: { document: 'gameParameters/date' } } },
            { id: 'x-pubsub', eventTrigger: { eventType: 'google.cloud.pubsub.topic.v1.messagePublished' } },
          ],
        },
      ],
    };
    expect(firestoreTriggersOf(listing)).toEqual([
      { key: 'europe-west1-indexProductChange-0', functionId: 'europe-west1-indexProductChange', kind: 'written', document: 'products/{id}', pattern: true },
      { key: 'x-onCreate-0', functionId: 'x-onCreate', kind: 'created', document: 'gameParameters/date', pattern: false },
    ]);
    expect(firestoreTriggersOf(null)).toEqual([]);
  });
});

test('cloudEventFor builds the structured CloudEvent Google’s emulator sends (JSON data, value and oldValue)', () => {
  const trigger = { key: 'k-0', functionId: 'k', kind: 'written' as const, document: 'products/{id}', pattern: true };
  const event = cloudEventFor('demo', trigger, { path: 'products/a', before: doc('products/a', 'A'), after: doc('products/a', 'B') }, 3_000_000_000n);
  expect(event).toMatchObject({
    specversion: '1.0',
    type: 'google.cloud.firestore.document.v1.written',
    source: '//firestore.googleapis.com/projects/demo/databases/(default)',
    subject: 'documents/products/a',
    datacontenttype: 'application/json',
    project: 'demo',
    database: '(default)',
    namespace: '(default)',
    document: 'products/a',
    data: {
      value: { name: 'projects/demo/databases/(default)/documents/products/a', fields: { name: { stringValue: 'B' } } },
      oldValue: { fields: { name: { stringValue: 'A' } } },
    },
  });
});
