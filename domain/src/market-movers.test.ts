import type { HistoryItems } from './market-history';
import { baselineAt, marketMovers, moversOf, readMarketMovers, relativeMove } from './market-movers';

const T = Date.parse('2026-11-27T09:30:00.000Z');
const HOUR = 3_600_000;

describe('a relative move', () => {
  it.each<[number | null, number | null, number | null]>([
    [100, 105, 0.05],
    [100, 90, -0.1],
    [100, 100, null],
    [0, 5, null],
    [null, 5, null],
    [5, null, null],
  ])('%p → %p: %p', (from, to, move) => {
    expect(relativeMove(from, to)).toBe(move);
  });
});

describe('a window\'s baseline', () => {
  const points = [0, 1, 23, 24, 25].map((h) => ({ at: new Date(T - h * HOUR), h }));
  it.each<[string, number, number | null]>([
    ['24 h ago: the point at 24 h', T - 24 * HOUR, 24],
    ['23.5 h ago: the latest point at or before it', T - 23.5 * HOUR, 24],
    ['26 h ago: one hour older than anything but within the slack', T - 26 * HOUR, null],
    ['25.5 h ago', T - 25.5 * HOUR, null],
  ])('%s', (_name, start, hours) => {
    expect(baselineAt(points, start)?.h ?? null).toBe(hours);
  });
});

const info = {
  'p/a': { name: 'Alpha', sector: 'energy' },
  'p/b': { name: 'Beta', sector: 'energy' },
  'p/c': { name: 'Gamma', sector: 'food' },
  'm/Copper': { name: 'Copper', sector: 'materials' },
};

describe('risers and fallers', () => {
  const then: HistoryItems = { 'p/a': [100, 50, 10], 'p/b': [10, 50, 10], 'p/c': [20, 0, 10], 'm/Copper': [8, null, 100] };
  const now: HistoryItems = { 'p/a': [110, 40, 10], 'p/b': [12, 55, 5], 'p/c': [19, 10, 20], 'm/Copper': [8, null, 150], 'p/new': [5, 5, 5] };

  it.each<[string, string[], string[]]>([
    ['price', ['p/b', 'p/a'], ['p/c']],
    ['requestIndex', ['p/b'], ['p/a']],
    ['supply', ['p/c', 'm/Copper'], ['p/b']],
  ])('by %s: risers %p, fallers %p (largest relative move first; no baseline, no move)', (metric, risers, fallers) => {
    const lists = moversOf(now, then, info, metric as 'price', 5);
    expect(lists.risers.map((m) => m.key)).toEqual(risers);
    expect(lists.fallers.map((m) => m.key)).toEqual(fallers);
  });

  it('keeps the top n and gives the figures', () => {
    expect(moversOf(now, then, info, 'price', 1).risers).toEqual([{ key: 'p/b', name: 'Beta', sector: 'energy', from: 10, to: 12, change: 0.2 }]);
  });

  it('ties go to the larger absolute move, then the name', () => {
    const lists = moversOf({ 'p/b': [20, 0, 0], 'p/a': [20, 0, 0] }, { 'p/b': [10, 0, 0], 'p/a': [10, 0, 0] }, info, 'price', 5);
    expect(lists.risers.map((m) => m.name)).toEqual(['Alpha', 'Beta']);
  });
});

describe('the movers of an update', () => {
  const point = (hoursAgo: number, price: number) => ({ at: new Date(T - hoursAgo * HOUR), items: { 'p/a': [price, 50, 10], 'p/c': [price, 50, 10] } as HistoryItems });
  const now: HistoryItems = { 'p/a': [120, 50, 10], 'p/c': [90, 50, 10] };

  it('compares with the previous period, 24 hours and 7 days ago, overall and per sector', () => {
    const movers = marketMovers(new Date(T), now, info, [point(0, 1), point(0.5, 100), point(24, 60), point(168, 200)]);
    expect(movers.windows.period.since).toBe('2026-11-27T09:00:00.000Z');
    expect(movers.windows.period.overall?.price.risers.map((m) => [m.key, m.change])).toEqual([['p/a', 0.2]]);
    expect(movers.windows.period.overall?.price.fallers.map((m) => [m.key, m.change])).toEqual([['p/c', -0.1]]);
    expect(movers.windows.day.overall?.price.risers.map((m) => m.key)).toEqual(['p/a', 'p/c']);
    expect(movers.windows.week.overall?.price.fallers.map((m) => m.change)).toEqual([-0.55, -0.4]);
    expect(Object.keys(movers.windows.period.sectors)).toEqual(['energy', 'food']);
    expect(movers.windows.period.sectors.food.price.fallers.map((m) => m.key)).toEqual(['p/c']);
  });

  it('has no 24-hour or 7-day window before history that old is recorded', () => {
    const movers = marketMovers(new Date(T), now, info, [point(0.5, 100)]);
    expect(movers.windows.day).toEqual({ since: null, overall: null, sectors: {} });
    expect(movers.windows.week.since).toBeNull();
    expect(readMarketMovers(movers)).toEqual(movers);
    expect(readMarketMovers({ at: 'x' })).toBeNull();
  });
});
