/**
 * One market update's alert evaluation (the trigger on gameParameters/gameStats, written last by every update).
 * Bounded reads: the index (one document per item with an alert) and those items, whatever the number of players; then
 * per player whose alert fired, their active webhooks and secrets. Costs: docs/alert-webhooks.md#reads-and-writes-per-market-update.
 */
import { afterDelivery, alertEmail, alertMessage, backoffSchedule, EMAIL_ALERTS_NOT_AVAILABLE, EMAIL_NOT_VERIFIED, evaluateIndexDocument, type AlertEmail, type AlertIndexEntry, type FiredAlert } from '@sbc/domain';
import type { AlertsConfig } from './config';
import { deliverWithRetries, postOnce, type AttemptOutcome, type DeliveryOutcome } from './deliver';
import { sendMailOnce, type AccountAddress } from './mail';
import { signedHeaders } from './signature';
import { secretDocumentId, type AlertStore, type StoredHook } from './store';

export interface EvaluationDeps {
  store: AlertStore;
  config: AlertsConfig;
  /** One attempt (postOnce by default; the unit tests give a fake receiver). */
  post?: (url: string, body: string, headers: Record<string, string>) => Promise<AttemptOutcome>;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  /** The player's Auth account address (firebase-admin getUser; not a Firestore read). Needed for e-mail destinations. */
  accountAddress?: (uid: string) => Promise<AccountAddress | null>;
  /** One e-mail attempt (sendMailOnce through config.email by default; the unit tests give a fake mail server). */
  sendMail?: (to: string, mail: AlertEmail) => Promise<AttemptOutcome>;
}

export interface EvaluationSummary {
  items: number;
  indexWrites: number;
  fired: number;
  players: number;
  deliveries: Array<{ uid: string; slot: string; channel?: 'email' } & DeliveryOutcome>;
}

/** Players' deliveries run this many at a time. */
const CONCURRENCY = 8;

export async function evaluateMarketUpdate(deps: EvaluationDeps, at: Date): Promise<EvaluationSummary> {
  const { store, config } = deps;
  const items = await store.listAlertIndex();
  const figures = await store.readItemFigures(items);
  const changes: Array<{ id: string; alerts: Record<string, AlertIndexEntry> }> = [];
  const byPlayer = new Map<string, FiredAlert[]>();
  for (const item of items) {
    const result = evaluateIndexDocument(item.doc, figures.get(item.id) ?? null);
    if (result.alerts) changes.push({ id: item.id, alerts: result.alerts });
    for (const { uid, alert } of result.fired) byPlayer.set(uid, [...(byPlayer.get(uid) ?? []), alert]);
  }
  // The fired state first: a trigger delivered twice (at least once) finds the alerts fired and sends nothing again.
  await store.saveIndexAlerts(changes);
  const summary: EvaluationSummary = { items: items.length, indexWrites: changes.length, fired: 0, players: byPlayer.size, deliveries: [] };
  for (const alerts of byPlayer.values()) summary.fired += alerts.length;

  const players = [...byPlayer.entries()];
  const post = deps.post ?? ((url, body, headers) => postOnce(url, body, headers, { timeoutMs: config.timeoutMs, policy: { allowLoopbackHttp: config.allowLoopbackHttp } }));
  const worker = async () => {
    for (let next = players.shift(); next; next = players.shift()) {
      const [uid, alerts] = next;
      const destinations = await store.activeHooksOf(uid);
      const hooks = destinations.filter((hook) => hook.channel !== 'email');
      // One e-mail per player and update, whatever happened: the check refuses a second e-mail destination.
      const email = destinations.find((hook) => hook.channel === 'email');
      const secrets = hooks.length > 0 ? await store.hookSecrets(hooks) : new Map<string, string>();
      const body = JSON.stringify(alertMessage(alerts, at, config.siteOrigin));
      await Promise.all([
        ...hooks.map((hook) => deliverOne(deps, hook, secrets.get(secretDocumentId(hook.uid, hook.slot)), body, at, post, summary)),
        ...(email ? [mailOne(deps, email, alerts, at, summary)] : []),
      ]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, players.length) }, worker));
  return summary;
}

async function deliverOne(
  deps: EvaluationDeps,
  hook: StoredHook,
  secret: string | undefined,
  body: string,
  at: Date,
  post: NonNullable<EvaluationDeps['post']>,
  summary: EvaluationSummary,
): Promise<void> {
  const outcome: DeliveryOutcome = secret
    ? await deliverWithRetries(() => post(hook.url, body, signedHeaders(secret, body, new Date())), backoffSchedule(deps.config.backoffScale), deps.sleep)
    : { ok: false, attempts: 0, reason: 'its secret is missing' };
  summary.deliveries.push({ uid: hook.uid, slot: hook.slot, ...outcome });
  if (!outcome.ok) deps.log?.(`alerts: delivery to ${hook.uid}/${hook.slot} failed after ${outcome.attempts} attempts: ${outcome.reason}`);
  await deps.store.saveHookState(hook, afterDelivery(hook.state, outcome.ok ? { ok: true } : { ok: false, reason: outcome.reason }, at), at);
}

/** The e-mail of one player's fired alerts to their own verified account address, with the webhooks' retries and disabling. */
async function mailOne(deps: EvaluationDeps, hook: StoredHook, alerts: FiredAlert[], at: Date, summary: EvaluationSummary): Promise<void> {
  const { config } = deps;
  const settings = config.email;
  const account = settings && deps.accountAddress ? await deps.accountAddress(hook.uid) : null;
  let outcome: DeliveryOutcome;
  if (!settings) outcome = { ok: false, attempts: 0, reason: EMAIL_ALERTS_NOT_AVAILABLE };
  else if (!account?.email || !account.verified) outcome = { ok: false, attempts: 0, reason: EMAIL_NOT_VERIFIED };
  else {
    const to = account.email;
    const mail = alertEmail(alerts, at, config.siteOrigin);
    const send = deps.sendMail ?? ((address, message) => sendMailOnce({ ...settings, timeoutMs: config.timeoutMs }, address, message));
    outcome = await deliverWithRetries(() => send(to, mail), backoffSchedule(config.backoffScale), deps.sleep);
  }
  summary.deliveries.push({ uid: hook.uid, slot: hook.slot, channel: 'email', ...outcome });
  if (!outcome.ok) deps.log?.(`alerts: e-mail to ${hook.uid} failed after ${outcome.attempts} attempts: ${outcome.reason}`);
  await deps.store.saveHookState(hook, afterDelivery(hook.state, outcome.ok ? { ok: true } : { ok: false, reason: outcome.reason }, at, 'email'), at);
}
