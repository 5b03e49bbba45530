/**
 * Plain number texts beside the currency and quantity formatters: counts, the request index, signed amounts and
 * percentages (en-US grouping, half-up rounding as roundTo), and the admin console's Italian count and time.
 */
import { formatSbc } from './currency';
import { finiteOrZero, roundTo } from './round';

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT_IT = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
// What Date.toLocaleString('it-IT') writes, which the console showed before: '24/11/2026, 09:05:00'.
const DATE_TIME_IT = new Intl.DateTimeFormat('it-IT', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Whole units with thousands grouping: 12345 → '12,345'. */
export function formatCount(value: number): string {
  return COUNT.format(roundTo(finiteOrZero(value), 0));
}

/** Request index (demand) with 2 decimals: 61.236 → '61.24'. */
export function formatIndex(value: number): string {
  return TWO_DECIMALS.format(roundTo(finiteOrZero(value), 2));
}

/** An amount that may be negative (margins), with the minus sign U+2212 like the deltas: −1.50 SBC. */
export function formatSignedSbc(value: number, decimals = 2): string {
  const v = roundTo(finiteOrZero(value), decimals);
  return v < 0 ? `\u2212${formatSbc(-v, decimals)}` : formatSbc(v, decimals);
}

/** A percentage with one decimal and U+2212 for losses: 16 → '16.0%', −20 → '−20.0%'. */
export function formatPercent(value: number): string {
  const v = roundTo(finiteOrZero(value), 1);
  const text = `${ONE_DECIMAL.format(Math.abs(v))}%`;
  return v < 0 ? `\u2212${text}` : text;
}

/** The admin console's counts, Italian grouping: 12345 → '12.345'. */
export function formatCountIt(value: number): string {
  return COUNT_IT.format(roundTo(finiteOrZero(value), 0));
}

/** The admin console's date and time (the browser's time zone), Italian: '24/11/2026, 09:05:00'. */
export function formatDateTimeIt(date: Date): string {
  return DATE_TIME_IT.format(date);
}
