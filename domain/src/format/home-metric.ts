import { finiteOrZero, roundTo } from './round';

/** What the home statistics panel shows while a statistic is missing (undefined/null). */
export const MISSING_METRIC = '—';

function compact(scaled: number, suffix: string): string {
  // Up to 2 decimals, 1 decimal from 10 upward; trailing zeros trimmed by the number → string conversion.
  const decimals = Math.abs(scaled) >= 10 ? 1 : 2;
  return `${roundTo(scaled, decimals)}${suffix}`;
}

/** SPEC.md section 5 "Home metrics". */
export function formatHomeMetric(value: number | undefined | null): string {
  if (value === undefined || value === null) return MISSING_METRIC;
  const v = finiteOrZero(value);
  const abs = Math.abs(v);
  if (abs >= 1e9) return compact(v / 1e9, 'B');
  if (abs >= 1e6) return compact(v / 1e6, 'M');
  if (abs >= 1000) return `${Math.trunc(v / 1000)}k+`;
  return String(roundTo(v, 0));
}
