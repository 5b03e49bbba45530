import {
  COMPARE_MAX_ITEMS,
  comparisonChart,
  dailyDocExpiry,
  dailyDocId,
  HISTORY_SHARDS,
  historyDocIds,
  historyItemsOf,
  historySeries,
  historyShardOf,
  historyTimeLabel,
  historyWindow,
  historyWrites,
  parseCompareParam,
  historyDocSettled,
  parseHistoryRange,
  periodDocExpiry,
  periodDocId,
  readHistoryPoints,
} from './market-history';
import { readMaterial, readProduct } from './readers';

const T = Date.parse('2026-11-27T09:30:00.000Z');
const DAY = 86_400_000;

describe('document ids and retention', () => {
  it.each<[string, string, string]>([
    ['2026-11-27T09:30:00.000Z', 'p_2026-11-27_3', 'd_2026-11_3'],
    ['2026-11-27T23:59:59.999Z', 'p_2026-11-27_3', 'd_2026-11_3'],
    ['2026-12-01T00:00:00.000Z', 'p_2026-12-01_3', 'd_2026-12_3'],
  ])('at %s shard 3: %s and %s', (iso, period, daily) => {
    expect(periodDocId(Date.parse(iso), 3)).toBe(period);
    expect(dailyDocId(Date.parse(iso), 3)).toBe(daily);
  });

  it.each<[string, string, string]>([
    // every period for 7 days after its day, one a day for 24 months after its month
    ['2026-11-27T09:30:00.000Z', '2026-12-05T00:00:00.000Z', '2028-12-01T00:00:00.000Z'],
    ['2026-12-31T23:30:00.000Z', '2027-01-08T00:00:00.000Z', '2029-01-01T00:00:00.000Z'],
  ])('a document of %s expires at %s (periods) and %s (days)', (iso, period, daily) => {
    expect(periodDocExpiry(Date.parse(iso)).toISOString()).toBe(period);
    expect(dailyDocExpiry(Date.parse(iso)).toISOString()).toBe(daily);
  });

  it('spreads items over every shard, each always in the same one', () => {
    const shards = new Set(Array.from({ length: 2000 }, (_, i) => historyShardOf(`p/item-${i}`)));
    expect(shards.size).toBe(HISTORY_SHARDS);
    expect(historyShardOf('p/solar-panel')).toBe(historyShardOf('p/solar-panel'));
  });
});

describe('what one update writes', () => {
  const solar = readProduct('energy_solar_panel', {
    slug: 'solar-panel', name: 'Solar Panel', category: 'energy', average_market_price: 120.5, pieces_on_market: 40,
    lastvqvalue: [118, 120.5], production: { request_index: 62.5 },
  });
  const drone = readProduct('drone', { slug: 'prototype-drone', name: 'Prototype Drone', lastvqvalue: [], average_market_price: 0 });
  const copper = readMaterial('Copper', { value: 8.25, amount: 900 });

  it('records price, request index and supply of every traded product and every material', () => {
    expect(historyItemsOf([solar, drone], [copper])).toEqual({ 'p/solar-panel': [120.5, 62.5, 40], 'm/Copper': [8.25, null, 900] });
  });

  it.each([1, 160, 5000])('writes at most two documents per shard for %i items, each setting one point', (n) => {
    const items = Object.fromEntries(Array.from({ length: n }, (_, i) => [`p/item-${i}`, [i, 50, 10] as [number, number, number]]));
    const writes = historyWrites(items, T);
    expect(writes.length).toBeLessThanOrEqual(2 * Math.min(n, HISTORY_SHARDS));
    expect(writes.length % 2).toBe(0);
    const recorded = writes.filter((w) => w.id.startsWith('p_')).flatMap((w) => Object.keys((w.data.points as Record<string, { items: object }>).t1795771800.items));
    expect(recorded.sort()).toEqual(Object.keys(items).sort());
    for (const w of writes) expect(w.fields.at(-1)).toMatch(/^(points\.t1795771800|days\.d20261127)$/);
  });
});

describe('reading a series back', () => {
  const items = (price: number) => ({ 'p/solar-panel': [price, 60, 40] as [number, number, number] });
  const docs = [
    ...historyWrites(items(100), T - DAY).map((w) => w.data),
    ...historyWrites(items(101), T - 1800_000).map((w) => w.data),
    ...historyWrites(items(102), T).map((w) => w.data),
  ].filter((d) => d.tier === 'period');

  it('gives the item\'s points in the window, oldest first, with their real times', () => {
    expect(historySeries(docs, 'p/solar-panel', T - 2 * 3600_000, T).map((p) => [p.at.toISOString(), p.price])).toEqual([
      ['2026-11-27T09:00:00.000Z', 101],
      ['2026-11-27T09:30:00.000Z', 102],
    ]);
    expect(historySeries(docs, 'p/other', 0, T)).toEqual([]);
  });

  it('reads timestamps as the SDKs give them (Date, seconds, toDate)', () => {
    const raw = { points: { a: { at: { seconds: T / 1000, nanoseconds: 0 }, items: items(1) }, b: { at: { toDate: () => new Date(T + 1) }, items: items(2) } } };
    expect(readHistoryPoints([raw, null, { points: 'x' }]).map((p) => p.at.getTime())).toEqual([T, T + 1]);
  });

  it('merges the shards of one update into one point', () => {
    const shard = (key: string) => ({ points: { t: { at: new Date(T), items: { [key]: [1, 2, 3] } } } });
    expect(readHistoryPoints([shard('p/a'), shard('m/B')])).toEqual([{ at: new Date(T), items: { 'p/a': [1, 2, 3], 'm/B': [1, 2, 3] } }]);
  });
});

