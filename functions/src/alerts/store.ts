/**
 * The alerts' Firestore calls (firebase-admin, past the rules), one named function per call, each with its cost.
 * Collections (firestore.rules has their blocks):
 * - `alertIndex/{kind}_{ref}`: the alerts-by-item index (domain/src/alert-hooks/alert-index.ts); server only.
 * - `users/{uid}/alertHooks/{hook1|hook2|hook3}`: a player's webhooks; the owner reads them and writes the URL, label
 *   and a test request; the delivery state (status, failures, message, lastDeliveryAt, lastTest) is written here only.
 * - `alertHookSecrets/{uid}_{slot}`: each webhook's signing secret; created by the owner with the webhook, never read
 *   back by any client.
 */
import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  ALERT_INDEX_COLLECTION,
  alertOfWatchDocument,
  materialFigures,
  productFigures,
  readAlertIndexDocument,
  readMaterial,
  readProduct,
  type AlertIndexDocument,
  type AlertChannel,
  type AlertIndexEntry,
  type HookDeliveryState,
  type WatchFigures,
} from '@sbc/domain';

export const ALERT_HOOKS_COLLECTION = 'alertHooks';
export const ALERT_HOOK_SECRETS_COLLECTION = 'alertHookSecrets';

export function secretDocumentId(uid: string, slot: string): string {
  return `${uid}_${slot}`;
}

/** An index document with its id (the watchlist item id). */
export interface IndexedItem {
  id: string;
  doc: AlertIndexDocument;
}

/** A webhook as the function uses it. */
export interface StoredHook {
  uid: string;
  slot: string;
  url: string;
  state: HookDeliveryState;
  /** 'email': the player's e-mail destination (no URL, no secret; docs/alert-webhooks.md#e-mail-alerts). Absent: a webhook. */
  channel?: AlertChannel;
}

/** What the evaluation and the hook trigger need of Firestore (a fake in the unit tests and the bench counts calls). */
export interface AlertStore {
  listAlertIndex(): Promise<IndexedItem[]>;
  readItemFigures(items: IndexedItem[]): Promise<Map<string, WatchFigures | null>>;
  saveIndexAlerts(changes: Array<{ id: string; alerts: Record<string, AlertIndexEntry> }>): Promise<void>;
  activeHooksOf(uid: string): Promise<StoredHook[]>;
  hookSecrets(hooks: StoredHook[]): Promise<Map<string, string>>;
  saveHookState(hook: StoredHook, state: HookDeliveryState, at: Date): Promise<void>;
}

/** Documents per batched write (Firestore's limit is 500). */
const BATCH = 400;

export function firestoreAlertStore(db: Firestore): AlertStore {
  return {
    /** Every index document: reads = the items with at least one alert (a query that finds none bills 1). */
    async listAlertIndex() {
      const snapshot = await db.collection(ALERT_INDEX_COLLECTION).get();
      return snapshot.docs.map((d) => ({ id: d.id, doc: readAlertIndexDocument(d.data()) }));
    },
    /** The items' current figures in one getAll: reads = items (a missing item bills 1 too, and gives null). */
    async readItemFigures(items) {
      const figures = new Map<string, WatchFigures | null>();
      if (items.length === 0) return figures;
      const refs = items.map(({ doc }) => db.collection(doc.kind === 'product' ? 'products' : 'materials').doc(doc.ref));
      const snapshots = await db.getAll(...refs);
      snapshots.forEach((snapshot, i) => {
        const { id, doc } = items[i];
        if (!snapshot.exists) return figures.set(id, null);
        figures.set(id, doc.kind === 'product' ? productFigures(readProduct(snapshot.id, snapshot.data())) : materialFigures(readMaterial(snapshot.id, snapshot.data())));
      });
      return figures;
    },
    /** The index documents whose alerts changed (fired or re-armed): writes = those documents, batched. */
    async saveIndexAlerts(changes) {
      for (let i = 0; i < changes.length; i += BATCH) {
        const batch = db.batch();
        for (const { id, alerts } of changes.slice(i, i + BATCH)) batch.update(db.collection(ALERT_INDEX_COLLECTION).doc(id), { alerts });
        await batch.commit();
      }
    },
    /** One player's active webhooks and e-mail destination: reads = those, at most 3 (none found bills 1). */
    async activeHooksOf(uid) {
      const snapshot = await db.collection('users').doc(uid).collection(ALERT_HOOKS_COLLECTION).where('status', '==', 'active').get();
      return snapshot.docs.map((d) => ({ uid, slot: d.id, url: String(d.get('url') ?? ''), state: readHookState(d.data()), channel: d.get('channel') === 'email' ? 'email' : 'webhook' }));
    },
    /** The webhooks' secrets in one getAll: reads = hooks (the caller passes webhooks only: an e-mail has no secret). */
    async hookSecrets(hooks) {
      const secrets = new Map<string, string>();
      if (hooks.length === 0) return secrets;
      const snapshots = await db.getAll(...hooks.map((h) => db.collection(ALERT_HOOK_SECRETS_COLLECTION).doc(secretDocumentId(h.uid, h.slot))));
      for (const snapshot of snapshots) {
        const secret = snapshot.get('secret');
        if (typeof secret === 'string') secrets.set(snapshot.id, secret);
      }
      return secrets;
    },
    /** 1 write: the delivery state after one delivery. */
    async saveHookState(hook, state, at) {
      await db.collection('users').doc(hook.uid).collection(ALERT_HOOKS_COLLECTION).doc(hook.slot).update({ ...state, lastDeliveryAt: at });
    },
  };
}

