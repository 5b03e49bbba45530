import type { ColumnDef } from '../../lib/table-state';
import type { FirstRowsThenAll } from '../../hooks/use-first-rows-then-all';
import type { ResponsiveLayout } from '../../hooks/use-responsive-layout';
import type { TableUrlState } from '../../hooks/use-table-url-state';
import { SortSelect } from './SortSelect';
import { TableToolbar } from './TableToolbar';

/**
 * The toolbar of a list shown as its first rows until it needs the rest (useFirstRowsThenAll: a sector's products,
 * the stock ledger): the count and the export speak of the whole list, and wherever the cards may be shown (they have
 * no column headers) the sort is chosen in a select.
 */
export function FirstRowsToolbar<Row>({
  label,
  table,
  columns,
  filename,
  total,
  firstRows,
  loadFailed,
  layout,
  children,
}: {
  /** What the list holds, for the filter's label: 'Filter products'. */
  label: string;
  table: TableUrlState;
  columns: readonly ColumnDef<Row>[];
  filename: string;
  /** How many rows the whole list has. */
  total: number;
  firstRows: Pick<FirstRowsThenAll<Row>, 'ordered' | 'matching' | 'waiting' | 'exportWhenWhole'>;
  /** The read of the rest failed: the count stops saying it is loading (the list's own error message says why). */
  loadFailed: boolean;
  /** Where cards may be shown; none for a list shown as a table only (its headers sort). */
  layout?: ResponsiveLayout;
  /** More controls beside the filter (the ranking's sector and talent). */
  children?: React.ReactNode;
}) {
  return (
    <TableToolbar
      label={label}
      state={table}
      rows={firstRows.ordered}
      matching={firstRows.matching}
      columns={columns}
      filename={filename}
      total={total}
      onExport={firstRows.exportWhenWhole}
      busy={firstRows.waiting && !loadFailed}
    >
      {children}
      {layout !== undefined && layout !== 'wide' && <SortSelect columns={columns} state={table} />}
    </TableToolbar>
  );
}
