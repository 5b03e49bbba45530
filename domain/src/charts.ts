/** Chart rules of SPEC.md section 9. */
import { formatItalianDateLabel } from './format/dates';

export const REQUEST_INDEX_AXIS_PADDING = 5;
export const PRICE_AXIS_PADDING_RATIO = 0.1;
/** Dashboard request charts: one point every 5 minutes. */
export const REQUEST_CHART_STEP_MINUTES = 5;
/** Price charts show the last days of lastvqvalue; the "30 Day" wording of the detail chart is a title only. */
export const PRICE_CHART_DAYS = 30;
/** Charts render after a short delay (the canvas must be laid out); any value in this window is fine. */
export const CHART_RENDER_DELAY_MS = { min: 50, max: 100 } as const;
/** Text of a small chart without usable price history. */
export const NO_PRICE_TREND_DATA = 'No Price / Trend Data';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Clamped to 0–100 and rounded; non-finite counts as 0. */
export function clampPercent(v: number): number {
  if (!Number.isFinite(v)) return 0;
  return Math.round(Math.min(100, Math.max(0, v)));
}

/** Request index axis: the clamped data range with 5 points of padding, kept within 0–100. Empty → 0–100. */
export function requestIndexAxis(values: readonly number[]): { min: number; max: number } {
  const clamped = values.filter((v) => Number.isFinite(v)).map(clampPercent);
  if (clamped.length === 0) return { min: 0, max: 100 };
  return {
    min: Math.max(0, Math.min(...clamped) - REQUEST_INDEX_AXIS_PADDING),
    max: Math.min(100, Math.max(...clamped) + REQUEST_INDEX_AXIS_PADDING),
  };
}

/**
 * Price axis: 10% of the data range added on both sides. A flat series (range 0) is padded by 10% of its
 * value, or by 1 when that is 0, so the line never sits on an edge. Prices are never negative, so the lower
 * bound is kept at 0 or above. Empty → 0–1.
 */
export function priceAxis(values: readonly number[]): { min: number; max: number } {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { min: 0, max: 1 };
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  const range = hi - lo;
  const padding = range > 0 ? range * PRICE_AXIS_PADDING_RATIO : Math.abs(hi) * PRICE_AXIS_PADDING_RATIO || 1;
  return { min: Math.max(0, lo - padding), max: hi + padding };
}

/** False when there is no history or every value is equal: the chart is then replaced by 'No Price / Trend Data'. */
export function hasPriceTrend(values: readonly number[] | null | undefined): boolean {
  const finite = (values ?? []).filter((v) => Number.isFinite(v));
  return finite.length > 0 && finite.some((v) => v !== finite[0]);
}

/** The last n values (all of them when there are fewer); n ≤ 0 gives []. */
export function lastDays<T>(values: readonly T[], n: number = PRICE_CHART_DAYS): T[] {
  if (!(n > 0)) return [];
  return values.slice(-Math.floor(n));
}

/** Dashboard request chart: count labels ending at now, 5 minutes apart, Italian 'HH:mm'. */
export function dashboardRequestLabels(count: number, now: Date, timeZone?: string): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) =>
    formatItalianDateLabel(new Date(now.getTime() - (count - 1 - i) * REQUEST_CHART_STEP_MINUTES * MINUTE_MS), 'time', timeZone),
  );
}

/**
 * The first and last labels of a dashboard request chart of `count` points ending at `now` (the rule of
 * `dashboardRequestLabels`), for a sparkline's tooltip: two labels, not one per point, since a 500-row sector
 * draws a thousand sparklines. No points or an invalid date → null.
 */
export function dashboardRequestSpan(count: number, now: Date, timeZone?: string): { first: string; last: string } | null {
  const end = now.getTime();
  if (!(count > 0) || !Number.isFinite(end)) return null;
  const start = end - (Math.floor(count) - 1) * REQUEST_CHART_STEP_MINUTES * MINUTE_MS;
  return { first: formatItalianDateLabel(new Date(start), 'time', timeZone), last: formatItalianDateLabel(now, 'time', timeZone) };
}

/**
 * The days of a recorded history of `count` values (lastvqvalue, request_index_history), oldest first: one real
 * calendar day apart, the last one `today` (the game records one value per day; its documents carry no dates).
 */
export function detailDays(count: number, today: Date): Date[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => new Date(today.getTime() - (count - 1 - i) * DAY_MS));
}

/** Detail charts: count labels ending today, one day apart (detailDays), Italian '22 nov'. */
export function detailDayLabels(count: number, today: Date, timeZone?: string): string[] {
  return detailDays(count, today).map((day) => formatItalianDateLabel(day, 'day', timeZone));
}