describe('ranges and their reads', () => {
  it.each<[string, 'period' | 'day', number]>([
    ['1d', 'period', 2],
    ['7d', 'period', 8],
    ['30d', 'day', 2],
    ['1y', 'day', 13],
    ['all', 'day', 25],
  ])('%s reads the %s tier: at most %i documents of one shard', (range, interval, docs) => {
    const w = historyWindow(parseHistoryRange(range)!, T);
    expect(w.interval).toBe(interval);
    expect(historyDocIds(0, w.from, w.to, w.interval)).toHaveLength(docs);
  });

  it.each([['2d'], [''], [null], ['ALL']])('%p is not a range', (value) => {
    expect(parseHistoryRange(value)).toBeNull();
  });
});

describe('the comparison in the URL', () => {
  it.each<[string | null, string[]]>([
    [null, []],
    ['a,b', ['a', 'b']],
    [' a , a ,own,, b ', ['a', 'b']],
    ['a,b,c,d,e,f', ['a', 'b', 'c', 'd']],
  ])('?compare=%p on own → %p', (value, slugs) => {
    expect(parseCompareParam(value, 'own')).toEqual(slugs);
    expect(parseCompareParam(value, 'own').length).toBeLessThan(COMPARE_MAX_ITEMS);
  });
});

describe('the comparison chart', () => {
  const at = (minutes: number) => new Date(T + minutes * 60_000);
  const point = (minutes: number, price: number | null) => ({ at: at(minutes), price, requestIndex: null, supply: null });

  it('shows one item in SBC, on its own times', () => {
    expect(comparisonChart([{ label: 'Solar Panel', points: [point(0, 100), point(30, 110)] }])).toEqual({
      times: [T, T + 1_800_000],
      indexed: false,
      series: [{ label: 'Solar Panel', values: [100, 110] }],
    });
  });

  it('shows several items as % change since their first point, on every time any was recorded', () => {
    const chart = comparisonChart([
      { label: 'A', points: [point(0, 100), point(30, 110)] },
      { label: 'B', points: [point(30, 2), point(60, 1.5)] },
    ]);
    expect(chart.times).toEqual([T, T + 1_800_000, T + 3_600_000]);
    expect(chart.indexed).toBe(true);
    expect(chart.series).toEqual([
      { label: 'A', values: [0, 10, null] },
      { label: 'B', values: [null, 0, -25] },
    ]);
  });

  it.each<[string, string]>([
    ['1d', '27/11 09:30'],
    ['7d', '27/11 09:30'],
    ['30d', '27 nov'],
    ['1y', '27 nov 26'],
  ])('labels a %s range\'s times as %p (UTC here)', (range, label) => {
    expect(historyTimeLabel(T, range as '1d', 'UTC')).toBe(label);
  });
});

describe('whether a history document as read already holds the latest market update (the API keeps it then)', () => {
  const UPDATE = Date.parse('2026-11-27T09:30:00.000Z');
  const at = (iso: string) => ({ at: iso });
  it.each<[string, string, Array<{ at: string }>, boolean]>([
    ['today\'s period document with the update\'s point', 'p_2026-11-27_3', [at('2026-11-27T09:00:00.000Z'), at('2026-11-27T09:30:00.000Z')], true],
    ['today\'s period document read before the recording', 'p_2026-11-27_3', [at('2026-11-27T09:00:00.000Z')], false],
    ['today\'s period document not written yet', 'p_2026-11-27_3', [], false],
    ['yesterday\'s period document: its day is over', 'p_2026-11-26_3', [at('2026-11-26T23:30:00.000Z')], true],
    ['an empty past day: nothing more will be written', 'p_2026-11-20_0', [], true],
    ['this month\'s daily document with today', 'd_2026-11_3', [at('2026-11-27T09:30:00.000Z')], true],
    ['this month\'s daily document without today yet', 'd_2026-11_3', [at('2026-11-26T23:30:00.000Z')], false],
    ['last month\'s daily document', 'd_2026-10_3', [at('2026-10-31T23:30:00.000Z')], true],
    ['an id of neither tier', 'x_2026-11-27_3', [], false],
    ['a period id with a month', 'p_2026-11_3', [], false],
  ])('%s (%s) → %p', (_what, id, points, settled) => {
    expect(historyDocSettled(id, points, UPDATE)).toBe(settled);
  });

  it('a day ending exactly at the update is over', () => {
    expect(historyDocSettled('p_2026-11-26_0', [], Date.parse('2026-11-27T00:00:00.000Z'))).toBe(true);
  });
});
