import { formatAge, freshnessText, latestMarketUpdate, marketFreshness } from './freshness';

const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-23T12:00:00Z');

describe('latestMarketUpdate (newest lastUpdated)', () => {
  it.each([
    [[], null],
    [[{}, { lastUpdated: undefined }], null],
    [[{ lastUpdated: at('2026-11-23T11:00:00Z') }, { lastUpdated: at('2026-11-23T11:48:00Z') }, {}], '2026-11-23T11:48:00.000Z'],
    [[{ lastUpdated: new Date(NaN) }, { lastUpdated: at('2026-11-23T10:00:00Z') }], '2026-11-23T10:00:00.000Z'],
  ])('%p → %p', (rows, expected) => {
    expect(latestMarketUpdate(rows)?.toISOString() ?? null).toBe(expected);
  });
});

describe('marketFreshness (30-minute cycle, stale after two)', () => {
  it.each([
    // updated at, age, minutes to next, overdue, stale
    ['2026-11-23T11:48:00Z', 12, 18, false, false],
    ['2026-11-23T11:59:30Z', 0, 30, false, false],
    ['2026-11-23T11:30:00Z', 30, 0, false, false],
    ['2026-11-23T11:29:00Z', 31, 0, true, false],
    ['2026-11-23T11:00:00Z', 60, 0, true, false],
    ['2026-11-23T10:59:00Z', 61, 0, true, true],
    ['2026-11-21T12:00:00Z', 2880, 0, true, true],
    ['2026-11-23T12:05:00Z', 0, 35, false, false],
  ])('updated %s → %p min old, next in %p, overdue %p, stale %p', (iso, age, next, overdue, stale) => {
    expect(marketFreshness(at(iso), NOW)).toMatchObject({ ageMinutes: age, minutesToNext: next, overdue, stale });
  });

  it('is due one cycle after the update', () => {
    expect(marketFreshness(at('2026-11-23T11:48:00Z'), NOW).nextDueAt.toISOString()).toBe('2026-11-23T12:18:00.000Z');
  });
});

describe('formatAge', () => {
  it.each([
    [0, 'just now'],
    [0.9, 'just now'],
    [NaN, 'just now'],
    [1, '1 min ago'],
    [12, '12 min ago'],
    [59, '59 min ago'],
    [60, '1 h ago'],
    [125, '2 h ago'],
    [47 * 60 + 59, '47 h ago'],
    [48 * 60, '2 days ago'],
  ])('%p → %p', (minutes, expected) => {
    expect(formatAge(minutes)).toBe(expected);
  });
});

describe('freshnessText', () => {
  it.each([
    ['2026-11-23T11:48:00Z', 'Updated 12 min ago · next market update in 18 min'],
    ['2026-11-23T11:30:00Z', 'Updated 30 min ago · the next market update is due now'],
    ['2026-11-23T10:00:00Z', 'Updated 2 h ago · the next market update is overdue'],
  ])('updated %s → %p', (iso, expected) => {
    expect(freshnessText(marketFreshness(at(iso), NOW))).toBe(expected);
  });
});
