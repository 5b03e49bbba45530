/**
 * The expression evaluator, as tables: an expression, the variables in scope (Firestore REST values, as documents
 * arrive from the emulator) and the result. An evaluation error is reported as 'error': inside an `allow` it denies.
 */
import { type RestValue, RulesEvalError, type RulesValue, evaluateExpression } from '../../src/rules';

const vars: Record<string, RestValue> = {
  i: { integerValue: '3' },
  f: { doubleValue: 2.5 },
  whole: { doubleValue: 3 },
  s: { stringValue: ' Iron Ore ' },
  b: { booleanValue: true },
  n: { nullValue: 'NULL_VALUE' },
  t: { timestampValue: '2026-11-22T10:30:15.123456789Z' },
  later: { timestampValue: '2026-11-23T10:30:15.123456789Z' },
  l: { arrayValue: { values: [{ stringValue: 'a' }, { stringValue: 'b' }, { stringValue: 'a' }] } },
  empty: { arrayValue: {} },
  m: {
    mapValue: {
      fields: {
        slug: { stringValue: 'iron' },
        price: { integerValue: '10' },
        nested: { mapValue: { fields: { deep: { booleanValue: true } } } },
      },
    },
  },
  m2: { mapValue: { fields: { slug: { stringValue: 'steel' }, price: { integerValue: '10' }, extra: { nullValue: 'NULL_VALUE' } } } },
  ref: { referenceValue: 'projects/demo-sbc-tycoon/databases/(default)/documents/users/alice' },
};

/** Results as plain JS for readable tables: sets and lists become sorted/ordered arrays, timestamps ISO strings. */
function plain(v: RulesValue): unknown {
  switch (v.t) {
    case 'null':
      return null;
    case 'list':
      return v.items.map(plain);
    case 'set':
      return v.items.map(plain).sort();
    case 'map':
      return Object.fromEntries([...v.entries].map(([k, x]) => [k, plain(x)]));
    case 'timestamp':
      return `${new Date(v.seconds * 1000).toISOString().slice(0, 19)}.${String(v.nanos).padStart(9, '0')}Z`;
    case 'duration':
      return `${v.seconds}s+${v.nanos}ns`;
    case 'path':
      return `/${v.segments.join('/')}`;
    case 'mapdiff':
    case 'latlng':
      return v.t;
    default:
      return v.v;
  }
}

function run(expression: string): unknown {
  try {
    return plain(evaluateExpression(expression, vars));
  } catch (error) {
    if (error instanceof RulesEvalError) return 'error';
    throw error;
  }
}

describe('operators', () => {
  it.each<[string, unknown]>([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['7 / 2', 3],
    ['-7 / 2', -3],
    ['7 % 3', 1],
    ['7.0 / 2', 3.5],
    ['i + f', 5.5],
    ['1 / 0', 'error'],
    ['1.0 % 2', 'error'],
    ["'a' + 'b'", 'ab'],
    ["'a' + 1", 'error'],
    ['[1] + [2]', [1, 2]],
    ['-i', -3],
    ['!b', false],
    ['!i', 'error'],
    ['1 == 1.0', true],
    ['i == whole', true],
    ["1 == '1'", false],
    ['n == null', true],
    ['m == m', true],
    ['m != m2', true],
    ['[1, 2] == [1, 2]', true],
    ['2 < 3', true],
    ['i >= 3.0', true],
    ["'abc' < 'abd'", true],
    ["1 < 'a'", 'error'],
    ['t < later', true],
    ['i > 1 ? "big" : "small"', 'big'],
    ['i ? 1 : 2', 'error'],
    ["'a' in l", true],
    ["'z' in l", false],
    ["'slug' in m", true],
    ["'nope' in m", false],
    ['1 in i', 'error'],
  ])('%s → %p', (expression, expected) => {
    expect(run(expression)).toEqual(expected);
  });
});

describe('&& and || tolerate an error on the side that does not decide, as in Firestore', () => {
  it.each<[string, unknown]>([
    ['true || m.missing', true],
    ['m.missing || true', true],
    ['m.missing || false', 'error'],
    ['false && m.missing', false],
    ['m.missing && false', false],
    ['m.missing && true', 'error'],
    ['true && m.missing', 'error'],
    ['1 || true', true],
    ['1 && true', 'error'],
    ['!(m.missing == 1)', 'error'],
  ])('%s → %p', (expression, expected) => {
    expect(run(expression)).toEqual(expected);
  });
});

