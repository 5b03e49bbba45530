import {
  readGameDate,
  readGameStats,
  readMarketStatRow,
  readMaterial,
  readMaterials,
  readProduct,
  readTalents,
  readUserDocument,
  toInstant,
} from './readers';

const ISO = '2025-11-22T14:05:00.000Z';
const MS = Date.parse(ISO);

describe('toInstant', () => {
  it.each([
    ['a Firestore Timestamp (toDate)', { toDate: () => new Date(ISO), seconds: 1, nanoseconds: 0 }, ISO],
    ['a {seconds, nanoseconds} object', { seconds: MS / 1000, nanoseconds: 500_000_000 }, '2025-11-22T14:05:00.500Z'],
    ['the admin JSON {_seconds, _nanoseconds}', { _seconds: MS / 1000, _nanoseconds: 0 }, ISO],
    ['numeric-string seconds', { seconds: String(MS / 1000), nanoseconds: 0 }, ISO],
    ['a Date', new Date(ISO), ISO],
    ['an ISO string', ISO, ISO],
    ['epoch milliseconds', MS, ISO],
  ])('reads %s', (_label, value, expected) => {
    expect(toInstant(value)?.toISOString()).toBe(expected);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['garbage text', 'not a date'],
    ['NaN', NaN],
    ['an invalid Date', new Date('x')],
    ['an object without seconds', { nanoseconds: 5 }],
    ['garbage seconds', { seconds: 'abc' }],
    ['a throwing toDate', { toDate: () => { throw new Error('boom'); } }],
    ['an array', [1, 2]],
  ])('gives undefined for %s', (_label, value) => {
    expect(toInstant(value)).toBeUndefined();
  });
});

describe('readProduct', () => {
  it('applies the defaults of section 3 to an empty document', () => {
    expect(readProduct('abc', {})).toEqual({
      id: 'abc',
      slug: 'abc',
      name: 'abc',
      category: 'uncategorized',
      type: 'product',
      materialId: '',
      image_url: '',
      originalPath: '',
      average_market_price: 0,
      price_max: 0,
      price_min: 0,
      pieces_on_market: 0,
      increase: 0,
      lastvqvalue: [],
      production: { cost: 0, time: 0, request_index: 0, request_index_history: [] },
      requested_materials: {},
      space_required: 0,
      talent_required: 'unknown',
      enabled: false,
      migratedAt: undefined,
      createdAt: undefined,
      updatedAt: undefined,
    });
  });

  it.each([null, undefined, 42, 'text', [1]])('treats a non-object document (%p) as empty', (raw) => {
    expect(readProduct('x', raw).category).toBe('uncategorized');
  });

  it('keeps stored values and parses numbers leniently', () => {
    const p = readProduct('food_bread', {
      slug: 'bread',
      name: 'Bread',
      category: 'food',
      type: 'component',
      average_market_price: '12.5',
      price_max: 'garbage',
      pieces_on_market: 30,
      lastvqvalue: [1, '2', 'x', null, Infinity, 3],
      production: { cost: '4', time: 150, request_index: 55.5, request_index_history: [50, 'bad', 60] },
      requested_materials: { Flour: 2, Water: '1', Salt: 'lots' },
      talent_required: 'Baker',
      enabled: true,
      createdAt: { seconds: MS / 1000, nanoseconds: 0 },
    });
    expect(p).toMatchObject({
      id: 'food_bread',
      slug: 'bread',
      name: 'Bread',
      category: 'food',
      type: 'component',
      average_market_price: 12.5,
      price_max: 0,
      pieces_on_market: 30,
      lastvqvalue: [1, 2, 3],
      production: { cost: 4, time: 150, request_index: 55.5, request_index_history: [50, 60] },
      requested_materials: { Flour: 2, Water: 1, Salt: 0 },
      talent_required: 'Baker',
      enabled: true,
    });
    expect(p.createdAt?.toISOString()).toBe(ISO);
  });

  it.each([
    ['absent', {}, 'unknown'],
    ['null (None)', { talent_required: null }, null],
    ['blank', { talent_required: '' }, 'unknown'],
    ['a name', { talent_required: 'Chef' }, 'Chef'],
    ['a number', { talent_required: {} }, 'unknown'],
  ])('reads talent_required when %s', (_label, raw, expected) => {
    expect(readProduct('p', raw).talent_required).toBe(expected);
  });

  it.each([
    [true, true],
    [false, false],
    ['true', false],
    [1, false],
    [undefined, false],
  ])('enabled %p is read as %p', (enabled, expected) => {
    expect(readProduct('p', { enabled }).enabled).toBe(expected);
  });

  it('falls back to the id for a blank slug', () => {
    expect(readProduct('doc-id', { slug: '  ' }).slug).toBe('doc-id');
  });
});