export function readHookState(data: DocumentData | undefined): HookDeliveryState {
  const status = data?.status;
  return {
    status: status === 'active' || status === 'refused' || status === 'disabled' ? status : 'pending',
    failures: typeof data?.failures === 'number' ? data.failures : 0,
    message: typeof data?.message === 'string' ? data.message : null,
  };
}

/**
 * A watchlist write's change to one index entry (indexChangeOf), in a transaction on the item's index document:
 * 1 read + 1 write; the document is deleted when its last alert goes, so the evaluation never reads empty ones.
 */
export async function applyIndexChange(
  db: Firestore,
  itemId: string,
  uid: string,
  change: 'remove' | AlertIndexEntry,
  item: { kind: string; ref: string; name: string; slug: string },
): Promise<void> {
  const ref = db.collection(ALERT_INDEX_COLLECTION).doc(itemId);
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const alerts: Record<string, AlertIndexEntry> = snapshot.exists ? readAlertIndexDocument(snapshot.data() ?? {}).alerts : {};
    if (change === 'remove') delete alerts[uid];
    else alerts[uid] = change;
    if (Object.keys(alerts).length === 0) {
      if (snapshot.exists) tx.delete(ref);
      return;
    }
    tx.set(ref, { kind: item.kind, ref: item.ref, name: item.name, slug: item.slug, alerts, updatedAt: FieldValue.serverTimestamp() });
  });
}

/** Whether the player has a webhook (any state): 1 read (a query with limit 1; none found bills 1 too). */
export async function playerHasHooks(db: Firestore, uid: string): Promise<boolean> {
  const snapshot = await db.collection('users').doc(uid).collection(ALERT_HOOKS_COLLECTION).limit(1).get();
  return !snapshot.empty;
}

/**
 * Puts the player's watchlist alerts into the index ('add', when their first webhook becomes active) or takes them out
 * ('remove', when their last webhook is removed): reads = the player's watched items (at most 200), then one index
 * transaction (1 read + 1 write) per item with an alert. Only players with a webhook are in the index, so a market
 * update reads nothing for the others.
 */
export async function reindexPlayer(db: Firestore, uid: string, mode: 'add' | 'remove'): Promise<number> {
  const snapshot = await db.collection('users').doc(uid).collection('watchlist').get();
  let changed = 0;
  for (const item of snapshot.docs) {
    const data = item.data();
    const alert = alertOfWatchDocument(data);
    if (!alert) continue;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    await applyIndexChange(db, item.id, uid, mode === 'add' ? { ...alert, fired: false } : 'remove', {
      kind: text(data.kind) || 'product',
      ref: text(data.ref),
      name: text(data.name) || text(data.ref),
      slug: text(data.slug) || text(data.ref),
    });
    changed += 1;
  }
  return changed;
}
