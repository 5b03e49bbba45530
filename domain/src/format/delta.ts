import { formatEnUsNumber } from './en-us-number';
import { finiteOrZero, roundTo } from './round';

export type DeltaTone = 'positive' | 'negative' | 'neutral';

/** U+2212 MINUS SIGN: the typographic minus, as wide as '+', so signed columns line up. */
export const MINUS_SIGN = '\u2212';

/**
 * SPEC.md section 5 "Deltas": fixed decimals, explicit '+' or '−' (U+2212), non-finite counts as 0.
 * A value that rounds to zero at the shown precision is neutral and unsigned ('0.00'), so the colour never
 * disagrees with the digits. Thousands are grouped with ',' like formatSbc.
 */
export function formatDelta(value: number, decimals = 2): { text: string; tone: DeltaTone } {
  const rounded = roundTo(finiteOrZero(value), decimals);
  const digits = formatEnUsNumber(Math.abs(rounded), decimals);
  if (rounded > 0) return { text: `+${digits}`, tone: 'positive' };
  if (rounded < 0) return { text: `${MINUS_SIGN}${digits}`, tone: 'negative' };
  return { text: digits, tone: 'neutral' };
}

/**
 * SPEC.md section 5: price changes below 0.0005 in absolute value count as 0; an absolute value above 1 is
 * a percent and is divided by 100. Non-finite counts as 0.
 */
export function normalizePriceChange(value: number): number {
  const v = finiteOrZero(value);
  if (Math.abs(v) < 0.0005) return 0;
  if (Math.abs(v) > 1) return v / 100;
  return v;
}
