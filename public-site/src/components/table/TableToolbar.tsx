import { useId } from 'react';
import { CSV_BOM, CSV_CONTENT_TYPE, toCsv } from '@sbc/domain';
import type { ColumnDef } from '../../lib/table-state';
import type { TableUrlState } from '../../hooks/use-table-url-state';
import './table-tools.css';

/** Saves text as a file through a temporary object URL (no server round trip). */
export function downloadText(filename: string, text: string, type = CSV_CONTENT_TYPE): void {
  const blob = new Blob([CSV_BOM, text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The filter field and the CSV export of a table. The export writes exactly the rows shown (filtered and
 * sorted) with the columns' raw values, not the formatted texts (numbers stay numbers in a spreadsheet).
 *
 * A table that holds only some of its rows yet (a sector's first page: issue 36) says how many the filter keeps
 * (`matching`), takes the export itself (`onExport`: it reads the rest first) and is `busy` while the rest arrives.
 */
export function TableToolbar<Row>({
  label,
  state,
  rows,
  columns,
  filename,
  total,
  matching = rows.length,
  onExport,
  busy = false,
  children,
}: {
  /** What the table lists, for the field's label: 'Filter products'. */
  label: string;
  state: TableUrlState;
  rows: readonly Row[];
  columns: readonly ColumnDef<Row>[];
  filename: string;
  total: number;
  /** How many rows the filter keeps, when `rows` are not all of them yet. */
  matching?: number;
  /** Replaces the download of `rows` (a table whose rows are not all here yet). */
  onExport?: () => void;
  /** The rest of the rows is being read: the count says so. */
  busy?: boolean;
  children?: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="ps-table-tools">
      <label htmlFor={id} className="ps-table-tools__field">
        <span>{label}</span>
        <input id={id} type="search" value={state.query} onChange={(e) => state.setQuery(e.target.value)} autoComplete="off" />
      </label>
      {children}
      <p className="ps-table-tools__count" role="status" aria-live="polite">
        {busy ? `Loading all ${total} rows…` : matching === total ? `${total} rows` : `${matching} of ${total} rows`}
      </p>
      <button type="button" className="ps-btn" onClick={onExport ?? (() => downloadText(filename, toCsv(rows, columns)))} disabled={rows.length === 0}>
        Export CSV
      </button>
    </div>
  );
}
