/** A player's alert webhooks: what the page reads and the gateway's calls, without Firestore (./alert-hooks.ts implements them). */
import type { AlertChannel, AlertHookSlot, AlertHookStatus } from '@sbc/domain';

export const ALERT_HOOKS_COLLECTION = 'alertHooks';
export const ALERT_HOOK_SECRETS_COLLECTION = 'alertHookSecrets';

/**
 * A webhook, or the player's e-mail destination (`channel: 'email'`, no URL), as its owner sees it: never a webhook's
 * secret (firestore.rules keeps that unreadable).
 */
export interface AlertHook {
  slot: AlertHookSlot;
  channel: AlertChannel;
  url: string;
  /** An e-mail destination's address once the function checked it (the account's own, verified); else null. */
  address: string | null;
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
  /** One batch: the webhook and its secret deleted (an e-mail destination, which has none: the document only). No read. */
  removeAlertHook(uid: string, slot: AlertHookSlot, channel?: AlertChannel): Promise<void>;
  /** "Send a test": 1 write (testRequestedAt); the function sends it and writes lastTest. */
  requestAlertHookTest(uid: string, slot: AlertHookSlot): Promise<void>;
  /**
   * Whether this site sends alert e-mails (app-config.json `alerts.email`: the site's e-mail provider is configured).
   * No read. Optional, like the e-mail calls: a shell released before them has none, and the page offers webhooks only.
   */
  emailAlertsAvailable?(): Promise<boolean>;
  /**
   * E-mail alerts on: 1 write, an e-mail destination (pending) in a free slot, with no address (the function sends to
   * the account's own verified address and says so in the document, or refuses it with the reason).
   */
  addEmailAlerts?(uid: string, slot: AlertHookSlot): Promise<void>;
}
