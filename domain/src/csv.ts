/**
 * CSV as the site writes it, for the tables' "Export CSV" button and the open data API (`.csv` endpoints).
 *
 * Decisions:
 * - RFC 4180: comma-separated, CRLF line ends, a field with a comma, quote, CR or LF is quoted with quotes doubled.
 * - A text cell starting with = + - @ (or tab / CR) is prefixed with ' so spreadsheets do not run it as a formula
 *   (OWASP "CSV injection"); numbers are written as plain numbers, a negative number is not text and is not prefixed.
 * - Missing values (null, undefined, NaN, ±Infinity) are empty fields.
 * - Files start with a UTF-8 byte-order mark (CSV_BOM) so spreadsheet programs read accented names correctly.
 */
export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  /** Header text. */
  label: string;
  /** The raw value of the cell (numbers stay numbers in a spreadsheet). */
  value: (row: Row) => CsvValue;
}

/** The UTF-8 byte-order mark a CSV file starts with. */
export const CSV_BOM = '\uFEFF';

/** The media type of a CSV answer or download. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula guard for text, RFC 4180 quoting. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else if (typeof value === 'boolean') text = String(value);
  else text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line and one line per row, CRLF-separated, ending with CRLF (no byte-order mark: see CSV_BOM). */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((c) => csvField(c.label)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
