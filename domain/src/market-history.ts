/**
 * The market history the site keeps (issue 37): at every market update the `recordMarketHistory` function
 * (functions/src/market-history.ts) records every product's and material's figures of that period, keeps them at
 * two resolutions and prunes what is older. This module is the one home of the layout, the retention and the
 * series a chart or the API reads back; docs/market-history.md has the reads and writes it costs.
 *
 * Layout (collection `marketHistory`, one document per shard of items, whatever the catalogue's size):
 * - period tier `p_<YYYY-MM-DD>_<shard>`: every market period of one UTC day, `points.t<epoch seconds>` =
 *   `{ at, items }`; kept HISTORY_RETENTION.periodDays days after its day.
 * - daily tier `d_<YYYY-MM>_<shard>`: one point per UTC day of one month, `days.d<YYYYMMDD>` = the day's last
 *   period (each update overwrites its day, so the day ends with its close); kept HISTORY_RETENTION.dailyMonths
 *   months after its month.
 * - `items` maps an item key (`p/<slug>`, `m/<material name>`) to `[price, requestIndex, supply]`: products
 *   average_market_price, production.request_index, pieces_on_market; materials value, null, amount.
 * An item's shard is a hash of its key (HISTORY_SHARDS), so a chart of one item reads one shard's documents only,
 * and one update writes 2 × HISTORY_SHARDS documents at most, for 160 products or 5,000.
 * Every document carries `expiresAt`: the function prunes `expiresAt < now` by a query, at most HISTORY_PRUNE_LIMIT
 * deletes per update (in production a Firestore TTL policy on the same field may do it as well).
 */
import { productHasMarketFigures } from './product-metrics';
import type { Material, Product } from './types';

export const HISTORY_COLLECTION = 'marketHistory';
/** The movers of the latest period, computed by the same function (one document: home and the API read it). */
export const MOVERS_COLLECTION = 'marketMovers';
export const MOVERS_DOCUMENT_ID = 'latest';
export const HISTORY_SHARDS = 32;
export const HISTORY_RETENTION = { periodDays: 7, dailyMonths: 24 } as const;
/** Deletes per update at most; a backlog (a stopped function) is cleared over the next updates. */
export const HISTORY_PRUNE_LIMIT = 100;

export type HistoryKind = 'p' | 'm';
/** price, request index (null for materials), supply (pieces on the market, units in stock). */
export type HistoryFigures = [price: number | null, requestIndex: number | null, supply: number | null];
export type HistoryItems = Record<string, HistoryFigures>;

const DAY_MS = 86_400_000;

export function historyItemKey(kind: HistoryKind, ref: string): string {
  return `${kind}/${ref}`;
}

/** FNV-1a over the key, modulo HISTORY_SHARDS: stable, so an item stays in its shard. */
export function historyShardOf(key: string): number {
  let hash = 0x811c9dc5;
  for (const char of key) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % HISTORY_SHARDS;
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const isoMonth = (t: number) => new Date(t).toISOString().slice(0, 7);
const startOfDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
function startOfMonth(t: number, addMonths = 0): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + addMonths, 1);
}

export function periodDocId(t: number, shard: number): string {
  return `p_${isoDay(t)}_${shard}`;
}
export function dailyDocId(t: number, shard: number): string {
  return `d_${isoMonth(t)}_${shard}`;
}
export const periodPointField = (t: number) => `t${Math.floor(t / 1000)}`;
export const dailyPointField = (t: number) => `d${isoDay(t).replaceAll('-', '')}`;

/** When a tier's document may be deleted: the end of its day + periodDays, the end of its month + dailyMonths. */
export function periodDocExpiry(t: number): Date {
  return new Date(startOfDay(t) + (1 + HISTORY_RETENTION.periodDays) * DAY_MS);
}
export function dailyDocExpiry(t: number): Date {
  return new Date(startOfMonth(t, 1 + HISTORY_RETENTION.dailyMonths));
}

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Every item's figures of this period, keyed as stored. A product that has never traded (no price line) is left out. */
export function historyItemsOf(products: readonly Product[], materials: readonly Material[]): HistoryItems {
  const items: HistoryItems = {};
  for (const p of products) {
    if (!productHasMarketFigures(p)) continue;
    items[historyItemKey('p', p.slug)] = [finite(p.average_market_price), finite(p.production.request_index), finite(p.pieces_on_market)];
  }
  for (const m of materials) items[historyItemKey('m', m.name)] = [finite(m.value), null, finite(m.amount)];
  return items;
}

/** One write of a recording: `field` is the one map field it sets (merged into the document), null for a whole document. */
export interface HistoryWrite {
  id: string;
  data: Record<string, unknown>;
  /** The update mask: the document's own fields and the one point it sets; the rest of the document is kept. */
  fields: string[];
}

/**
 * The writes of one market update at `t`: per shard that has items, its period point and its day's point.
 * At most 2 × HISTORY_SHARDS writes, whatever the number of items.
 */
