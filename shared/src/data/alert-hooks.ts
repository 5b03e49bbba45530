/**
 * A player's alert webhooks in Firestore (issue 37, docs/alert-webhooks.md): `users/{uid}/alertHooks/{slot}` and each
 * one's secret in `alertHookSecrets/{uid}_{slot}`, which the browser writes once and can never read back
 * (firestore.rules). The Cloud Functions (functions/src/alerts) check the URL, deliver and write the delivery state.
 * Read costs are documented per function in ./alert-hooks-items.ts.
 */
import { collection, doc, getDoc, getDocs, serverTimestamp, setDoc, updateDoc, writeBatch, type DocumentData, type Firestore } from 'firebase/firestore/lite';
import { ALERT_HOOK_SLOTS, toInstant, type AlertHookSlot } from '@sbc/domain';

import { COLLECTIONS } from './collections';
import { ALERT_HOOK_SECRETS_COLLECTION, ALERT_HOOKS_COLLECTION, type AlertHook, type AlertHooksGateway } from './alert-hooks-items';

function hooksCollection(db: Firestore, uid: string) {
  return collection(db, COLLECTIONS.users, uid, ALERT_HOOKS_COLLECTION);
}

function secretDoc(db: Firestore, uid: string, slot: AlertHookSlot) {
  return doc(db, ALERT_HOOK_SECRETS_COLLECTION, `${uid}_${slot}`);
}

export interface AlertHooksOptions {
  /** The runtime config's `alerts.email`: this site's functions have an e-mail provider. */
  emailAlerts?: boolean;
}

export function createAlertHooksGateway(db: Firestore, options: AlertHooksOptions = {}): AlertHooksGateway {
  return {
    async listAlertHooks(uid) {
      const snapshot = await getDocs(hooksCollection(db, uid));
      return snapshot.docs.flatMap((d) => readAlertHook(d.id, d.data()) ?? []).sort((a, b) => a.slot.localeCompare(b.slot));
    },
    async getAlertHook(uid, slot) {
      const snapshot = await getDoc(doc(hooksCollection(db, uid), slot));
      return snapshot.exists() ? readAlertHook(slot, snapshot.data()) : null;
    },
    async addAlertHook(uid, slot, hook, secret) {
      const batch = writeBatch(db);
      batch.set(doc(hooksCollection(db, uid), slot), { url: hook.url, label: hook.label, createdAt: serverTimestamp(), status: 'pending' });
      batch.set(secretDoc(db, uid, slot), { uid, slot, secret });
      await batch.commit();
    },
    async removeAlertHook(uid, slot, channel = 'webhook') {
      const batch = writeBatch(db);
      batch.delete(doc(hooksCollection(db, uid), slot));
      if (channel !== 'email') batch.delete(secretDoc(db, uid, slot));
      await batch.commit();
    },
    async emailAlertsAvailable() {
      return options.emailAlerts === true;
    },
    async addEmailAlerts(uid, slot) {
      await setDoc(doc(hooksCollection(db, uid), slot), { channel: 'email', createdAt: serverTimestamp(), status: 'pending' });
    },
    async requestAlertHookTest(uid, slot) {
      await updateDoc(doc(hooksCollection(db, uid), slot), { testRequestedAt: serverTimestamp() });
    },
  };
}

/** Lenient reader: an unknown slot is skipped, a malformed field is treated as missing. */
export function readAlertHook(id: string, data: DocumentData): AlertHook | null {
  const slot = ALERT_HOOK_SLOTS.find((s) => s === id);
  if (!slot) return null;
  const status = data.status === 'active' || data.status === 'refused' || data.status === 'disabled' ? data.status : 'pending';
  const test = data.lastTest as DocumentData | undefined;
  return {
    slot,
    channel: data.channel === 'email' ? 'email' : 'webhook',
    url: typeof data.url === 'string' ? data.url : '',
    address: typeof data.address === 'string' ? data.address : null,
    label: typeof data.label === 'string' ? data.label : '',
    createdAt: toInstant(data.createdAt),
    status,
    failures: typeof data.failures === 'number' ? data.failures : 0,
    message: typeof data.message === 'string' ? data.message : null,
    lastDeliveryAt: toInstant(data.lastDeliveryAt),
    testRequestedAt: toInstant(data.testRequestedAt),
    lastTest: test && typeof test.text === 'string' ? { at: toInstant(test.at), ok: test.ok === true, text: test.text } : null,
  };
}

