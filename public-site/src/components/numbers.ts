/**
 * Number texts the domain formatters do not cover (plain counts and the request index). Kept here, in one
 * place, until @sbc/shared offers them; the rules follow the domain's (en-US grouping, half-up rounding).
 */
import { finiteOrZero, formatSbc, roundTo } from '@sbc/shared';

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
