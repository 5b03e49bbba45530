/**
 * The players' watchlist: what a watched item is, its figures, the change since the player's previous visit
 * to the watchlist, sorting, and the alert state machine (fire once, re-arm when the value crosses back).
 * Pure functions only; the store (shared/src/stores/watchlist-store.ts) applies them, Firestore keeps their results.
 */
import { formatSbc } from './format/currency';
import { formatIndex } from './format/numbers';
import type { Material, Product } from './types';

/** At most this many watched items per player (firestore.rules enforces the same number with a counter). */
export const WATCHLIST_MAX_ITEMS = 200;
/** Longest stored product reference, slug or name (firestore.rules checks the same sizes). */
export const WATCHLIST_MAX_TEXT = 200;

export type WatchKind = 'product' | 'material';
/** The figures a watched item shows; request index exists for products only. */
export type WatchMetric = 'price' | 'requestIndex' | 'inventory';
export type AlertMetric = 'price' | 'requestIndex';
export type AlertDirection = 'above' | 'below';

export interface WatchFigures {
  /** Product: average market price; material: unit price. */
  price: number;
  /** Product: production request index; material: null (materials have none). */
  requestIndex: number | null;
  /** Product: pieces on the market; material: units in stock. */
  inventory: number;
}

export interface WatchAlert {
  metric: AlertMetric;
  direction: AlertDirection;
  threshold: number;
  /** true once fired; the alert stays fired (shown, counted in the header badge) until it re-arms. */
  fired: boolean;
}

export interface WatchEntry {
  /** Document id: `${kind}_${ref}` (watchItemId). */
  id: string;
  kind: WatchKind;
  /** Product document id or material name (the material's document id): one read finds the current figures. */
  ref: string;
  /** Route parameter of the detail page (product slug, material name). */
  slug: string;
  name: string;
  addedAt?: Date;
  /** The figures at the player's previous visit to the watchlist; null until the first visit after adding. */
  seen: WatchFigures | null;
  seenAt?: Date;
  alert: WatchAlert | null;
}

/** The document id of a watched item: one per item, so starring twice can never store two. */
export function watchItemId(kind: WatchKind, ref: string): string {
  return `${kind}_${ref}`;
}

export function productFigures(product: Product): WatchFigures {
  return {
    price: product.average_market_price,
    requestIndex: product.production.request_index,
    inventory: product.pieces_on_market,
  };
}

export function materialFigures(material: Material): WatchFigures {
  return { price: material.value, requestIndex: null, inventory: material.amount };
}

export type FiguresDelta = Record<WatchMetric, number | null>;

/**
 * Change of each figure since the previous visit: current − seen. null where there is nothing to compare
 * (no previous visit, or a figure the item does not have). Differences are rounded to 9 decimals so float noise
 * (0.1 + 0.2) never shows as a change.
 *
 * | seen                              | current                          | result                                  |
 * |-----------------------------------|----------------------------------|-----------------------------------------|
 * | null                              | {10, 1.2, 5}                     | all null                                |
 * | {price 10, ri 1.2, inventory 5}   | {price 12.5, ri 1.0, inv 5}      | {price 2.5, requestIndex −0.2, inv 0}   |
 * | {price 3, ri null, inventory 100} | {price 3.5, ri null, inv 80}     | {price 0.5, requestIndex null, inv −20} |
 */
export function sinceLastVisit(seen: WatchFigures | null, current: WatchFigures | null): FiguresDelta {
  const delta = (a: number | null | undefined, b: number | null | undefined): number | null =>
    a === null || a === undefined || b === null || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)
      ? null
      : Math.round((b - a) * 1e9) / 1e9;
  return {
    price: delta(seen?.price, current?.price),
    requestIndex: delta(seen?.requestIndex, current?.requestIndex),
    inventory: delta(seen?.inventory, current?.inventory),
  };
}

/** The value an alert watches, null when the item has no such figure (e.g. request index of a material). */
export function alertValue(figures: WatchFigures, metric: AlertMetric): number | null {
  const value = metric === 'price' ? figures.price : figures.requestIndex;
  return value === null || !Number.isFinite(value) ? null : value;
}

