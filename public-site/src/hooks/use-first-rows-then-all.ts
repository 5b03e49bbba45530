/**
 * A list that arrives as its first rows and its count, and reads the rest when the visitor needs it (issue 36): a
 * sector's products (ActiveSectorPanel) and the stock ledger (StockLedger). A sort, a filter, "Show more" past the
 * first rows or the CSV export asks for the whole list (`loadAll`) and acts once it is here; until then the first rows
 * stay as they are (a sort or a filter of them alone would show wrong rows). Where the list's source sorts its first
 * rows itself (the profitability ranking, `firstRowsInOrder`), a sort shows that sort's first rows instead. "Show more" moves focus to the first new
 * row, whichever of the table or the cards the layout shows.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { toCsv } from '@sbc/domain';
import { downloadText } from '../components/table/TableToolbar';
import type { ColumnDef } from '../lib/table-state';
import { useShownRows, type TableUrlState } from './use-table-url-state';

export interface FirstRowsThenAll<Row> {
  /** The rows in the order shown (the whole list sorted and filtered once here, else the first rows as they came). */
  ordered: Row[];
  /** The rows rendered: the first `limit` of `ordered`. */
  rows: Row[];
  /** How many rows match: the filtered whole list, else the list's count. */
  matching: number;
  /** The whole list is wanted and not here yet. */
  waiting: boolean;
  /** Put on the element holding the table and the cards ("Show more" focuses a row inside it). */
  itemsRef: React.RefObject<HTMLDivElement | null>;
  showMore: (count: number) => void;
  /** The export, for a list not whole yet: it starts once the whole list is here. */
  exportWhenWhole: (() => void) | undefined;
}

export function useFirstRowsThenAll<Row>(options: {
  list: { items: readonly Row[]; total: number; complete: boolean };
  columns: readonly ColumnDef<Row>[];
  table: TableUrlState;
  textOf: (row: Row) => string;
  /** The rows shown at first (FIRST_VIEW_ROWS): more than the store's first rows ask for the whole list. */
  firstRows: number;
  filename: string;
  /** Reads the whole list; absent for a list that is always whole (the profitability ranking). */
  loadAll?: () => void;
  /** The links of the cards, for focus when the table is not the one shown; absent for a list with a table only. */
  cardSelector?: string;
  /**
   * The order the first rows come in, given to useTableUrlState as its default (none: the list's own order). Only
   * another sort needs the whole list ("Used in" comes ranked by margin, its table's default).
   */
  defaultSort?: { sortKey: string | null; direction: string };
  /**
   * For a list whose source sorts its first rows itself (the profitability ranking: the API's ?sort=): whether `items`
   * are in the table's order now. A sort then waits for those rows (busy until they come), not for the whole list.
   * Absent: a sort other than `defaultSort` asks for the whole list.
   */
  firstRowsInOrder?: boolean;
}): FirstRowsThenAll<Row> {
  const { list, columns, table, textOf, firstRows, filename, loadAll, cardSelector, defaultSort = { sortKey: null, direction: 'asc' }, firstRowsInOrder } = options;
  const { items, total, complete } = list;
  const shown = useShownRows(items, columns, table, textOf);
  const [limit, setLimit] = useState(firstRows);
  const [exportWanted, setExportWanted] = useState(false);
  const sorted = table.sortKey !== defaultSort.sortKey || (table.sortKey !== null && table.direction !== defaultSort.direction);
  const sortsFirstRows = firstRowsInOrder !== undefined;
  const wantsAll = (sorted && !sortsFirstRows) || table.query !== '' || limit > firstRows || exportWanted;
  const loadsAll = wantsAll && !complete;
  const waiting = loadsAll || (sortsFirstRows && !firstRowsInOrder && !complete);
  useEffect(() => {
    if (loadsAll) loadAll?.();
  }, [loadsAll, loadAll]);
  const ordered = complete ? shown : (items as Row[]);
  const matching = complete ? shown.length : total;
  const rows = useMemo(() => ordered.slice(0, limit), [ordered, limit]);
  const itemsRef = useRef<HTMLDivElement>(null);

  // The export waited for the whole list: it starts once it is here.
  useEffect(() => {
    if (!exportWanted || !complete) return;
    setExportWanted(false);
    downloadText(filename, toCsv(shown, columns));
  }, [exportWanted, complete, filename, shown, columns]);

  // "Show more" moves focus to the first new row (the button it was on may go away), once that row is rendered: at
  // once when the list is whole, after its read otherwise.
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const index = focusRow.current;
    const container = itemsRef.current;
    if (index === null || !container || rows.length <= index) return;
    focusRow.current = null;
    // The table or the cards, whichever the layout (or, where both are rendered, the CSS) shows.
    const tableWrap = container.querySelector<HTMLElement>('.ps-table-wrap');
    const tableShown = tableWrap !== null && getComputedStyle(tableWrap).display !== 'none';
    const links = tableShown ? tableWrap.querySelectorAll<HTMLElement>('tbody th a') : cardSelector === undefined ? [] : container.querySelectorAll<HTMLElement>(cardSelector);
    links[index]?.focus();
  }, [rows, cardSelector]);
  const showMore = (count: number) => {
    focusRow.current = rows.length;
    setLimit(rows.length + count);
  };
  return { ordered, rows, matching, waiting, itemsRef, showMore, exportWhenWhole: complete ? undefined : () => setExportWanted(true) };
}
