/**
 * The in-memory watchlist of the fake gateway (fake-gateway.ts `watchlist`). Like firestore.rules, it refuses
 * a 201st item with 'permission-denied'; every call is recorded and any call can be made to fail or wait
 * (./fake-calls.ts).
 */
import { WATCHLIST_MAX_ITEMS, watchItemId, type WatchEntry } from '@sbc/domain';
import { GatewayError } from './errors';
import { createCallLog, type FakeCallControls } from './fake-calls';
import type { WatchlistGateway } from './watchlist';

export type WatchlistMethod = keyof WatchlistGateway;

export interface FakeWatchlist extends WatchlistGateway, FakeCallControls<WatchlistMethod> {
  /** The stored entries of one player (a copy), sorted by name. */
  entries(uid: string): WatchEntry[];
  /** Writes an entry directly, bypassing the checks ("another session changed it"). */
  put(uid: string, entry: WatchEntry): void;
}

export function createFakeWatchlist(): FakeWatchlist {
  const byUser = new Map<string, Map<string, WatchEntry>>();
  const { enter, ...controls } = createCallLog<WatchlistMethod>();
  const of = (uid: string) => {
    const existing = byUser.get(uid);
    if (existing) return existing;
    const items = new Map();
    byUser.set(uid, items);
    return items;
  };
  const sorted = (uid: string) => [...of(uid).values()].sort((a, b) => a.name.localeCompare(b.name)).map((e) => ({ ...e }));

  return {
    ...controls,
    entries: sorted,
    put: (uid, entry) => void of(uid).set(entry.id, { ...entry }),

    async listWatchItems(uid) {
      await enter('listWatchItems', [uid]);
      return sorted(uid);
    },
    async addWatchItem(uid, item) {
      await enter('addWatchItem', [uid, item]);
      const items = of(uid);
      const id = watchItemId(item.kind, item.ref);
      if (items.has(id) || items.size >= WATCHLIST_MAX_ITEMS) {
        throw new GatewayError('permission-denied', 'Missing or insufficient permissions.');
      }
      const now = new Date();
      const entry: WatchEntry = { id, ...item, addedAt: now, seenAt: item.seen ? now : undefined, alert: null };
      items.set(id, entry);
      return { ...entry };
    },
    async removeWatchItem(uid, id) {
      await enter('removeWatchItem', [uid, id]);
      if (!of(uid).delete(id)) throw new GatewayError('permission-denied', 'Missing or insufficient permissions.');
    },
    async updateWatchItems(uid, changes) {
      await enter('updateWatchItems', [uid, changes]);
      const items = of(uid);
      if (changes.some((c) => !items.has(c.id))) throw new GatewayError('not-found', 'No document to update');
      for (const change of changes) {
        const entry = items.get(change.id)!;
        items.set(change.id, {
          ...entry,
          ...(change.seen ? { seen: { ...change.seen }, seenAt: new Date() } : {}),
          ...(change.alert !== undefined ? { alert: change.alert && { ...change.alert } } : {}),
        });
      }
    },
  };
}
