/**
 * One market update's alert evaluation (the trigger on gameParameters/gameStats, written last by every update).
 * Bounded reads: the index (one document per item with an alert) and those items, whatever the number of players; then
 * per player whose alert fired, their active webhooks and secrets. Costs: docs/alert-webhooks.md#reads-and-writes-per-market-update.
 */
import { afterDelivery, alertMessage, backoffSchedule, evaluateIndexDocument, type AlertIndexEntry, type FiredAlert } from '@sbc/domain';
import type { AlertsConfig } from './config';
import { deliverWithRetries, postOnce, type AttemptOutcome, type DeliveryOutcome } from './deliver';
import { signedHeaders } from './signature';
import { secretDocumentId, type AlertStore, type StoredHook } from './store';

export interface EvaluationDeps {
  store: AlertStore;
  config: AlertsConfig;
  /** One attempt (postOnce by default; the unit tests give a fake receiver). */
  post?: (url: string, body: string, headers: Record<string, string>) => Promise<AttemptOutcome>;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
}

export interface EvaluationSummary {
  items: number;
  indexWrites: number;
  fired: number;
  players: number;
  deliveries: Array<{ uid: string; slot: string } & DeliveryOutcome>;
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
      const hooks = await store.activeHooksOf(uid);
      if (hooks.length === 0) continue;
      const secrets = await store.hookSecrets(hooks);
      const body = JSON.stringify(alertMessage(alerts, at, config.siteOrigin));
      await Promise.all(hooks.map((hook) => deliverOne(deps, hook, secrets.get(secretDocumentId(hook.uid, hook.slot)), body, at, post, summary)));
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
