import { periodRemainingMs, renderedCacheControl } from './market-period';

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

  it('the CDN keeps the page for the rest of the period, browsers revalidate', () => {
    expect(renderedCacheControl(240_500)).toBe('public, max-age=0, s-maxage=240, stale-while-revalidate=60');
  });
});
