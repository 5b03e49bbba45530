/**
 * Plain number texts beside the currency and quantity formatters: counts, the request index, signed amounts and
 * percentages (en-US grouping, half-up rounding as roundTo), and the admin console's Italian count and time.
 */
import { formatSbc } from './currency';
import { formatEnUsNumber } from './en-us-number';
import { finiteOrZero, roundTo } from './round';

// The admin console's Italian formatters are built on first use, not when the module loads: every public page
// loads this module, and building an Intl formatter loads the browser's locale data (./en-us-number.ts).
let countIt: Intl.NumberFormat | undefined;
let dateTimeIt: Intl.DateTimeFormat | undefined;

/** Whole units with thousands grouping: 12345 → '12,345'. */
export function formatCount(value: number): string {
  return formatEnUsNumber(roundTo(finiteOrZero(value), 0), 0);
}

/** Request index (demand) with 2 decimals: 61.236 → '61.24'. */
export function formatIndex(value: number): string {
  return formatEnUsNumber(roundTo(finiteOrZero(value), 2), 2);
}

/** An amount that may be negative (margins), with the minus sign U+2212 like the deltas: −1.50 SBC. */
export function formatSignedSbc(value: number, decimals = 2): string {
  const v = roundTo(finiteOrZero(value), decimals);
  return v < 0 ? `\u2212${formatSbc(-v, decimals)}` : formatSbc(v, decimals);
}

/** A percentage with one decimal and U+2212 for losses: 16 → '16.0%', −20 → '−20.0%'. */
export function formatPercent(value: number): string {
  const v = roundTo(finiteOrZero(value), 1);
  const text = `${formatEnUsNumber(Math.abs(v), 1)}%`;
  return v < 0 ? `\u2212${text}` : text;
}

/** The admin console's counts, Italian grouping: 12345 → '12.345'. */
export function formatCountIt(value: number): string {
  countIt ??= new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
  return countIt.format(roundTo(finiteOrZero(value), 0));
}

/** The admin console's date and time (the browser's time zone), Italian: '24/11/2026, 09:05:00'. */
export function formatDateTimeIt(date: Date): string {
  // What Date.toLocaleString('it-IT') writes, which the console showed before: '24/11/2026, 09:05:00'.
  dateTimeIt ??= new Intl.DateTimeFormat('it-IT', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return dateTimeIt.format(date);
}
