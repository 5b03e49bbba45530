import { compareValues, decodeValue, encodeValue } from '../../src/firestore';
import { formatTimestamp, parseTimestamp } from '../../src/firestore/timestamps';

describe('encodeValue', () => {
  it.each<[string, unknown, unknown]>([
    ['null', null, { nullValue: 'NULL_VALUE' }],
    ['boolean', true, { booleanValue: true }],
    ['integer', 30, { integerValue: '30' }],
    ['double', 1.5, { doubleValue: 1.5 }],
    ['NaN', Number.NaN, { doubleValue: 'NaN' }],
    ['string', '', { stringValue: '' }],
    ['Date', new Date('2024-05-06T07:08:09.010Z'), { timestampValue: '2024-05-06T07:08:09.010000000Z' }],
    ['array', [1, 'a'], { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'a' }] } }],
    ['object', { a: { b: false } }, { mapValue: { fields: { a: { mapValue: { fields: { b: { booleanValue: false } } } } } } }],
  ])('%s', (_label, plain, rest) => {
    expect(encodeValue(plain)).toEqual(rest);
  });
});

it('decodeValue inverts encodeValue for plain data', () => {
  const plain = { n: 3, d: 0.25, s: 'x', b: false, z: null, when: new Date('2024-01-01T00:00:00.000Z'), list: [1, { k: 'v' }] };
  expect(decodeValue(encodeValue(plain))).toEqual(plain);
});

it.each<[string, unknown, unknown, number]>([
  ['integer vs equal double', { integerValue: '1' }, { doubleValue: 1 }, 0],
  ['NaN before every number', { doubleValue: 'NaN' }, { integerValue: '-99' }, -1],
  ['large integers exactly', { integerValue: '9007199254740993' }, { integerValue: '9007199254740992' }, 1],
  ['timestamps to the nanosecond', { timestampValue: '2024-01-01T00:00:00.000000001Z' }, { timestampValue: '2024-01-01T00:00:00Z' }, 1],
  ['references by segment', { referenceValue: 'p/a/b' }, { referenceValue: 'p/a-b' }, -1],
  ['arrays element-wise then length', { arrayValue: { values: [{ integerValue: '1' }] } }, { arrayValue: {} }, 1],
  ['boolean before number', { booleanValue: true }, { integerValue: '0' }, -1],
])('compareValues: %s', (_label, a, b, expected) => {
  expect(Math.sign(compareValues(a as never, b as never))).toBe(expected);
});

it.each([
  ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000000000Z'],
  ['2024-01-01T00:00:00.5Z', '2024-01-01T00:00:00.500000000Z'],
  ['2024-01-01T01:00:00.123456+01:00', '2024-01-01T00:00:00.123456000Z'],
])('timestamps parse numerically: %s = %s', (input, canonical) => {
  expect(formatTimestamp(parseTimestamp(input))).toBe(canonical);
});
