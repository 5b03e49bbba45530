/** A player's alert webhooks: what the page reads and the gateway's calls, without Firestore (./alert-hooks.ts implements them). */
import type { AlertHookSlot, AlertHookStatus } from '@sbc/domain';

export const ALERT_HOOKS_COLLECTION = 'alertHooks';
export const ALERT_HOOK_SECRETS_COLLECTION = 'alertHookSecrets';

/** A webhook as its owner sees it: never its secret (firestore.rules keeps that unreadable). */
export interface AlertHook {
  slot: AlertHookSlot;
  url: string;
  label: string;
  createdAt?: Date;
  status: AlertHookStatus;
  /** Deliveries in a row that failed after all their retries. */
  failures: number;
  /** Why it was refused or disabled, or how the last delivery failed. */
  message: string | null;
  lastDeliveryAt?: Date;
  testRequestedAt?: Date;
  lastTest: { at?: Date; ok: boolean; text: string } | null;
}

/** One named call per Firestore operation (docs/alert-webhooks.md). */
export interface AlertHooksGateway {
  /** The player's webhooks: one read per webhook, at most 3 (none costs 1). */
  listAlertHooks(uid: string): Promise<AlertHook[]>;
  /** One webhook: 1 read. */
  getAlertHook(uid: string, slot: AlertHookSlot): Promise<AlertHook | null>;
  /** One batch: the webhook (pending) and its secret. No read. The function then checks the URL. */
  addAlertHook(uid: string, slot: AlertHookSlot, hook: { url: string; label: string }, secret: string): Promise<void>;
  /** One batch: the webhook and its secret deleted. No read. */
  removeAlertHook(uid: string, slot: AlertHookSlot): Promise<void>;
  /** "Send a test": 1 write (testRequestedAt); the function sends it and writes lastTest. */
  requestAlertHookTest(uid: string, slot: AlertHookSlot): Promise<void>;
}
