import { applyChartRange, chartRangeLabel, parseChartRange } from './chart-range';

const days = Array.from({ length: 40 }, (_, i) => i + 1);

describe('parseChartRange (default 30 days)', () => {
  it.each([
    ['7', '7'],
    ['14', '14'],
    ['30', '30'],
    ['all', 'all'],
    [null, '30'],
    [undefined, '30'],
    ['', '30'],
    ['90', '30'],
    ['ALL', '30'],
  ])('%p → %p', (value, expected) => {
    expect(parseChartRange(value)).toBe(expected);
  });
});

describe('applyChartRange (the last n recorded days, or all)', () => {
  it.each([
    ['7', days, days.slice(-7)],
    ['14', days, days.slice(-14)],
    ['30', days, days.slice(-30)],
    ['all', days, days],
    ['30', [1, 2, 3], [1, 2, 3]],
    ['7', [], []],
    ['all', [], []],
  ] as const)('%s of %p', (range, values, expected) => {
    expect(applyChartRange(values, range)).toEqual(expected);
  });
});

describe('chartRangeLabel', () => {
  it.each([
    ['7', '7 days'],
    ['all', 'All'],
  ] as const)('%p → %p', (range, label) => expect(chartRangeLabel(range)).toBe(label));
});
