/**
 * Sorting and filtering for the site's tables, as pure functions (tested with tables of examples). Their CSV
 * export writes the columns' raw values with the domain's CSV rules (@sbc/domain toCsv, shared with the open data API).
 *
 * Decisions:
 * - The order of two cells is the domain's (@sbc/domain compareCells: missing values last in both directions, text
 *   in the en locale, case- and accent-insensitive, numbers inside text in numeric order), which a server sorting
 *   the first rows uses too.
 * - Ties keep the incoming order (Array.prototype.sort is stable), so the default order breaks ties.
 * - The text filter matches every whitespace-separated word of the query, case- and accent-insensitively,
 *   against the row's text fields.
 */
import { compareCells, type CellSortDirection, type CellValue } from '@sbc/domain';

export { compareCells, type CellValue };
export type SortDirection = CellSortDirection;

export interface ColumnDef<Row> {
  /** URL-safe id, used as ?sort=<key>. */
  key: string;
  /** Header text (also the CSV header). */
  label: string;
  /** The raw value: what sorting compares and the CSV holds. */
  value: (row: Row) => CellValue;
  numeric?: boolean;
  /** Direction of the first click: numbers start with the largest, text with A. */
  firstDirection?: SortDirection;
}

/** A sorted copy; an unknown key leaves the order unchanged. */
export function sortRows<Row>(rows: readonly Row[], columns: readonly ColumnDef<Row>[], key: string | null, direction: SortDirection): Row[] {
  const column = columns.find((c) => c.key === key);
  if (!column) return [...rows];
  const keyed = rows.map((row) => ({ row, value: column.value(row) }));
  keyed.sort((a, b) => compareCells(a.value, b.value, direction));
  return keyed.map((k) => k.row);
}

/** Lower case, accents removed: 'Caffè' → 'caffe'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Rows whose text matches every word of the query (empty query: every row). */
export function filterRows<Row>(rows: readonly Row[], query: string, textOf: (row: Row) => string): Row[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = foldText(textOf(row));
    return words.every((w) => text.includes(w));
  });
}

/** The direction after a header click: a new column starts at its first direction, the same one flips. */
export function nextSort(current: { key: string | null; direction: SortDirection }, column: Pick<ColumnDef<unknown>, 'key' | 'numeric' | 'firstDirection'>): { key: string; direction: SortDirection } {
  if (current.key === column.key) return { key: column.key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key: column.key, direction: column.firstDirection ?? (column.numeric ? 'desc' : 'asc') };
}
