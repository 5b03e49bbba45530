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
 */
export function TableToolbar<Row>({
  label,
  state,
  rows,
  columns,
  filename,
  total,
  children,
}: {
  /** What the table lists, for the field's label: 'Filter products'. */
  label: string;
  state: TableUrlState;
  rows: readonly Row[];
  columns: readonly ColumnDef<Row>[];
  filename: string;
  total: number;
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
        {rows.length === total ? `${total} rows` : `${rows.length} of ${total} rows`}
      </p>
      <button type="button" className="ps-btn" onClick={() => downloadText(filename, toCsv(rows, columns))} disabled={rows.length === 0}>
        Export CSV
      </button>
    </div>
  );
}
