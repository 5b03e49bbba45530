import {
  clampPercent,
  dashboardRequestLabels,
  dashboardRequestSpan,
  detailDayLabels,
  detailDays,
  hasPriceTrend,
  lastDays,
  priceAxis,
  requestIndexAxis,
} from './charts';

describe('clampPercent (0–100, rounded)', () => {
  it.each([
    [50, 50],
    [49.5, 50],
    [49.4, 49],
    [-3, 0],
    [120, 100],
    [100.4, 100],
    [NaN, 0],
    [Infinity, 0],
  ])('%p → %p', (v, expected) => {
    expect(clampPercent(v)).toBe(expected);
  });
});

describe('requestIndexAxis (5 points of padding, within 0–100)', () => {
  it.each([
    [[40, 60], { min: 35, max: 65 }],
    [[2, 98], { min: 0, max: 100 }],
    [[50], { min: 45, max: 55 }],
    [[-10, 130], { min: 0, max: 100 }],
    [[], { min: 0, max: 100 }],
  ])('%p → %p', (values, expected) => {
    expect(requestIndexAxis(values)).toEqual(expected);
  });
});

describe('priceAxis (10% padding)', () => {
  it.each([
    [[10, 20], { min: 9, max: 21 }],
    [[100, 200, 150], { min: 90, max: 210 }],
    [[0, 10], { min: 0, max: 11 }],
    [[50, 50], { min: 45, max: 55 }],
    [[0], { min: 0, max: 1 }],
    [[], { min: 0, max: 1 }],
  ])('%p → %p', (values, expected) => {
    const axis = priceAxis(values);
    expect(axis.min).toBeCloseTo(expected.min, 10);
    expect(axis.max).toBeCloseTo(expected.max, 10);
  });
});

describe('hasPriceTrend', () => {
  it.each([
    [[], false],
    [null, false],
    [undefined, false],
    [[5], false],
    [[5, 5, 5], false],
    [[5, 6], true],
    [[NaN, 5, 5], false],
  ])('%p → %p', (values, expected) => {
    expect(hasPriceTrend(values)).toBe(expected);
  });
});

describe('lastDays', () => {
  it.each([
    [[1, 2, 3, 4, 5], 3, [3, 4, 5]],
    [[1, 2], 30, [1, 2]],
    [[1, 2], 0, []],
    [[], 5, []],
  ])('lastDays(%p, %p) → %p', (values, n, expected) => {
    expect(lastDays(values, n)).toEqual(expected);
  });

  it('defaults to 30 days', () => {
    expect(lastDays(Array.from({ length: 40 }, (_, i) => i))).toHaveLength(30);
  });
});

describe('chart labels (Italian)', () => {
  it('steps 5 minutes per point on the dashboard, ending now', () => {
    expect(dashboardRequestLabels(4, new Date('2025-11-22T14:05:00Z'), 'UTC')).toEqual(['13:50', '13:55', '14:00', '14:05']);
  });

  it('uses days on the detail chart, ending today', () => {
    expect(detailDayLabels(3, new Date('2025-12-01T10:00:00Z'), 'UTC')).toEqual(['29 nov', '30 nov', '1 dic']);
  });

  it('the days behind the labels: one day apart, the last one today', () => {
    expect(detailDays(3, new Date('2025-12-01T10:00:00Z')).map((d) => d.toISOString())).toEqual([
      '2025-11-29T10:00:00.000Z',
      '2025-11-30T10:00:00.000Z',
      '2025-12-01T10:00:00.000Z',
    ]);
    expect(detailDays(0, new Date())).toEqual([]);
  });

  it.each([0, -1])('gives no labels for count %p', (count) => {
    expect(dashboardRequestLabels(count, new Date(), 'UTC')).toEqual([]);
    expect(detailDayLabels(count, new Date(), 'UTC')).toEqual([]);
  });
});

describe('dashboardRequestSpan (sparkline tooltip: first and last dashboard label)', () => {
  const now = new Date('2025-11-22T14:05:00Z');

  it.each([1, 2, 4, 48])('matches the ends of dashboardRequestLabels for %p points', (count) => {
    const labels = dashboardRequestLabels(count, now, 'UTC');
    expect(dashboardRequestSpan(count, now, 'UTC')).toEqual({ first: labels[0], last: labels[labels.length - 1] });
  });

  it('steps 5 minutes per point: 4 points end at 14:05 and start at 13:50', () => {
    expect(dashboardRequestSpan(4, now, 'UTC')).toEqual({ first: '13:50', last: '14:05' });
  });

  it('gives the same labels anywhere within the minute', () => {
    expect(dashboardRequestSpan(4, new Date('2025-11-22T14:05:59.999Z'), 'UTC')).toEqual({ first: '13:50', last: '14:05' });
  });

  it('follows the time zone', () => {
    expect(dashboardRequestSpan(2, now, 'Europe/Rome')).toEqual({ first: '15:00', last: '15:05' });
  });

  it.each([
    [0, now],
    [-1, now],
    [3, new Date(Number.NaN)],
  ])('gives null for count %p at %p', (count, date) => {
    expect(dashboardRequestSpan(count, date, 'UTC')).toBeNull();
  });
});
