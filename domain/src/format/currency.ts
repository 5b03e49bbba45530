import { formatDelta, type DeltaTone } from './delta';
import { formatEnUsNumber } from './en-us-number';
import { finiteOrZero } from './round';

export const CURRENCY_SUFFIX = 'SBC';
/** The lower-case unit that suffixes value deltas (section 9). */
export const VALUE_DELTA_UNIT = 'sbc';

/**
 * '1,234.50 SBC'. The site's chrome is English, so en-US grouping (',' thousands, '.' decimals) is used;
 * non-finite counts as 0.
 */
export function formatSbc(value: number, decimals = 2): string {
  return `${formatEnUsNumber(finiteOrZero(value), decimals)} ${CURRENCY_SUFFIX}`;
}

/** Unit prices: 2 decimals. */
export function formatUnitPrice(value: number): string {
  return formatSbc(value, 2);
}

/** Inventory values: 0 decimals. */
export function formatInventoryValue(value: number): string {
  return formatSbc(value, 0);
}

/** A signed value delta with the 'sbc' unit, e.g. '+12.50 sbc' / '−3.00 sbc'. */
export function formatValueDelta(value: number, decimals = 2): { text: string; tone: DeltaTone } {
  const delta = formatDelta(value, decimals);
  return { text: `${delta.text} ${VALUE_DELTA_UNIT}`, tone: delta.tone };
}

/**
 * The JSON editor (Italian screen) shows the average market price in EUR with the Italian locale:
 * '12.345,50 €'. Note Italian CLDR rules leave 4-digit amounts ungrouped ('1234,50 €'); the space before
 * '€' is a no-break space (U+00A0).
 */
export function formatEur(value: number): string {
  return new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(finiteOrZero(value));
}
