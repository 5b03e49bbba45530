/**
 * How long a server answer built from market data (a rendered page, an open data API response, and the reads
 * behind them) stays valid: until the next market update (the game's economy moves every
 * MARKET_UPDATE_INTERVAL_MINUTES, on the hour and the half hour), and at most `maxSeconds`, so that an
 * administrator's edit reaches the answers within that bound.
 */
import { MARKET_UPDATE_INTERVAL_MINUTES } from './constants';

const CYCLE_MS = MARKET_UPDATE_INTERVAL_MINUTES * 60 * 1000;

/**
 * The game's schedule: its market updates land every MARKET_UPDATE_INTERVAL_MINUTES from the Unix epoch, on the
 * hour and the half hour (UTC, and in every time zone whose offset is whole or half hours). The most recent update
 * time at or before `now` (ms): `now` itself when it falls on one.
 */
export function latestMarketUpdateAt(now: number): number {
  return now - (((now % CYCLE_MS) + CYCLE_MS) % CYCLE_MS);
}

/** The next market update time strictly after `now` (ms): at 10:30:00 exactly, 11:00:00. */
export function nextMarketUpdateAt(now: number): number {
  return latestMarketUpdateAt(now) + CYCLE_MS;
}

/** Milliseconds from `now` to the end of the cache period (at least one second). */
export function periodRemainingMs(now: number, maxSeconds: number): number {
  const toNextUpdate = nextMarketUpdateAt(now) - now;
  return Math.max(1000, Math.min(toNextUpdate, maxSeconds * 1000));
}

/**
 * The Cache-Control of a server answer built from market data, sent at `now`: browsers revalidate every time (the
 * answer carries the data of its period), the CDN keeps it for the rest of the period and may serve it one more
 * minute while it fetches the next. `now` is the time the answer is SENT, not the time it was built: an answer
 * kept and sent again later in the period (the render server's page cache, the API's period cache) must count
 * down with it, or a CDN would keep the previous period's figures after the market moved. The one rule of the
 * rendered pages (shell/src/ssr/render.tsx) and the open data API (functions/src/open-data/handler.ts).
 */
export function periodCacheControl(now: number, maxSeconds: number): string {
  return `public, max-age=0, s-maxage=${Math.floor(periodRemainingMs(now, maxSeconds) / 1000)}, stale-while-revalidate=60`;
}
