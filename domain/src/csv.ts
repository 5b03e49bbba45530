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

/** One parsed CSV record and the line of the file it starts on (1-based, the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Why a CSV text cannot be read: the only such case is a quote left open at the end. */
export interface CsvError {
  /** The line where the unclosed quoted field begins (the message names it). */
  line: number;
  /** The line where the record holding that field begins. */
  recordLine: number;
  message: string;
}

export interface ParseCsvOptions {
  /**
   * Remove the ' that csvField puts before a text starting with = + - @ (tab, CR), so a file the site exported reads
   * back as written (default true). False: every field exactly as in the file (the admin import undoes its own guard).
   */
  unguardFormulas?: boolean;
}

const GUARDED_FORMULA = /^'[=+\-@\t\r]/;

/**
 * The one CSV reader of the site (the trade book's import, the admin console's product import): RFC 4180, as the
 * site writes it and as spreadsheets save it.
 * - fields separated by commas, records by CRLF, LF or a lone CR; a leading byte-order mark ignored;
 * - a field starting with a quote is quoted: it may hold commas, line breaks and doubled quotes ("" is one quote);
 *   text after its closing quote is kept as written (a"b, "a"b: lenient, as spreadsheets read it);
 * - blank lines are skipped (a record of one empty field); a last line without a line end is a record;
 * - each record carries the line it starts on (1-based), counting the line breaks inside quoted fields, so a
 *   message can name the line a person sees in an editor;
 * - a quote left open at the end is the only error: no records are trusted then (`records` holds those read before
 *   it), and the error names the line where the open field began and the line of its record.
 * Examples: csv.test.ts.
 */
export function parseCsv(text: string, options: ParseCsvOptions = {}): { records: CsvRecord[]; error: CsvError | null } {
  const unguard = options.unguardFormulas ?? true;
  const records: CsvRecord[] = [];
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let fieldLine = 1;
  const endField = () => {
    fields.push(unguard && GUARDED_FORMULA.test(field) ? field.slice(1) : field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') {
      inQuotes = true;
      fieldLine = line;
    } else if (c === ',') endField();
    else if (c === '\r' && source[i + 1] === '\n') continue;
    else if (c === '\n' || c === '\r') {
      endRecord();
      line++;
      recordLine = line;
    } else field += c;
  }
  if (inQuotes) return { records, error: { line: fieldLine, recordLine, message: `Line ${fieldLine}: a quoted field is never closed.` } };
  endRecord();
  return { records, error: null };
}
