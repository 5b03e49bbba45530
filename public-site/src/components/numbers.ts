/**
 * Number texts the domain formatters do not cover (plain counts and the request index). Kept here, in one
 * place, until @sbc/shared offers them; the rules follow the domain's (en-US grouping, half-up rounding).
 */
import { finiteOrZero, roundTo } from '@sbc/shared';

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Whole units with thousands grouping: 12345 → '12,345'. */
export function formatCount(value: number): string {
  return COUNT.format(roundTo(finiteOrZero(value), 0));
}

/** Request index (demand) with 2 decimals: 61.236 → '61.24'. */
export function formatIndex(value: number): string {
  return TWO_DECIMALS.format(roundTo(finiteOrZero(value), 2));
}
