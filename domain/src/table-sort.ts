/**
 * How the site's tables order a column, one rule for the page (public-site/src/lib/table-state.ts sorts what it holds)
 * and for a server that sorts before it sends the first rows (the open data API's /plan/profitability ?sort=): both
 * must put the same rows first.
 *
 * Decisions:
 * - Missing values (null, undefined, NaN) sort last in both directions: "unknown" is never the best or worst.
 * - Text sorts with the en locale, case- and accent-insensitive, numbers inside text in numeric order.
 */
/** A table column's direction (the watchlist's own sort names its directions in words: ./watchlist.ts). */
export type CellSortDirection = 'asc' | 'desc';
export type CellValue = string | number | null | undefined;

export const CELL_SORT_DIRECTIONS: readonly CellSortDirection[] = ['asc', 'desc'];

// Built on the first text comparison, not when the module loads: building the first Intl object of a page loads the
// browser's locale data, about 30 ms of a phone's CPU, and every products and materials page loads this module while
// it starts up (issue 26); a page compares text only when the visitor sorts by a text column.
let collator: Intl.Collator | undefined;
const compareText = (a: string, b: string) => {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
};

const isMissing = (v: CellValue): v is null | undefined => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));

/** Compares two cells, missing ones last whatever the direction. */
export function compareCells(a: CellValue, b: CellValue, direction: CellSortDirection): number {
  const am = isMissing(a);
  const bm = isMissing(b);
  if (am || bm) return am === bm ? 0 : am ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : compareText(String(a), String(b));
  return direction === 'asc' ? order : -order;
}
