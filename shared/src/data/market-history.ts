/**
 * The market history the site keeps (docs/market-history.md; layout and retention in domain/src/market-history.ts),
 * written only by the recordMarketHistoryOnUpdate function. Reads only.
 */
import { doc, getDoc, type Firestore } from 'firebase/firestore/lite';
import {
  HISTORY_COLLECTION,
  MOVERS_COLLECTION,
  MOVERS_DOCUMENT_ID,
  readHistoryPoints,
  readMarketMovers,
  type HistoryItems,
  type MarketMovers,
} from '@sbc/domain';

/** A recorded point, as plain JSON (the server render records it, the browser replays it). */
export interface RecordedPoint {
  /** ISO 8601 UTC. */
  at: string;
  items: HistoryItems;
}

/**
 * The recorded points of the documents `ids` (domain historyDocIds: one shard's documents of a range), keeping only
 * the items `keys` (every item without `keys`: the API shares one read of a document among its callers), oldest first. Reads: one per id, a missing document billed too (a chart of one item:
 * 2 documents for 1 day, 8 for 7 days, 2 for 30 days, 13 for a year, 25 for all; a comparison adds the other
 * items' shards, at most one set per item).
 */
export async function getMarketHistory(db: Firestore, ids: readonly string[], keys?: readonly string[]): Promise<RecordedPoint[]> {
  const snapshots = await Promise.all(ids.map((id) => getDoc(doc(db, HISTORY_COLLECTION, id))));
  const points = readHistoryPoints(snapshots.filter((s) => s.exists()).map((s) => s.data()));
  const out: RecordedPoint[] = [];
  for (const point of points) {
    const items: HistoryItems = keys ? {} : point.items;
    for (const key of keys ?? []) if (point.items[key]) items[key] = point.items[key];
    if (Object.keys(items).length > 0) out.push({ at: point.at.toISOString(), items });
  }
  return out;
}

/** marketMovers/latest: 1 read; null when missing (no update recorded yet) or not a movers document. */
export async function getMarketMovers(db: Firestore): Promise<MarketMovers | null> {
  const snapshot = await getDoc(doc(db, MOVERS_COLLECTION, MOVERS_DOCUMENT_ID));
  return snapshot.exists() ? readMarketMovers(snapshot.data()) : null;
}
