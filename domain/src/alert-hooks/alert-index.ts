/**
 * The alerts-by-item index the Cloud Function evaluates on each market update (issue 37): one document per watched
 * item that has at least one player's alert, `alertIndex/{kind}_{ref}` (the watchlist item id), holding every such
 * player's alert and the server's own fired state. Kept by a trigger on the players' watchlist writes, so a market
 * update reads one index document and one item per watched item with an alert, however many players
 * (functions/src/alerts/store.ts has the costs). Pure code: what an entry is, how a watchlist write changes it, and
 * what one market update does to it.
 */
import { alertNowText, stepAlert, type AlertDirection, type AlertMetric, type WatchAlert, type WatchFigures, type WatchKind } from '../watchlist';

export const ALERT_INDEX_COLLECTION = 'alertIndex';

/** One player's alert on the item, with the server's fired state (the browser keeps its own in the watchlist). */
export interface AlertIndexEntry {
  metric: AlertMetric;
  direction: AlertDirection;
  threshold: number;
  fired: boolean;
}

export interface AlertIndexDocument {
  kind: WatchKind;
  /** products/{ref} or materials/{ref}: one read gives the current figures. */
  ref: string;
  name: string;
  slug: string;
  /** By player uid. */
  alerts: Record<string, AlertIndexEntry>;
}

/** The alert a watchlist document holds (its flat alert* fields, as shared/src/data/watchlist.ts writes them), or null. */
export function alertOfWatchDocument(data: Record<string, unknown> | null): Omit<AlertIndexEntry, 'fired'> | null {
  if (!data) return null;
  const metric = data.alertMetric;
  const direction = data.alertDirection;
  const threshold = data.alertThreshold;
  if (metric !== 'price' && metric !== 'requestIndex') return null;
  if (direction !== 'above' && direction !== 'below') return null;
  if (typeof threshold !== 'number' || !Number.isFinite(threshold)) return null;
  return { metric, direction, threshold };
}

/**
 * What a watchlist write does to the player's index entry: 'keep' when the alert is the same (a new baseline, the
 * browser's own fired flag: no index write), 'remove' when the alert or the item went, else the new entry (armed).
 */
export function indexChangeOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null): 'keep' | 'remove' | AlertIndexEntry {
  const was = alertOfWatchDocument(before);
  const is = alertOfWatchDocument(after);
  if (!is) return was ? 'remove' : 'keep';
  if (was && was.metric === is.metric && was.direction === is.direction && was.threshold === is.threshold) return 'keep';
  return { ...is, fired: false };
}

/** A fired alert of one player, as the message names it. */
export interface FiredAlert {
  kind: WatchKind;
  ref: string;
  name: string;
  slug: string;
  metric: AlertMetric;
  direction: AlertDirection;
  threshold: number;
  value: number;
  /** "Price above 130 · now 135.00 SBC": the watchlist page's words (alertNowText). */
  text: string;
}

/**
 * One market update on one index document: every entry stepped with the item's new figures (stepAlert, the watchlist's
 * state machine: fire once, re-arm when back). Returns the entries to store (null when none changed: no write) and
 * the alerts fired, by player.
 */
export function evaluateIndexDocument(
  doc: AlertIndexDocument,
  figures: WatchFigures | null,
): { alerts: Record<string, AlertIndexEntry> | null; fired: Array<{ uid: string; alert: FiredAlert }> } {
  if (!figures) return { alerts: null, fired: [] };
  let changed = false;
  const alerts: Record<string, AlertIndexEntry> = {};
  const fired: Array<{ uid: string; alert: FiredAlert }> = [];
  for (const [uid, entry] of Object.entries(doc.alerts)) {
    const step = stepAlert(entry as WatchAlert, figures);
    alerts[uid] = step.alert;
    if (step.event) changed = true;
    if (step.event === 'fired') {
      const value = (entry.metric === 'price' ? figures.price : figures.requestIndex) as number;
      fired.push({
        uid,
        alert: { kind: doc.kind, ref: doc.ref, name: doc.name, slug: doc.slug, metric: entry.metric, direction: entry.direction, threshold: entry.threshold, value, text: alertNowText(entry, value) },
      });
    }
  }
  return { alerts: changed ? alerts : null, fired };
}

/** Lenient reader of an index document: a malformed entry is skipped, never a crash. */
export function readAlertIndexDocument(data: Record<string, unknown>): AlertIndexDocument {
  const alerts: Record<string, AlertIndexEntry> = {};
  const raw = (data.alerts ?? {}) as Record<string, Record<string, unknown>>;
  for (const [uid, value] of Object.entries(typeof raw === 'object' && raw ? raw : {})) {
    const alert = alertOfWatchDocument({ alertMetric: value?.metric, alertDirection: value?.direction, alertThreshold: value?.threshold });
    if (alert) alerts[uid] = { ...alert, fired: value.fired === true };
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { kind: data.kind === 'material' ? 'material' : 'product', ref: text(data.ref), name: text(data.name) || text(data.ref), slug: text(data.slug) || text(data.ref), alerts };
}
