/**
 * The in-memory alert webhooks of the fake gateway (fake-gateway.ts `alertHooks`). Like firestore.rules: three slots,
 * an occupied slot refused with 'permission-denied', the secret kept apart and never returned; `serverUpdate` plays the
 * Cloud Functions' writes (the URL check, a test's outcome). Every call is recorded and can be made to fail or wait.
 */
import { ALERT_HOOK_SLOTS, type AlertHookSlot } from '@sbc/domain';
import type { AlertHook, AlertHooksGateway } from './alert-hooks-items';
import { GatewayError } from './errors';
import { createCallLog, type FakeCallControls } from './fake-calls';

export type AlertHooksMethod = keyof AlertHooksGateway;

export interface FakeAlertHooks extends AlertHooksGateway, FakeCallControls<AlertHooksMethod> {
  /** The secret stored for a webhook (what only the functions read). */
  secretOf(uid: string, slot: AlertHookSlot): string | undefined;
  /** A write of the functions: merges fields into the stored webhook. */
  serverUpdate(uid: string, slot: AlertHookSlot, fields: Partial<AlertHook>): void;
  /** Stores a webhook directly, as the functions left it ("a webhook added in another session"). */
  put(uid: string, hook: Omit<AlertHook, 'channel' | 'address'> & Partial<Pick<AlertHook, 'channel' | 'address'>>, secret?: string): void;
  /** What `emailAlertsAvailable` answers (the runtime config's `alerts.email`); default false. */
  emailAvailable: boolean;
  /** Called after each `requestAlertHookTest` (a test plays the function's answer here). */
  onTestRequested?: (uid: string, slot: AlertHookSlot) => void;
}

export function createFakeAlertHooks(): FakeAlertHooks {
  const hooks = new Map<string, AlertHook>();
  const secrets = new Map<string, string>();
  const { enter, ...controls } = createCallLog<AlertHooksMethod>();
  const key = (uid: string, slot: string) => `${uid}/${slot}`;
  const fake: FakeAlertHooks = {
    ...controls,
    emailAvailable: false,
    secretOf: (uid, slot) => secrets.get(key(uid, slot)),
    put(uid, hook, secret = 'ab'.repeat(32)) {
      hooks.set(key(uid, hook.slot), { channel: 'webhook', address: null, ...hook });
      if (hook.channel !== 'email') secrets.set(key(uid, hook.slot), secret);
    },
    serverUpdate(uid, slot, fields) {
      const hook = hooks.get(key(uid, slot));
      if (hook) hooks.set(key(uid, slot), { ...hook, ...fields });
    },
    async listAlertHooks(uid) {
      await enter('listAlertHooks', [uid]);
      return ALERT_HOOK_SLOTS.flatMap((slot) => {
        const hook = hooks.get(key(uid, slot));
        return hook ? [{ ...hook }] : [];
      });
    },
    async getAlertHook(uid, slot) {
      await enter('getAlertHook', [uid, slot]);
      const hook = hooks.get(key(uid, slot));
      return hook ? { ...hook } : null;
    },
    async addAlertHook(uid, slot, hook, secret) {
      await enter('addAlertHook', [uid, slot, hook]);
      if (hooks.has(key(uid, slot)) || !ALERT_HOOK_SLOTS.includes(slot)) throw new GatewayError('permission-denied', 'Missing or insufficient permissions.');
      hooks.set(key(uid, slot), { slot, channel: 'webhook', url: hook.url, address: null, label: hook.label, createdAt: new Date(), status: 'pending', failures: 0, message: null, lastTest: null });
      secrets.set(key(uid, slot), secret);
    },
    async emailAlertsAvailable() {
      await enter('emailAlertsAvailable', []);
      return fake.emailAvailable;
    },
    async addEmailAlerts(uid, slot) {
      await enter('addEmailAlerts', [uid, slot]);
      if (hooks.has(key(uid, slot)) || !ALERT_HOOK_SLOTS.includes(slot)) throw new GatewayError('permission-denied', 'Missing or insufficient permissions.');
      hooks.set(key(uid, slot), { slot, channel: 'email', url: '', address: null, label: '', createdAt: new Date(), status: 'pending', failures: 0, message: null, lastTest: null });
    },
    async removeAlertHook(uid, slot, channel) {
      await enter('removeAlertHook', channel ? [uid, slot, channel] : [uid, slot]);
      hooks.delete(key(uid, slot));
      secrets.delete(key(uid, slot));
    },
    async requestAlertHookTest(uid, slot) {
      await enter('requestAlertHookTest', [uid, slot]);
      const hook = hooks.get(key(uid, slot));
      if (!hook) throw new GatewayError('not-found', 'No such webhook');
      hooks.set(key(uid, slot), { ...hook, testRequestedAt: new Date() });
      fake.onTestRequested?.(uid, slot);
    },
  };
  return fake;
}
