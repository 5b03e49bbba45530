/**
 * The players' watchlist in Firestore: `users/{uid}/watchlist/{kind}_{ref}` (one document per watched item)
 * plus the counter `watchCount` on `users/{uid}`, which firestore.rules uses to cap the list at
 * WATCHLIST_MAX_ITEMS. Adding and removing write the item and the counter in one batch (the rules check them
 * together with getAfter/existsAfter); `watchItem` names the item the counter change belongs to.
 *
 * Read costs are documented per function. The current figures of the items are read with the existing
 * product/material calls (products/{id}, materials/{name}: one read each).
 */
import {
  collection,
  deleteField,
  doc,
  getDocs,
  increment,
  serverTimestamp,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore/lite';
import { toInstant } from '@sbc/domain';
import type { AlertDirection, AlertMetric, WatchEntry, WatchFigures, WatchKind } from '@sbc/domain';
import { COLLECTIONS } from './collections';
import { WATCHLIST_COLLECTION, type NewWatchItem, type WatchItemChange, type WatchlistGateway } from './watchlist-items';

export { WATCHLIST_COLLECTION, type NewWatchItem, type WatchItemChange, type WatchlistGateway } from './watchlist-items';

function watchlistCollection(db: Firestore, uid: string) {
  return collection(db, COLLECTIONS.users, uid, WATCHLIST_COLLECTION);
}

export async function listWatchItems(db: Firestore, uid: string): Promise<WatchEntry[]> {
  const snapshot = await getDocs(watchlistCollection(db, uid));
  return snapshot.docs.map((d) => readWatchEntry(d.id, d.data())).sort((a, b) => a.name.localeCompare(b.name));
}

export async function addWatchItem(db: Firestore, uid: string, item: NewWatchItem): Promise<WatchEntry> {
  const id = `${item.kind}_${item.ref}`;
  const batch = writeBatch(db);
  batch.set(doc(watchlistCollection(db, uid), id), {
    kind: item.kind,
    ref: item.ref,
    slug: item.slug,
    name: item.name,
    addedAt: serverTimestamp(),
    ...(item.seen ? seenFields(item.seen, 'create') : {}),
  });
  batch.set(doc(db, COLLECTIONS.users, uid), { watchCount: increment(1), watchItem: id }, { merge: true });
  await batch.commit();
  return { id, kind: item.kind, ref: item.ref, slug: item.slug, name: item.name, addedAt: new Date(), seen: item.seen, seenAt: item.seen ? new Date() : undefined, alert: null };
}

export async function removeWatchItem(db: Firestore, uid: string, id: string): Promise<void> {
  const batch = writeBatch(db);
  batch.delete(doc(watchlistCollection(db, uid), id));
  batch.set(doc(db, COLLECTIONS.users, uid), { watchCount: increment(-1), watchItem: id }, { merge: true });
  await batch.commit();
}

export async function updateWatchItems(db: Firestore, uid: string, changes: WatchItemChange[]): Promise<void> {
  if (changes.length === 0) return;
  const batch = writeBatch(db);
  for (const change of changes) {
    const fields: DocumentData = {};
    if (change.seen) Object.assign(fields, seenFields(change.seen, 'update'));
    if (change.alert === null) {
      for (const key of ALERT_KEYS) fields[key] = deleteField();
    } else if (change.alert) {
      fields.alertMetric = change.alert.metric;
      fields.alertDirection = change.alert.direction;
      fields.alertThreshold = change.alert.threshold;
      fields.alertFired = change.alert.fired;
    }
    batch.update(doc(watchlistCollection(db, uid), change.id), fields);
  }
  await batch.commit();
}

export function createWatchlistGateway(db: Firestore): WatchlistGateway {
  return {
    listWatchItems: (uid) => listWatchItems(db, uid),
    addWatchItem: (uid, item) => addWatchItem(db, uid, item),
    removeWatchItem: (uid, id) => removeWatchItem(db, uid, id),
    updateWatchItems: (uid, changes) => updateWatchItems(db, uid, changes),
  };
}

const ALERT_KEYS = ['alertMetric', 'alertDirection', 'alertThreshold', 'alertFired'] as const;

/**
 * The baseline is stored flat (seenPrice, seenRequestIndex, seenInventory): the rules check flat fields simply.
 * A missing request index (materials) is left out of a new document, and removed by an update (deleteField is
 * refused by a plain set).
 */
function seenFields(seen: WatchFigures, mode: 'create' | 'update'): DocumentData {
  const fields: DocumentData = { seenPrice: seen.price, seenInventory: seen.inventory, seenAt: serverTimestamp() };
  if (seen.requestIndex !== null) fields.seenRequestIndex = seen.requestIndex;
  else if (mode === 'update') fields.seenRequestIndex = deleteField();
  return fields;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Lenient reader: a malformed baseline or alert is treated as missing, never as a crash. */
export function readWatchEntry(id: string, data: DocumentData): WatchEntry {
  const kind: WatchKind = data.kind === 'material' ? 'material' : 'product';
  const price = num(data.seenPrice);
  const inventory = num(data.seenInventory);
  const seen = price !== null && inventory !== null ? { price, inventory, requestIndex: num(data.seenRequestIndex) } : null;
  const metric = data.alertMetric === 'price' || data.alertMetric === 'requestIndex' ? (data.alertMetric as AlertMetric) : null;
  const direction = data.alertDirection === 'above' || data.alertDirection === 'below' ? (data.alertDirection as AlertDirection) : null;
  const threshold = num(data.alertThreshold);
  const alert = metric && direction && threshold !== null ? { metric, direction, threshold, fired: data.alertFired === true } : null;
  const ref = text(data.ref);
  return {
    id,
    kind,
    ref,
    slug: text(data.slug) || ref,
    name: text(data.name) || ref,
    addedAt: toInstant(data.addedAt),
    seen,
    seenAt: seen ? toInstant(data.seenAt) : undefined,
    alert,
  };
}
