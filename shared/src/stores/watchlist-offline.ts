/**
 * The watchlist's offline copy (issue 28, docs/offline.md): the player's entries and the figures last shown on the
 * watchlist page, kept in localStorage per player, so the watchlist opens without a connection "from what was last
 * seen". The public pages need no such copy (the service worker keeps each page with the data it was rendered
 * from); the watchlist is the signed-in page the server does not render. Written after each successful read,
 * read only when the database cannot be reached. A full or unavailable storage is tolerated: no copy then.
 */
import type { WatchEntry, WatchFigures } from '@sbc/domain';
import { parseState, serializeState } from '../ssr/snapshot';

const KEY_PREFIX = 'sbc.watchlist.offline.';
const SCHEMA = 1;

export interface WatchlistCopy {
  entries: WatchEntry[];
  /** Figures per entry id, as last read (null: the item could not be read). */
  figures: Array<[string, WatchFigures | null]>;
  savedAt: number;
}

export class WatchlistOfflineCopy {
  constructor(
    private readonly storage: Storage | null,
    private readonly now: () => number = Date.now,
  ) {}

  read(uid: string): WatchlistCopy | null {
    try {
      const text = this.storage?.getItem(KEY_PREFIX + uid);
      if (!text) return null;
      const copy = parseState<WatchlistCopy & { schema: number }>(text);
      return copy.schema === SCHEMA && Array.isArray(copy.entries) && Array.isArray(copy.figures) ? copy : null;
    } catch {
      return null;
    }
  }

  /** Keeps the entries, and the figures when given (else those of the copy already kept). */
  save(uid: string, entries: WatchEntry[], figures?: Map<string, WatchFigures | null>): void {
    if (!this.storage) return;
    const kept = figures ? [...figures] : (this.read(uid)?.figures ?? []);
    try {
      this.storage.setItem(KEY_PREFIX + uid, serializeState({ schema: SCHEMA, entries, figures: kept, savedAt: this.now() }));
    } catch (error) {
      console.warn('The watchlist could not be kept for offline reading', error);
    }
  }
}

/** The page's localStorage, or null (the server render, a browser that refuses it). */
export function defaultLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
