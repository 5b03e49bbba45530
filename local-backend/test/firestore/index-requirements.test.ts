import {
  neededIndex,
  parseIndexesFile,
  servedByIndexes,
  servedBySingleFieldIndexes,
  type DeclaredIndex,
  type QueryShape,
} from '../../src/firestore/index-requirements';

const A = 'ASCENDING' as const;
const D = 'DESCENDING' as const;

/** A query on `products`: equality fields, inequality fields, orderBy as [field, direction]. */
function q(parts: { eq?: string[]; ineq?: string[]; order?: Array<[string, 'ASCENDING' | 'DESCENDING']>; contains?: string; group?: boolean }): QueryShape {
  return {
    collectionGroup: 'products',
    scope: parts.group ? 'COLLECTION_GROUP' : 'COLLECTION',
    equalities: parts.eq ?? [],
    inequalities: parts.ineq ?? [],
    orderBy: (parts.order ?? []).map(([fieldPath, direction]) => ({ fieldPath, direction })),
    ...(parts.contains ? { contains: parts.contains } : {}),
  };
}

function index(...fields: Array<[string, 'ASCENDING' | 'DESCENDING' | 'CONTAINS']>): DeclaredIndex {
  return {
    collectionGroup: 'products',
    queryScope: 'COLLECTION',
    fields: fields.map(([fieldPath, order]) => (order === 'CONTAINS' ? { fieldPath, arrayConfig: 'CONTAINS' } : { fieldPath, order })),
  };
}

describe('servedBySingleFieldIndexes: what Firestore answers without a composite index', () => {
  it.each([
    ['the whole collection', q({}), true],
    ['one equality', q({ eq: ['category'] }), true],
    ['several equalities (merged single-field indexes)', q({ eq: ['category', 'type'] }), true],
    ['one order', q({ order: [['name', D]] }), true],
    ['one order, then the id the same way', q({ order: [['price_max', D], ['__name__', D]] }), true],
    ['one order, then the id the other way', q({ order: [['price_max', D], ['__name__', A]] }), false],
    ['a range and its order', q({ ineq: ['slug', 'slug'], order: [['slug', A]] }), true],
    ['a range alone (ordered by it implicitly)', q({ ineq: ['hour'] }), true],
    ['a range on a map field (Used in)', q({ ineq: ['requested_materials.Copper'] }), true],
    ['an equality and an order on another field', q({ eq: ['category'], order: [['name', A]] }), false],
    ['an equality and a range on another field', q({ eq: ['category'], ineq: ['price_max'] }), false],
    ['an equality and an order on the same field', q({ eq: ['price_max'], order: [['price_max', D], ['__name__', D]] }), true],
    ['two equalities, the id descending', q({ eq: ['category', 'type'], order: [['__name__', D]] }), false],
    ['two orders', q({ order: [['category', A], ['name', A]] }), false],
    ['a range and an order on another field', q({ ineq: ['price_max'], order: [['name', A]] }), false],
    ['array-contains alone', q({ contains: 'tags' }), true],
    ['array-contains and an equality', q({ contains: 'tags', eq: ['category'] }), false],
    ['filters on the document id only', q({ eq: ['__name__'] }), true],
  ])('%s → %s', (_name, shape, expected) => expect(servedBySingleFieldIndexes(shape)).toBe(expected));
});