describe('readMaterial', () => {
  it('defaults the name to the id and numbers to 0', () => {
    expect(readMaterial('Ferro', { value: '2.5', amount: 10, unit: 'kg', image_url: '' })).toEqual({
      name: 'Ferro',
      id: 0,
      unit: 'kg',
      spaceRequired: 0,
      value: 2.5,
      amount: 10,
      lastqty: 0,
      lastvalue: 0,
      startqty: 0,
      startvalue: 0,
      cyclecount: 0,
    });
  });

  it('keeps an image url and the stored fields', () => {
    expect(
      readMaterial('Legno', { name: 'Legno', id: '7', image_url: 'http://x/l.png', spaceRequired: 2, lastqty: 3, cyclecount: 4 }),
    ).toMatchObject({ name: 'Legno', id: 7, image_url: 'http://x/l.png', spaceRequired: 2, lastqty: 3, cyclecount: 4 });
  });

  it('ignores the document named list', () => {
    const materials = readMaterials([
      { id: 'list', data: { names: ['a'] } },
      { id: 'Ferro', data: {} },
    ]);
    expect(materials.map((m) => m.name)).toEqual(['Ferro']);
  });
});

describe('readMarketStatRow', () => {
  it.each([
    ['product', 'uncategorized'],
    ['material', 'industry'],
  ] as const)('a %s row without category gets %s', (type, category) => {
    expect(readMarketStatRow('Bread', {}, type)).toEqual({
      name: 'Bread',
      type,
      avg: 0,
      count: 0,
      total: 0,
      documentCount: 0,
      lastUpdated: undefined,
      category,
    });
  });

  it('reads stored fields leniently', () => {
    expect(
      readMarketStatRow('id', { name: 'Bread', avg: '2', count: 3, total: '6', documentCount: 1, category: 'food', lastUpdated: ISO }, 'product'),
    ).toEqual({ name: 'Bread', type: 'product', avg: 2, count: 3, total: 6, documentCount: 1, category: 'food', lastUpdated: new Date(ISO) });
  });
});

describe('readGameStats', () => {
  it.each([
    [{ totalHeadquarters: 12, totalMarketValue: '1500000', totalPlayers: 'many' }, { totalHeadquarters: 12, totalMarketValue: 1500000, totalPlayers: 0 }],
    [undefined, { totalHeadquarters: 0, totalMarketValue: 0, totalPlayers: 0 }],
    // lastUpdated (the market's last update, for the freshness line) is kept as a Date when present.
    [
      { totalHeadquarters: 1, totalMarketValue: 2, totalPlayers: 3, lastUpdated: '2026-11-23T11:48:00.000Z' },
      { totalHeadquarters: 1, totalMarketValue: 2, totalPlayers: 3, lastUpdated: new Date('2026-11-23T11:48:00.000Z') },
    ],
  ])('reads %p', (raw, expected) => {
    expect(readGameStats(raw)).toEqual(expected);
  });
});

describe('readGameDate', () => {
  it.each([
    [new Date(ISO), ISO],
    [ISO, ISO],
    [{ seconds: MS / 1000, nanoseconds: 0 }, ISO],
    [{ toDate: () => new Date(ISO) }, ISO],
  ])('reads %p', (value, expected) => {
    expect(readGameDate(value)?.toISOString()).toBe(expected);
  });

  it.each([undefined, null, 'nope', {}])('gives null for %p', (value) => {
    expect(readGameDate(value)).toBeNull();
  });
});

describe('readUserDocument', () => {
  it('defaults to a non-admin with empty texts', () => {
    expect(readUserDocument('u1', undefined)).toEqual({
      uid: 'u1',
      email: '',
      displayName: '',
      isAdmin: false,
      createdAt: undefined,
      lastLoginAt: undefined,
    });
  });

  it.each([
    [true, true],
    ['true', false],
    [1, false],
  ])('isAdmin %p is read as %p', (isAdmin, expected) => {
    expect(readUserDocument('u1', { isAdmin }).isAdmin).toBe(expected);
  });

  it('reads the stored fields', () => {
    expect(
      readUserDocument('u1', { uid: 'u1', email: 'a@b.it', displayName: 'Ann', isAdmin: true, lastLoginAt: { seconds: MS / 1000, nanoseconds: 0 } }),
    ).toMatchObject({ uid: 'u1', email: 'a@b.it', displayName: 'Ann', isAdmin: true, lastLoginAt: new Date(ISO) });
  });
});

describe('readTalents', () => {
  it('takes the type from the document id and a name from every key except id, sorted by name', () => {
    expect(
      readTalents([
        { id: 'kitchen', data: { id: 3, Chef: true, Baker: 1 } },
        { id: 'office', data: { Accountant: 'x' } },
        { id: 'broken', data: null },
      ]),
    ).toEqual([
      { name: 'Accountant', type: 'office' },
      { name: 'Baker', type: 'kitchen' },
      { name: 'Chef', type: 'kitchen' },
    ]);
  });
});
