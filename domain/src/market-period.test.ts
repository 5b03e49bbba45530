import { latestMarketUpdateAt, nextMarketUpdateAt, periodCacheControl, periodRemainingMs } from './market-period';

const at = (iso: string) => Date.parse(iso);

describe('the cache period of a server answer (rendered page, API response)', () => {
  it.each([
    ['just after a market update, the cap', '2026-11-23T10:00:05Z', 300, 300_000],
    ['four minutes before the half hour', '2026-11-23T10:26:00Z', 300, 240_000],
    ['ten seconds before the hour', '2026-11-23T10:59:50Z', 300, 10_000],
    ['exactly at the update, a longer cap', '2026-11-23T10:30:00Z', 3600, 1_800_000],
    ['never under one second', '2026-11-23T10:59:59.900Z', 300, 1000],
  ])('%s', (_name, iso, cap, expected) => {
    expect(periodRemainingMs(at(iso), cap)).toBe(expected);
  });
});

describe('the Cache-Control of a server answer counts down to the end of the period at the time it is sent', () => {
  // Browsers revalidate (max-age=0); the CDN keeps the answer for what is left of the period (s-maxage).
  const header = (sMaxage: number) => `public, max-age=0, s-maxage=${sMaxage}, stale-while-revalidate=60`;
  it.each([
    ['at the update (06:30:00), the 5-minute cap', '2026-11-23T06:30:00Z', 300, 300],
    ['just after it (06:30:05), the cap', '2026-11-23T06:30:05Z', 300, 300],
    ['06:55:00, five minutes left', '2026-11-23T06:55:00Z', 300, 300],
    ['06:55:54, 246 s left (a page rendered at 06:55:00 sent 300 here)', '2026-11-23T06:55:54Z', 300, 246],
    ['06:58:20.400, 99.6 s left: whole seconds, rounded down', '2026-11-23T06:58:20.400Z', 300, 99],
    ['06:59:59, the last second (a cached page sent 98 here)', '2026-11-23T06:59:59Z', 300, 1],
    ['06:59:59.900, never under one second', '2026-11-23T06:59:59.900Z', 300, 1],
    ['07:00:00, the next period starts', '2026-11-23T07:00:00Z', 300, 300],
    ['07:10:00 with a longer cap, to the half hour', '2026-11-23T07:10:00Z', 3600, 1200],
  ])('%s', (_name, iso, cap, sMaxage) => {
    expect(periodCacheControl(at(iso), cap)).toBe(header(sMaxage));
  });
});

describe("the game's market schedule: every 30 minutes, on the hour and the half hour", () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  it.each([
    // now, the latest update at or before it, the next one after it
    ['2026-11-27T10:17:42.123Z', '2026-11-27T10:00:00.000Z', '2026-11-27T10:30:00.000Z'],
    ['2026-11-27T10:30:00.000Z', '2026-11-27T10:30:00.000Z', '2026-11-27T11:00:00.000Z'],
    ['2026-11-27T10:29:59.999Z', '2026-11-27T10:00:00.000Z', '2026-11-27T10:30:00.000Z'],
    ['2026-11-27T10:30:00.001Z', '2026-11-27T10:30:00.000Z', '2026-11-27T11:00:00.000Z'],
    ['2026-11-27T23:45:00.000Z', '2026-11-27T23:30:00.000Z', '2026-11-28T00:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', '2026-12-31T23:30:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['1969-12-31T23:50:00.000Z', '1969-12-31T23:30:00.000Z', '1970-01-01T00:00:00.000Z'],
  ])('at %s the latest update was %s and the next is %s', (now, latest, next) => {
    expect(iso(latestMarketUpdateAt(at(now)))).toBe(latest);
    expect(iso(nextMarketUpdateAt(at(now)))).toBe(next);
  });
});