describe('servedByIndexes: a declared composite, or several merged, ending in the query order', () => {
  const sectorByName = q({ eq: ['category'], order: [['name', A]] });
  const adminList = (eq: string[], field: string, dir: 'ASCENDING' | 'DESCENDING') => q({ eq, order: [[field, dir], ['__name__', dir]] });
  it.each([
    ['no index declared', sectorByName, [], false],
    ['the exact index', sectorByName, [index(['category', A], ['name', A])], true],
    ['equality fields may be declared descending', sectorByName, [index(['category', D], ['name', A])], true],
    ['the order the other way', sectorByName, [index(['category', A], ['name', D])], false],
    ['another collection', sectorByName, [{ ...index(['category', A], ['name', A]), collectionGroup: 'materials' }], false],
    ['a collection-group index for a collection query', sectorByName, [{ ...index(['category', A], ['name', A]), queryScope: 'COLLECTION_GROUP' as const }], false],
    ['a descending sort with the id descending', adminList(['type'], 'price_max', D), [index(['type', A], ['price_max', D])], true],
    ['a descending sort, index ascending', adminList(['type'], 'price_max', D), [index(['type', A], ['price_max', A])], false],
    ['the id listed in the index, the same way', adminList(['type'], 'price_max', D), [index(['type', A], ['price_max', D], ['__name__', D])], true],
    ['the id listed in the index, the other way', adminList(['type'], 'price_max', D), [index(['type', A], ['price_max', D], ['__name__', A])], false],
    ['two filters, one index holding both', adminList(['category', 'type'], 'name', A), [index(['type', A], ['category', A], ['name', A])], true],
    ['two filters, merged from one index each', adminList(['category', 'type'], 'name', A), [index(['category', A], ['name', A]), index(['type', A], ['name', A])], true],
    ['two filters, an index for one only', adminList(['category', 'type'], 'name', A), [index(['category', A], ['name', A])], false],
    ['an index with a field the query does not filter', adminList(['type'], 'name', A), [index(['category', A], ['type', A], ['name', A])], false],
    ['an equality and a range', q({ eq: ['category'], ineq: ['slug', 'slug'], order: [['slug', A]] }), [index(['category', A], ['slug', A])], true],
    ['array-contains with an equality', q({ contains: 'tags', eq: ['category'] }), [index(['category', A], ['tags', 'CONTAINS'])], true],
    ['array-contains with an index lacking it', q({ contains: 'tags', eq: ['category'] }), [index(['category', A], ['name', A])], false],
  ])('%s → %s', (_name, shape, indexes, expected) => expect(servedByIndexes(shape, indexes)).toBe(expected));
});

describe('neededIndex: the one index the error message asks for', () => {
  it.each([
    ['equality then order', q({ eq: ['category'], order: [['name', A]] }), [['category', A], ['name', A]]],
    ['a descending sort with its id', q({ eq: ['type'], order: [['price_max', D], ['__name__', D]] }), [['type', A], ['price_max', D]]],
    ['the id the other way is listed', q({ order: [['price_max', D], ['__name__', A]] }), [['price_max', D], ['__name__', A]]],
    ['a range ordered implicitly', q({ eq: ['category'], ineq: ['price_max'] }), [['category', A], ['price_max', A]]],
    ['two equalities, the id descending', q({ eq: ['category', 'type'], order: [['__name__', D]] }), [['category', A], ['type', A], ['__name__', D]]],
  ])('%s', (_name, shape, fields) => {
    expect(neededIndex(shape).fields.map((f) => [f.fieldPath, f.order ?? f.arrayConfig])).toEqual(fields);
  });
});

describe('parseIndexesFile: a malformed file says what is wrong', () => {
  it.each([
    ['not JSON', '{', /is not JSON/],
    ['no indexes array', '{}', /needs an "indexes" array/],
    ['no collection group', '{"indexes":[{"queryScope":"COLLECTION","fields":[]}]}', /indexes\[0\] needs a collectionGroup/],
    ['a wrong scope', '{"indexes":[{"collectionGroup":"p","queryScope":"ALL","fields":[]}]}', /queryScope is COLLECTION or COLLECTION_GROUP/],
    ['one field only', '{"indexes":[{"collectionGroup":"p","queryScope":"COLLECTION","fields":[{"fieldPath":"a","order":"ASCENDING"}]}]}', /at least two fields/],
    ['a field without an order', '{"indexes":[{"collectionGroup":"p","queryScope":"COLLECTION","fields":[{"fieldPath":"a","order":"ASCENDING"},{"fieldPath":"b"}]}]}', /fields\[1\] needs order ASCENDING or DESCENDING/],
  ])('%s', (_name, text, message) => expect(() => parseIndexesFile(text, 'test.json')).toThrow(message));

  it('reads a well-formed file', () => {
    const text = JSON.stringify({ indexes: [index(['category', A], ['name', A])], fieldOverrides: [] });
    expect(parseIndexesFile(text)).toEqual([index(['category', A], ['name', A])]);
  });
});