/** "Crossed" is strict: a value equal to the threshold has not crossed it, in either direction. */
export function isThresholdCrossed(direction: AlertDirection, threshold: number, value: number): boolean {
  return direction === 'above' ? value > threshold : value < threshold;
}

export type AlertEvent = 'fired' | 'rearmed' | null;

/**
 * The alert state machine. Armed + crossed → fired (event 'fired', once); fired + still crossed → unchanged
 * (no second firing); fired + back on the other side (or on the threshold) → armed again (event 'rearmed');
 * armed + not crossed → unchanged. A missing figure changes nothing.
 *
 * | state | direction | threshold | value | next  | event     |
 * |-------|-----------|-----------|-------|-------|-----------|
 * | armed | above     | 100       | 120   | fired | 'fired'   |
 * | fired | above     | 100       | 130   | fired | null      |
 * | fired | above     | 100       | 90    | armed | 'rearmed' |
 * | fired | above     | 100       | 100   | armed | 'rearmed' |
 * | armed | above     | 100       | 90    | armed | null      |
 * | armed | below     | 1.0       | 0.8   | fired | 'fired'   |
 * | fired | below     | 1.0       | 1.2   | armed | 'rearmed' |
 */
export function stepAlert(alert: WatchAlert, figures: WatchFigures): { alert: WatchAlert; event: AlertEvent } {
  const value = alertValue(figures, alert.metric);
  if (value === null) return { alert, event: null };
  const crossed = isThresholdCrossed(alert.direction, alert.threshold, value);
  if (crossed && !alert.fired) return { alert: { ...alert, fired: true }, event: 'fired' };
  if (!crossed && alert.fired) return { alert: { ...alert, fired: false }, event: 'rearmed' };
  return { alert, event: null };
}

export const ALERT_METRIC_LABELS: Record<AlertMetric, string> = { price: 'Price', requestIndex: 'Request index' };
export const ALERT_DIRECTION_LABELS: Record<AlertDirection, string> = { above: 'above', below: 'below' };

/** "Price above 120" — how an alert reads in lists and in the alert form's summary. */
export function describeAlert(alert: Pick<WatchAlert, 'metric' | 'direction' | 'threshold'>): string {
  return `${ALERT_METRIC_LABELS[alert.metric]} ${ALERT_DIRECTION_LABELS[alert.direction]} ${alert.threshold}`;
}

/**
 * "Price above 110 · now 125.00 SBC"; without the current value when it is not known. The watchlist page and the
 * market update announcement and notification (the shell) say an alert the same way.
 */
export function alertNowText(alert: Pick<WatchAlert, 'metric' | 'direction' | 'threshold'>, now: number | null): string {
  if (now === null) return describeAlert(alert);
  return `${describeAlert(alert)} · now ${alert.metric === 'price' ? formatSbc(now) : formatIndex(now)}`;
}

export const ALERT_THRESHOLD_REQUIRED = 'Enter a threshold';
export const ALERT_THRESHOLD_NOT_A_NUMBER = 'The threshold must be a number, for example 12.5';
export const ALERT_METRIC_UNAVAILABLE = 'Materials have no request index: choose price';

/**
 * The alert form's threshold field: a decimal number ('.' or ',' as separator, surrounding spaces ignored).
 *
 * | input   | result                         |
 * |---------|--------------------------------|
 * | ''      | error ALERT_THRESHOLD_REQUIRED |
 * | ' 12.5' | 12.5                           |
 * | '0,75'  | 0.75                           |
 * | '-3'    | -3                             |
 * | '1e3'   | error (not a plain number)     |
 * | 'abc'   | error                          |
 */
export function parseThreshold(input: string): { value: number } | { error: string } {
  const text = input.trim().replace(',', '.');
  if (text === '') return { error: ALERT_THRESHOLD_REQUIRED };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { error: ALERT_THRESHOLD_NOT_A_NUMBER };
  const value = Number(text);
  return Number.isFinite(value) ? { value } : { error: ALERT_THRESHOLD_NOT_A_NUMBER };
}