describe('member and index access', () => {
  it.each<[string, unknown]>([
    ['m.slug', 'iron'],
    ["m['price']", 10],
    ['m.nested.deep', true],
    ['m.missing', 'error'],
    ['m.slug.missing', 'error'],
    ['n.anything', 'error'],
    ['l[1]', 'b'],
    ['l[5]', 'error'],
    ["l['x']", 'error'],
    ['ref', '/databases/(default)/documents/users/alice'],
    ['ref[4]', 'alice'],
    ['{"a": 1, "b": [true]}', { a: 1, b: [true] }],
  ])('%s → %p', (expression, expected) => {
    expect(run(expression)).toEqual(expected);
  });
});

describe('type checks with `is`: Firestore value types are kept exactly', () => {
  it.each<[string, boolean]>([
    ['i is int', true],
    ['i is float', false],
    ['i is number', true],
    ['f is float', true],
    ['whole is float', true],
    ['whole is int', false],
    ['s is string', true],
    ['b is bool', true],
    ['n is null', true],
    ['m is map', true],
    ['l is list', true],
    ['l.toSet() is set', true],
    ['t is timestamp', true],
    ['t is string', false],
    ['ref is path', true],
    ['/databases/x/documents/users/a is path', true],
    ['later - t is duration', true],
  ])('%s → %p', (expression, expected) => {
    expect(run(expression)).toEqual(expected);
  });
});

describe('map, list, set, string methods', () => {
  it.each<[string, unknown]>([
    ['m.keys()', ['slug', 'price', 'nested']],
    ['m.keys().hasOnly(["slug", "price", "nested", "other"])', true],
    ['m.keys().hasOnly(["slug"])', false],
    ['m.size()', 3],
    ['m2.values().size()', 3],
    ["m.get('slug', 'none')", 'iron'],
    ["m.get('nope', 'none')", 'none'],
    ["m.get(['nested', 'deep'], false)", true],
    ['m2.diff(m).addedKeys()', ['extra']],
    ['m2.diff(m).removedKeys()', ['nested']],
    ['m2.diff(m).changedKeys()', ['slug']],
    ['m2.diff(m).unchangedKeys()', ['price']],
    ['m2.diff(m).affectedKeys()', ['extra', 'nested', 'slug']],
    ['m2.diff(m).affectedKeys().hasAny(["slug"])', true],
    ['m.diff(m).affectedKeys().size()', 0],
    ['m.diff(l)', 'error'],
    ['l.size()', 3],
    ['l.toSet().size()', 2],
    ['l.toSet() == ["b", "a"].toSet()', true],
    ['l.hasAll(["a", "b"])', true],
    ['l.hasAll(["a", "c"])', false],
    ['l.hasAny(["c", "b"])', true],
    ['l.hasAny([])', false],
    ['empty.hasOnly(["x"])', true],
    ['l.join("-")', 'a-b-a'],
    ['l.toSet().union(["c"].toSet()).size()', 3],
    ['l.toSet().intersection(["b", "c"].toSet())', ['b']],
    ['l.toSet().difference(["b"].toSet())', ['a']],
    ['s.size()', 10],
    ['s.trim()', 'Iron Ore'],
    ['s.lower()', ' iron ore '],
    ['s.upper()', ' IRON ORE '],
    ["s.trim().matches('Iron.*')", true],
    ["s.matches('Iron.*')", false],
    ["'iron-ore'.matches('^[a-z0-9-]+$')", true],
    ["'a,b'.split(',')", ['a', 'b']],
    ['i.size()', 'error'],
    ['s.keys()', 'error'],
  ])('%s → %p', (expression, expected) => {
    expect(run(expression)).toEqual(expected);
  });
});

describe('casts, timestamps and durations', () => {
  it.each<[string, unknown]>([
    ['int(2.9)', 2],
    ["int('42')", 42],
    ["int('4x')", 'error'],
    ['float(i)', 3],
    ["float('2.5')", 2.5],
    ['string(i)', '3'],
    ['string(true)', 'true'],
    ['string(m)', 'error'],
    ['math.abs(-2)', 2],
    ['math.floor(2.7)', 2],
    ['t.year()', 2026],
    ['t.month()', 11],
    ['t.day()', 22],
    ['t.hours()', 10],
    ['t.minutes()', 30],
    ['t.seconds()', 15],
    ['t.nanos()', 123456789],
    ['t.toMillis()', Date.parse('2026-11-22T10:30:15.123Z')],
    ['t.date()', '2026-11-22T00:00:00.000000000Z'],
    ['t + duration.value(1, "d") == later', true],
    ['later - duration.value(1, "d") == t', true],
    ['later - t == duration.value(24, "h")', true],
    ['later - t > duration.time(23, 59, 59, 0)', true],
    ['timestamp.date(2026, 11, 22) == t.date()', true],
    ['timestamp.value(0)', '1970-01-01T00:00:00.000000000Z'],
    ['t + 1', 'error'],
  ])('%s → %p', (expression, expected) => {
    expect(run(expression)).toEqual(expected);
  });
});
