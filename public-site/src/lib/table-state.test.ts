import { compareCells, filterRows, foldText, nextSort, sortRows, type ColumnDef } from './table-state';

describe('compareCells (missing values last in both directions)', () => {
  it.each([
    [1, 2, 'asc', -1],
    [1, 2, 'desc', 1],
    ['apple', 'Banana', 'asc', -1],
    ['item 10', 'item 9', 'asc', 1],
    ['Caffè', 'caffe', 'asc', 0],
    [null, 5, 'asc', 1],
    [null, 5, 'desc', 1],
    [5, undefined, 'desc', -1],
    [NaN, 1, 'asc', 1],
    [null, null, 'asc', 0],
  ] as const)('%p vs %p (%s) → sign %p', (a, b, dir, sign) => {
    expect(Math.sign(compareCells(a, b, dir))).toBe(sign);
  });
});

type R = { name: string; margin: number | null };
const columns: ColumnDef<R>[] = [
  { key: 'name', label: 'Name', value: (r) => r.name },
  { key: 'margin', label: 'Margin', value: (r) => r.margin, numeric: true },
];
const rows: R[] = [
  { name: 'b', margin: 2 },
  { name: 'a', margin: null },
  { name: 'c', margin: 5 },
  { name: 'd', margin: 2 },
];

describe('sortRows', () => {
  it.each([
    ['name', 'asc', ['a', 'b', 'c', 'd']],
    ['name', 'desc', ['d', 'c', 'b', 'a']],
    ['margin', 'desc', ['c', 'b', 'd', 'a']],
    ['margin', 'asc', ['b', 'd', 'c', 'a']],
    ['unknown', 'asc', ['b', 'a', 'c', 'd']],
    [null, 'asc', ['b', 'a', 'c', 'd']],
  ] as const)('by %p %s → %p (ties keep their order, unknown margins last)', (key, dir, expected) => {
    expect(sortRows(rows, columns, key, dir).map((r) => r.name)).toEqual(expected);
  });
});

describe('filterRows (every word, case- and accent-insensitive)', () => {
  const items = ['Caffè Latte', 'Solar Panel', 'Steel Beam', 'Latte macchiato'];
  it.each([
    ['', items],
    ['   ', items],
    ['latte', ['Caffè Latte', 'Latte macchiato']],
    ['CAFFE', ['Caffè Latte']],
    ['latte caf', ['Caffè Latte']],
    ['zzz', []],
  ])('%p → %p', (query, expected) => {
    expect(filterRows(items, query, (s) => s)).toEqual(expected);
  });
  it('folds accents and case', () => expect(foldText('ÉCOLE Çà')).toBe('ecole ca'));
});

describe('nextSort (click on a header)', () => {
  it.each([
    [{ key: null, direction: 'asc' }, { key: 'margin', numeric: true }, { key: 'margin', direction: 'desc' }],
    [{ key: null, direction: 'asc' }, { key: 'name' }, { key: 'name', direction: 'asc' }],
    [{ key: 'margin', direction: 'desc' }, { key: 'margin', numeric: true }, { key: 'margin', direction: 'asc' }],
    [{ key: 'margin', direction: 'asc' }, { key: 'margin', numeric: true }, { key: 'margin', direction: 'desc' }],
    [{ key: 'margin', direction: 'asc' }, { key: 'name', firstDirection: 'desc' }, { key: 'name', direction: 'desc' }],
  ] as const)('%p, click %p → %p', (current, column, expected) => {
    expect(nextSort(current, column)).toEqual(expected);
  });
});