/** Alert metrics an item can use: materials have no request index. */
export function alertMetricsFor(kind: WatchKind): AlertMetric[] {
  return kind === 'product' ? ['price', 'requestIndex'] : ['price'];
}

export type WatchSortKey =
  | 'name'
  | 'kind'
  | 'price'
  | 'priceChange'
  | 'requestIndex'
  | 'requestIndexChange'
  | 'inventory'
  | 'inventoryChange';
export type SortDirection = 'ascending' | 'descending';

export interface WatchRow {
  entry: WatchEntry;
  current: WatchFigures | null;
  change: FiguresDelta;
}

/**
 * Sorts watchlist rows by a column. Names compare with localeCompare; numbers numerically; a missing value
 * (not loaded, no request index, no previous visit) sorts last in both directions, so the rows with figures stay
 * on top. Ties keep name order.
 */
export function sortWatchRows(rows: WatchRow[], key: WatchSortKey, direction: SortDirection): WatchRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const value = (row: WatchRow): number | string | null => {
    switch (key) {
      case 'name':
        return row.entry.name;
      case 'kind':
        return row.entry.kind;
      case 'price':
        return row.current?.price ?? null;
      case 'requestIndex':
        return row.current?.requestIndex ?? null;
      case 'inventory':
        return row.current?.inventory ?? null;
      case 'priceChange':
        return row.change.price;
      case 'requestIndexChange':
        return row.change.requestIndex;
      case 'inventoryChange':
        return row.change.inventory;
    }
  };
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null && vb !== null) return 1;
    if (vb === null && va !== null) return -1;
    let order = 0;
    if (typeof va === 'string' && typeof vb === 'string') order = va.localeCompare(vb);
    else if (typeof va === 'number' && typeof vb === 'number') order = va - vb;
    return order !== 0 ? order * sign : a.entry.name.localeCompare(b.entry.name);
  });
}

/** Clicking the sorted column flips its direction; another column starts ascending (names) or descending (figures). */
export function nextSort(
  current: { key: WatchSortKey; direction: SortDirection },
  clicked: WatchSortKey,
): { key: WatchSortKey; direction: SortDirection } {
  if (current.key === clicked) return { key: clicked, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key: clicked, direction: clicked === 'name' || clicked === 'kind' ? 'ascending' : 'descending' };
}

/** Same figures (a missing request index equals a missing one). */
export function sameFigures(a: WatchFigures | null, b: WatchFigures | null): boolean {
  if (a === null || b === null) return a === b;
  return a.price === b.price && a.inventory === b.inventory && (a.requestIndex ?? null) === (b.requestIndex ?? null);
}

/**
 * One item on a visit to the watchlist page. The change shown is measured against the figures stored at the
 * player's previous visit (`stored`); within one page session the first visit's baseline is kept
 * (`sessionBaseline`), so coming back to the page after looking at a detail page still shows what moved since
 * the previous visit, not zero. The current figures become the stored baseline for the next visit, written only
 * when they differ from what is stored (no write for an unchanged item).
 *
 * | stored    | session baseline | current | baseline shown | write     |
 * |-----------|------------------|---------|----------------|-----------|
 * | A         | (none yet)       | B       | A              | B         |
 * | A         | (none yet)       | A       | A              | none      |
 * | null      | (none yet)       | B       | null           | B         |
 * | B         | A                | B       | A              | none      |
 * | B         | A                | C       | A              | C         |
 * | A         | (none yet)       | null    | A              | none      |
 */
export function planVisit(
  stored: WatchFigures | null,
  sessionBaseline: WatchFigures | null | undefined,
  current: WatchFigures | null,
): { baseline: WatchFigures | null; write: WatchFigures | null } {
  const baseline = sessionBaseline !== undefined ? sessionBaseline : stored;
  const write = current !== null && !sameFigures(stored, current) ? current : null;
  return { baseline, write };
}
