import { formatDelta, type DeltaTone } from './delta';
import { finiteOrZero, roundTo } from './round';

/**
 * Quantities (units, warehouse space) are not money: a whole number shows without decimals ('+71', not
 * '+71.00'), and a small value keeps its significant digits ('0.001', not '0.00'). Money and percentages keep
 * the spec's fixed two decimals (formatSbc, formatDelta).
 */

/** Digits kept for a value below 1 (0.012345 → '0.0123'). */
export const SMALL_VALUE_SIGNIFICANT_DIGITS = 3;

const TRIMMED = (maxDecimals: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: maxDecimals });

/** Decimals needed to show |value| < 1 with SMALL_VALUE_SIGNIFICANT_DIGITS significant digits (at most 8). */
function decimalsFor(value: number): number {
  const abs = Math.abs(value);
  if (abs === 0 || abs >= 1) return 2;
  const leadingZeros = -Math.floor(Math.log10(abs)) - 1;
  return Math.min(8, leadingZeros + SMALL_VALUE_SIGNIFICANT_DIGITS);
}

/** An amount: at most 2 decimals from 1 upward, 3 significant digits below, trailing zeros dropped. */
export function formatQuantity(value: number): string {
  const v = finiteOrZero(value);
  const decimals = decimalsFor(v);
  const rounded = roundTo(v, decimals);
  return TRIMMED(decimals).format(rounded === 0 ? 0 : rounded);
}

/**
 * A signed change of a quantity: '+71', '−3', '+2.50' (a fraction keeps the spec's two decimals), '0'.
 * Sign, minus sign U+2212 and colour follow formatDelta.
 */
export function formatQuantityDelta(value: number): { text: string; tone: DeltaTone } {
  const v = finiteOrZero(value);
  return formatDelta(v, Number.isInteger(roundTo(v, 2)) ? 0 : 2);
}
