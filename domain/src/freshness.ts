/**
 * How old the market figures are. The game's market updates every 30 real minutes and stamps each market
 * stat row with `lastUpdated`; the newest stamp is "when the numbers were updated".
 *
 * Decisions:
 * - The next update is due one cycle after the newest stamp; once that time has passed it is "overdue" (the
 *   site does not guess when a late update will come).
 * - Figures are stale when older than two cycles (over 60 minutes): one missed update is normal jitter, two
 *   mean the market has stopped.
 * - Ages are whole minutes rounded down ("just now" under one minute), hours from 60 minutes, days from 48 h.
 * - A stamp in the future (clock skew between the game server and the visitor) counts as "just now".
 */
import type { MarketStatRow } from './types';

export const MARKET_UPDATE_MINUTES = 30;
export const STALE_AFTER_CYCLES = 2;
const MINUTE_MS = 60_000;

/** The newest valid `lastUpdated` of the rows, or null when none has one. */
export function latestMarketUpdate(rows: readonly Pick<MarketStatRow, 'lastUpdated'>[]): Date | null {
  let latest: number | null = null;
  for (const row of rows) {
    const t = row.lastUpdated?.getTime();
    if (t !== undefined && Number.isFinite(t) && (latest === null || t > latest)) latest = t;
  }
  return latest === null ? null : new Date(latest);
}

export interface MarketFreshness {
  /** Whole minutes since the update (0 for a future stamp). */
  ageMinutes: number;
  nextDueAt: Date;
  /** Whole minutes until the next update; 0 when it is due now or overdue. */
  minutesToNext: number;
  overdue: boolean;
  stale: boolean;
}

export function marketFreshness(updatedAt: Date, now: Date): MarketFreshness {
  const ageMs = Math.max(0, now.getTime() - updatedAt.getTime());
  const nextDueAt = new Date(updatedAt.getTime() + MARKET_UPDATE_MINUTES * MINUTE_MS);
  const toNextMs = nextDueAt.getTime() - now.getTime();
  return {
    ageMinutes: Math.floor(ageMs / MINUTE_MS),
    nextDueAt,
    minutesToNext: toNextMs > 0 ? Math.ceil(toNextMs / MINUTE_MS) : 0,
    overdue: toNextMs < 0,
    stale: ageMs > STALE_AFTER_CYCLES * MARKET_UPDATE_MINUTES * MINUTE_MS,
  };
}

/** 'just now', '1 min ago', '12 min ago', '1 h ago', '47 h ago', '2 days ago'. */
export function formatAge(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 1) return 'just now';
  if (minutes < 60) return `${Math.floor(minutes)} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** The freshness sentence: 'Updated 12 min ago · next market update in 18 min' (or '… is overdue'). */
export function freshnessText(f: MarketFreshness): string {
  const next =
    f.overdue ? 'the next market update is overdue' : f.minutesToNext <= 0 ? 'the next market update is due now' : `next market update in ${f.minutesToNext} min`;
  return `Updated ${formatAge(f.ageMinutes)} · ${next}`;
}
