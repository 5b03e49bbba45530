import { formatDelta, type DeltaTone } from './delta';
import { formatEnUsNumber } from './en-us-number';
import { finiteOrZero, roundTo } from './round';

/**
 * Quantities (units, warehouse space) are not money: an amount shows without trailing decimals ('12,345',
 * '2.5'), and a small value keeps its significant digits ('0.001', not '0.00'). A change of a quantity is a
 * delta, though, and follows the spec's delta rule like every other delta (formatQuantityDelta).
 */

/** Digits kept for a value below 1 (0.012345 → '0.0123'). */
export const SMALL_VALUE_SIGNIFICANT_DIGITS = 3;

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
  return formatEnUsNumber(rounded === 0 ? 0 : rounded, 0, decimals);
}

/**
 * A signed change of a quantity (the materials ledger, the material detail, the watchlist's inventory change):
 * '+71.00', '−3.50' (U+2212), '0.00'. Decision (issue 26): SPEC.md section 5 "Deltas: two decimals, explicit
 * + or − sign, a non-finite value counts as 0" wins over the earlier whole-unit '+71'. Zero, and a change that
 * rounds to zero at two decimals, is '0.00' without a sign and grey (tone 'neutral'), as formatDelta does.
 */
export function formatQuantityDelta(value: number): { text: string; tone: DeltaTone } {
  return formatDelta(value, 2);
}
