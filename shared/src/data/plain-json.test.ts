import { GeoPoint, Timestamp } from 'firebase/firestore/lite';
import { documentVersion, toPlainJson } from './plain-json';

describe('toPlainJson', () => {
  it('turns Firestore values into plain JSON', () => {
    expect(
      toPlainJson({
        createdAt: Timestamp.fromDate(new Date('2024-01-02T03:04:05.678Z')),
        where: new GeoPoint(45, 9),
        list: [1, 'a', null, { nested: true }],
        bad: Number.NaN,
      }),
    ).toEqual({
      createdAt: '2024-01-02T03:04:05.678Z',
      where: { latitude: 45, longitude: 9 },
      list: [1, 'a', null, { nested: true }],
      bad: null,
    });
  });
});

describe('documentVersion', () => {
  const base = { name: 'Bread', updatedAt: new Timestamp(1700000000, 5), production: { cost: 1 } };

  it('ignores key order', () => {
    expect(documentVersion({ production: { cost: 1 }, updatedAt: new Timestamp(1700000000, 5), name: 'Bread' })).toBe(documentVersion(base));
  });

  it.each([
    ['a field value', { ...base, name: 'Bread 2' }],
    ['a nested value', { ...base, production: { cost: 2 } }],
    ['the update time by one nanosecond', { ...base, updatedAt: new Timestamp(1700000000, 6) }],
    ['an added field', { ...base, enabled: true }],
  ])('changes with %s', (_label, changed) => {
    expect(documentVersion(changed)).not.toBe(documentVersion(base));
  });
});
