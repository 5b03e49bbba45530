/** The watchlist's collection name, write shapes and gateway interface, without Firestore (./watchlist.ts implements them). */
import type { WatchAlert, WatchEntry, WatchFigures, WatchKind } from '@sbc/domain';

export const WATCHLIST_COLLECTION = 'watchlist';

/** What adding an item stores (the figures seen when it was starred become its first baseline). */
export interface NewWatchItem {
  kind: WatchKind;
  ref: string;
  slug: string;
  name: string;
  seen: WatchFigures | null;
}

/** A change to one item: its new baseline and/or alert (null removes the alert). */
export interface WatchItemChange {
  id: string;
  seen?: WatchFigures;
  alert?: WatchAlert | null;
}

/** One named call per Firestore operation; the Firebase implementation is createWatchlistGateway. */
export interface WatchlistGateway {
  /** Every watched item of the player: one read per item (an empty list costs one read). */
  listWatchItems(uid: string): Promise<WatchEntry[]>;
  /** One batch: the item document and counter + 1. No read. */
  addWatchItem(uid: string, item: NewWatchItem): Promise<WatchEntry>;
  /** One batch: delete the item document and counter − 1. No read. */
  removeWatchItem(uid: string, id: string): Promise<void>;
  /** One batch of updates (baselines after a visit, alert states). No read. */
  updateWatchItems(uid: string, changes: WatchItemChange[]): Promise<void>;
}
