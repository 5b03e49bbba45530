/**
 * Bringing a demo economy to the present: `npm start`'s market is live (src/stack/stack.ts), so the economy it shows
 * must look as if the game had been running all along, not as it was on the seed's fixed date (2025-06-01) or when
 * the stack last stopped. Replaying every missed period is out of the question (543 days are 26,000 periods), so
 * the economy is moved in time instead: every date of the market documents shifts by the same amount, so that the
 * last update (gameParameters/gameStats `lastUpdated`) lands on `at` and every history date ends where it should.
 *
 * Decisions:
 * - What moves: every Date, at any depth, of the market collections (products, materials with materials/list,
 *   the stat rows, gameParameters/gameStats): stamps, createdAt/migratedAt/updatedAt. Nothing else changes: no
 *   price, no figure, no name, no other collection (users, watchlists, the audit trail record real events of this
 *   machine), and not gameParameters/date, the game's own calendar (year 2031), which runs on game time.
 * - A date later than the old stamp stays as it is: it was written after the last market update, in real time (an
 *   administrator's edit, `updatedAt`), and shifting it would put it in the future.
 * - Only forward: an economy whose stamp is `at` or later (already present, or an advance stamped ahead) is left
 *   alone, and so is one with no stamp.
 * - The price and demand lines (lastvqvalue, request_index_history) carry no dates: the site draws them ending
 *   today (detailDays of @sbc/domain), so they need no change.
 */
import { latestMarketUpdateAt } from '@sbc/domain';
import { GAME_DATE_PATH, GAME_STATS_PATH, MARKET_COLLECTIONS, type MarketDocument } from './advance';

/**
 * The time a live market is brought to: the game's latest update time, not the wall clock. At 10:17 the economy
 * says "Updated 17 min ago · next market update in 13 min", and the next advance lands at 10:30, when the game's
 * would and when browsers and the render server expect one (an update every half hour, on the clock).
 */
export function livePresentAt(now: number = Date.now()): Date {
  return new Date(latestMarketUpdateAt(now));
}

export interface PresentResult {
  /** How far the economy moved (ms); 0 when it was already present. */
  shiftMs: number;
  /** The documents that changed, whole, with their new dates (the others need no write). */
  documents: MarketDocument[];
}

/** The economy of `documents` moved so that its last update is `at` (see above); the input is not modified. */
export function marketToPresent(documents: readonly MarketDocument[], at: Date): PresentResult {
  const stamp = documents.find((doc) => doc.path === GAME_STATS_PATH)?.data.lastUpdated;
  if (!(stamp instanceof Date) || !(stamp.getTime() < at.getTime())) return { shiftMs: 0, documents: [] };
  const shiftMs = at.getTime() - stamp.getTime();
  const last = stamp.getTime();
  const changed: MarketDocument[] = [];
  for (const doc of documents) {
    if (!isMarketDocument(doc.path)) continue;
    const moved = shiftDates(doc.data, shiftMs, last);
    if (moved.changed) changed.push({ path: doc.path, data: moved.value as Record<string, unknown> });
  }
  return { shiftMs, documents: changed };
}

function isMarketDocument(path: string): boolean {
  const parts = path.split('/');
  return parts.length === 2 && MARKET_COLLECTIONS.has(parts[0]) && path !== GAME_DATE_PATH;
}

/** A copy of `value` with its dates up to `last` moved by `shiftMs`, and whether any moved. */
function shiftDates(value: unknown, shiftMs: number, last: number): { value: unknown; changed: boolean } {
  if (value instanceof Date) {
    return value.getTime() <= last ? { value: new Date(value.getTime() + shiftMs), changed: true } : { value, changed: false };
  }
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const moved = shiftDates(item, shiftMs, last);
      changed ||= moved.changed;
      return moved.value;
    });
    return changed ? { value: items, changed } : { value, changed };
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]) => {
      const moved = shiftDates(item, shiftMs, last);
      changed ||= moved.changed;
      return [key, moved.value] as const;
    });
    return changed ? { value: Object.fromEntries(entries), changed } : { value, changed };
  }
  return { value, changed: false };
}