export function historyWrites(items: HistoryItems, t: number): HistoryWrite[] {
  const shards = new Map<number, HistoryItems>();
  for (const [key, figures] of Object.entries(items)) {
    const shard = historyShardOf(key);
    const group = shards.get(shard) ?? {};
    group[key] = figures;
    shards.set(shard, group);
  }
  const at = new Date(t);
  const writes: HistoryWrite[] = [];
  for (const [shard, group] of [...shards].sort((a, b) => a[0] - b[0])) {
    const p = periodPointField(t);
    const d = dailyPointField(t);
    writes.push({
      id: periodDocId(t, shard),
      data: { tier: 'period', day: isoDay(t), shard, expiresAt: periodDocExpiry(t), points: { [p]: { at, items: group } } },
      fields: ['tier', 'day', 'shard', 'expiresAt', `points.${p}`],
    });
    writes.push({
      id: dailyDocId(t, shard),
      data: { tier: 'day', month: isoMonth(t), shard, expiresAt: dailyDocExpiry(t), days: { [d]: { at, items: group } } },
      fields: ['tier', 'month', 'shard', 'expiresAt', `days.${d}`],
    });
  }
  return writes;
}

/** The ranges a chart and the API offer, and the tier each reads. */
export const HISTORY_RANGES = ['1d', '7d', '30d', '1y', 'all'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const HISTORY_RANGE_LABELS: Record<HistoryRange, string> = { '1d': '1 day', '7d': '7 days', '30d': '30 days', '1y': '1 year', all: 'All' };
const RANGE_DAYS: Record<HistoryRange, number> = { '1d': 1, '7d': 7, '30d': 30, '1y': 365, all: 31 * HISTORY_RETENTION.dailyMonths };

export function parseHistoryRange(value: string | null | undefined): HistoryRange | null {
  return (HISTORY_RANGES as readonly string[]).includes(value ?? '') ? (value as HistoryRange) : null;
}

export type HistoryInterval = 'period' | 'day';
export const HISTORY_INTERVALS: readonly HistoryInterval[] = ['period', 'day'];
/** The widest window each interval answers in one call: the period tier's retention, the daily tier's. */
export const HISTORY_MAX_SPAN_DAYS: Record<HistoryInterval, number> = { period: HISTORY_RETENTION.periodDays, day: 31 * HISTORY_RETENTION.dailyMonths };

/** A range as a window ending now, with the tier that has its resolution (up to 7 days every period, beyond one a day). */
export function historyWindow(range: HistoryRange, now: number): { from: number; to: number; interval: HistoryInterval } {
  const days = RANGE_DAYS[range];
  return { from: now - days * DAY_MS, to: now, interval: days <= HISTORY_RETENTION.periodDays ? 'period' : 'day' };
}

/** The ids of the documents one shard needs for [from, to] at an interval, oldest first: the read cost of a chart. */
export function historyDocIds(shard: number, from: number, to: number, interval: HistoryInterval): string[] {
  const ids: string[] = [];
  if (interval === 'period') {
    for (let t = startOfDay(from); t <= to; t += DAY_MS) ids.push(periodDocId(t, shard));
  } else {
    for (let t = startOfMonth(from); t <= to; t = startOfMonth(t, 1)) ids.push(dailyDocId(t, shard));
  }
  return ids;
}

export interface HistoryPoint {
  at: Date;
  price: number | null;
  requestIndex: number | null;
  supply: number | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function instantOf(v: unknown): Date | null {
  // A Date of another realm (structuredClone in a test VM, a worker) is no `instanceof Date` here.
  if (v instanceof Date || Object.prototype.toString.call(v) === '[object Date]') {
    const t = (v as Date).getTime();
    return Number.isFinite(t) ? new Date(t) : null;
  }
  if (isRecord(v) && typeof v.toDate === 'function') return (v.toDate as () => Date)();
  if (isRecord(v) && typeof v.seconds === 'number') return new Date(v.seconds * 1000 + Math.round(Number(v.nanoseconds ?? 0) / 1e6));
  if (typeof v === 'string') {
    const d = new Date(v);
    return Number.isFinite(d.getTime()) ? d : null;
  }
  return null;
}

/**
 * Every point of stored history documents (either tier, any shape the SDKs give), keyed by item, oldest first. The
 * shards of one update are one point: their items are merged by the update's time.
 */
export function readHistoryPoints(docs: readonly unknown[]): Array<{ at: Date; items: HistoryItems }> {
  const byTime = new Map<number, { at: Date; items: HistoryItems }>();
  for (const doc of docs) {
    if (!isRecord(doc)) continue;
    const map = isRecord(doc.points) ? doc.points : isRecord(doc.days) ? doc.days : null;
    if (!map) continue;
    for (const point of Object.values(map)) {
      if (!isRecord(point) || !isRecord(point.items)) continue;
      const at = instantOf(point.at);
      if (!at) continue;
      const merged = byTime.get(at.getTime()) ?? { at, items: {} };
      for (const [key, value] of Object.entries(point.items)) {
        if (Array.isArray(value)) merged.items[key] = [finite(value[0]), finite(value[1]), finite(value[2])];
      }
      byTime.set(at.getTime(), merged);
    }
  }
  return [...byTime.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Whether a history document as read (its points) already holds what the market update at `updateAt` writes into it,
 * or will never hold more: its day (period tier) or month (daily tier) ended at or before `updateAt`, or it has a
 * point at or after `updateAt`. A read that is not settled was made between the market update and the recording
 * function's write (the function runs after the update): the API does not keep it for the period. Unknown ids: false.
 */
export function historyDocSettled(id: string, points: ReadonlyArray<{ at: Date | string }>, updateAt: number): boolean {
  const match = /^(p|d)_(\d{4}-\d{2}(?:-\d{2})?)_\d+$/.exec(id);
  if (!match) return false;
  const [, tier, span] = match;
  const start = Date.parse(tier === 'p' ? `${span}T00:00:00Z` : `${span}-01T00:00:00Z`);
  if (!Number.isFinite(start) || (tier === 'p') !== (span.length === 10)) return false;
  const end = tier === 'p' ? start + DAY_MS : startOfMonth(start, 1);
  return end <= updateAt || points.some((p) => new Date(p.at).getTime() >= updateAt);
}

/** One item's series in [from, to] (inclusive), oldest first; points where the item was not recorded are left out. */
export function historySeries(docs: readonly unknown[], key: string, from: number, to: number): HistoryPoint[] {
  return seriesOf(readHistoryPoints(docs), key, from, to);
}

/** The same from points already read (RecordedPoint: `at` as ISO text or a Date). */
export function seriesOf(points: ReadonlyArray<{ at: Date | string; items: HistoryItems }>, key: string, from: number, to: number): HistoryPoint[] {
  return points
    .map((p) => ({ at: typeof p.at === 'string' ? new Date(p.at) : p.at, items: p.items }))
    .filter((p) => p.at.getTime() >= from && p.at.getTime() <= to && p.items[key])
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((p) => {
      const [price, requestIndex, supply] = p.items[key];
      return { at: p.at, price, requestIndex, supply };
    });
}

/** Items a comparison chart shows at most, and how they are written in the URL (?compare=a,b). */
export const COMPARE_MAX_ITEMS = 5;
export const COMPARE_PARAM = 'compare';
export const HISTORY_RANGE_PARAM = 'span';

/** The comparison's slugs from the URL: trimmed, distinct, without the page's own item, at most COMPARE_MAX_ITEMS − 1. */
export function parseCompareParam(value: string | null | undefined, own: string): string[] {
  const out: string[] = [];
  for (const part of (value ?? '').split(',')) {
    const slug = part.trim();
    if (slug && slug !== own && !out.includes(slug) && out.length < COMPARE_MAX_ITEMS - 1) out.push(slug);
  }
  return out;
}

/** One item's series on a comparison chart. */
export interface ChartItemSeries {
  label: string;
  points: readonly HistoryPoint[];
}

/**
 * The recorded prices of one or more items on one time axis (every time any item was recorded, oldest first; null
 * where an item has no point). One item: its price in SBC. Several: each as the % change since its first point in
 * the window, so a 2 SBC item and a 2,000 SBC item share the chart (`indexed`).
 */
export function comparisonChart(items: readonly ChartItemSeries[]): { times: number[]; indexed: boolean; series: Array<{ label: string; values: Array<number | null> }> } {
  const times = [...new Set(items.flatMap((item) => item.points.map((p) => p.at.getTime())))].sort((a, b) => a - b);
  const indexed = items.length > 1;
  const series = items.map((item) => {
    const byTime = new Map(item.points.map((p) => [p.at.getTime(), p.price]));
    const first = item.points.find((p) => p.price !== null && p.price > 0)?.price ?? null;
    const values = times.map((t) => {
      const price = byTime.get(t) ?? null;
      if (price === null || !indexed) return price;
      return first === null ? null : Math.round(((price - first) / first) * 10_000) / 100;
    });
    return { label: item.label, values };
  });
  return { times, indexed, series };
}

/** A recorded time on a chart's axis: the time of day within a day or a week (`27/11 09:30`), the day beyond. */
export function historyTimeLabel(t: number, range: HistoryRange, timeZone?: string): string {
  const date = new Date(t);
  const options: Intl.DateTimeFormatOptions =
    historyWindow(range, t).interval === 'period'
      ? { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false, timeZone }
      : { day: 'numeric', month: 'short', year: range === '1y' || range === 'all' ? '2-digit' : undefined, timeZone };
  return new Intl.DateTimeFormat('it-IT', options).format(date).replace(',', '');
}
