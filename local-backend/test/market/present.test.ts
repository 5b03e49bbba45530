/**
 * Bringing the demo economy to the present (src/market/present.ts), what a live `npm start` does at start: every
 * market date moves by one amount so that the last update is the chosen time, and nothing else changes.
 */
import { latestMarketUpdate, marketFreshness, readMarketStatRow } from '@sbc/domain';
import { livePresentAt, marketToPresent, type PresentResult } from '../../src/market';
import type { MarketDocument } from '../../src/market/advance';
import { DEFAULT_SEED_OPTIONS, generateDemoEconomy } from '../../src/seed';

const AT = new Date('2026-11-27T10:00:00.000Z');
const SEEDED_AT = DEFAULT_SEED_OPTIONS.now;
const economy = generateDemoEconomy().documents;

/** The documents with each moved one put in place of its original. */
function applied(documents: readonly MarketDocument[], result: PresentResult): MarketDocument[] {
  const moved = new Map(result.documents.map((doc) => [doc.path, doc]));
  return documents.map((doc) => moved.get(doc.path) ?? doc);
}

/** `value` with every Date replaced by its time, so that toEqual compares dates by value. */
function withTimes(value: unknown): unknown {
  if (value instanceof Date) return { time: value.getTime() };
  if (Array.isArray(value)) return value.map(withTimes);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withTimes(v)]));
  return value;
}

/** `value` with every Date moved back by `ms`: a moved document undone, for "nothing else changed". */
function shiftedBack(value: unknown, ms: number): unknown {
  if (value instanceof Date) return new Date(value.getTime() - ms);
  if (Array.isArray(value)) return value.map((item) => shiftedBack(item, ms));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shiftedBack(v, ms)]));
  return value;
}

const data = (documents: readonly MarketDocument[], path: string) => documents.find((doc) => doc.path === path)!.data;

describe('the demo economy brought to the present', () => {
  const result = marketToPresent(economy, AT);
  const present = applied(economy, result);

  it('moves it by the time since its last update, so that the last update is the chosen time', () => {
    expect(result.shiftMs).toBe(AT.getTime() - SEEDED_AT.getTime());
    expect(data(present, 'gameParameters/gameStats').lastUpdated).toEqual(AT);
  });

  it('stamps every stat row with it: the freshness line of /products then reads "Updated 17 min ago · next market update in 13 min"', () => {
    // Read as the site reads them (the product rows and the material rows).
    const rows = present
      .filter((doc) => /^market(Material)?Stats\//.test(doc.path))
      .map((doc) => readMarketStatRow(doc.path.split('/')[1], doc.data, doc.path.startsWith('marketStats/') ? 'product' : 'material'));
    expect(rows.length).toBeGreaterThan(0);
    const newest = latestMarketUpdate(rows)!;
    expect(newest).toEqual(AT);
    expect(marketFreshness(newest, new Date('2026-11-27T10:17:00Z'))).toMatchObject({ ageMinutes: 17, minutesToNext: 13, overdue: false, stale: false });
  });

  it('gives the same economy the seed would generate at that time: every date right, to the millisecond', () => {
    expect(withTimes(present)).toEqual(withTimes(generateDemoEconomy({ now: AT }).documents));
  });

  it('ends every product history today: created, migrated and updated by the new last update', () => {
    for (const doc of present.filter((d) => d.path.startsWith('products/'))) {
      for (const field of ['createdAt', 'migratedAt', 'updatedAt']) {
        expect((doc.data[field] as Date).getTime()).toBeLessThanOrEqual(AT.getTime());
      }
    }
    const newestUpdate = Math.max(...present.filter((d) => d.path.startsWith('products/')).map((d) => (d.data.updatedAt as Date).getTime()));
    expect(AT.getTime() - newestUpdate).toBeLessThan(2 * 86_400_000);
  });

  it('changes nothing else: moved back, every document is the original; other collections and the game date are not written', () => {
    for (const doc of result.documents) {
      const original = economy.find((d) => d.path === doc.path)!;
      expect(withTimes(shiftedBack(doc.data, result.shiftMs))).toEqual(withTimes(original.data));
    }
    const written = new Set(result.documents.map((doc) => doc.path.split('/')[0]));
    expect([...written].sort()).toEqual(['gameParameters', 'marketMaterialStats', 'marketStats', 'materials', 'products']);
    expect(result.documents.map((doc) => doc.path)).not.toContain('gameParameters/date');
    expect(data(present, 'gameParameters/date')).toBe(data(economy, 'gameParameters/date'));
    // Only documents with a date are written: the materials themselves carry none, materials/list does.
    expect(result.documents.filter((doc) => doc.path.startsWith('materials/')).map((doc) => doc.path)).toEqual(['materials/list']);
  });

  it('leaves its input alone', () => {
    expect(data(economy, 'gameParameters/gameStats').lastUpdated).toEqual(SEEDED_AT);
  });
});

describe('when there is nothing to move', () => {
  const stamped = (lastUpdated: unknown): MarketDocument[] => [
    { path: 'gameParameters/gameStats', data: { totalPlayers: '4800', lastUpdated } },
    { path: 'marketStats/energy', data: { avg: 1, lastUpdated } },
  ];

  it.each([
    ['an economy already stamped with that time', stamped(AT)],
    ['an economy stamped later (an advance stamped ahead)', stamped(new Date('2026-11-27T10:30:00Z'))],
    ['an economy without game stats', [{ path: 'marketStats/energy', data: { avg: 1, lastUpdated: SEEDED_AT } }]],
    ['game stats without a stamp', stamped(undefined)],
  ])('%s is left as it is', (_name, documents) => {
    expect(marketToPresent(documents, AT)).toEqual({ shiftMs: 0, documents: [] });
  });
});

describe('dates written after the last update', () => {
  it("keep their time: an administrator's edit made after the market stopped is not moved into the future", () => {
    const stopped = new Date('2026-11-20T10:00:00Z');
    const edited = new Date('2026-11-20T10:20:00Z');
    const documents: MarketDocument[] = [
      { path: 'gameParameters/gameStats', data: { lastUpdated: stopped } },
      { path: 'products/energy_solar-panel', data: { name: 'Solar Panel', createdAt: new Date('2025-01-01T00:00:00Z'), updatedAt: edited } },
      { path: 'watchlists/alice', data: { savedAt: new Date('2025-01-01T00:00:00Z') } },
    ];
    const result = marketToPresent(documents, AT);
    const product = result.documents.find((doc) => doc.path === 'products/energy_solar-panel')!.data;
    expect(product.updatedAt).toEqual(edited);
    expect(product.createdAt).toEqual(new Date(Date.parse('2025-01-01T00:00:00Z') + (AT.getTime() - stopped.getTime())));
    expect(result.documents.map((doc) => doc.path)).not.toContain('watchlists/alice');
  });
});

describe('the time a live market is brought to: the game’s latest update time', () => {
  it.each([
    ['2026-11-27T10:17:42.000Z', '2026-11-27T10:00:00.000Z'],
    ['2026-11-27T10:30:00.000Z', '2026-11-27T10:30:00.000Z'],
    ['2026-11-27T10:59:59.999Z', '2026-11-27T10:30:00.000Z'],
  ])('at %s it is %s', (now, expected) => {
    expect(livePresentAt(Date.parse(now)).toISOString()).toBe(expected);
  });
});
