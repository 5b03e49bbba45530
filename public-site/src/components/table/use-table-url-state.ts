import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filterRows, sortRows, type ColumnDef, type SortDirection } from './table-state';

/** Query parameters of a table's state: ?sort=<column key>&dir=asc|desc&q=<filter text>. */
export const SORT_PARAM = 'sort';
export const DIR_PARAM = 'dir';
export const FILTER_PARAM = 'q';

export interface TableUrlState {
  sortKey: string | null;
  direction: SortDirection;
  query: string;
  setSort: (key: string, direction: SortDirection) => void;
  setQuery: (query: string) => void;
}

/**
 * Sort and filter live in the URL, so a reload or a shared link shows the same table. Changes replace the
 * history entry (typing a filter must not push one entry per keystroke), and other parameters such as
 * ?sector= are kept. Without ?sort= the page's default applies.
 */
export function useTableUrlState(defaults: { sortKey: string | null; direction: SortDirection }): TableUrlState {
  const [params, setParams] = useSearchParams();
  const rawDir = params.get(DIR_PARAM);
  const sortKey = params.get(SORT_PARAM) ?? defaults.sortKey;
  const direction: SortDirection = rawDir === 'asc' || rawDir === 'desc' ? rawDir : defaults.direction;
  const query = params.get(FILTER_PARAM) ?? '';

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          change(next);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const setSort = useCallback(
    (key: string, dir: SortDirection) =>
      update((next) => {
        next.set(SORT_PARAM, key);
        next.set(DIR_PARAM, dir);
      }),
    [update],
  );
  const setQuery = useCallback(
    (q: string) =>
      update((next) => {
        if (q === '') next.delete(FILTER_PARAM);
        else next.set(FILTER_PARAM, q);
      }),
    [update],
  );
  return { sortKey, direction, query, setSort, setQuery };
}

/** The rows as shown: filtered by the query, then sorted. Memoised on its inputs. */
export function useShownRows<Row>(rows: readonly Row[], columns: readonly ColumnDef<Row>[], state: Pick<TableUrlState, 'sortKey' | 'direction' | 'query'>, textOf: (row: Row) => string): Row[] {
  const { sortKey, direction, query } = state;
  return useMemo(() => sortRows(filterRows(rows, query, textOf), columns, sortKey, direction), [rows, columns, sortKey, direction, query, textOf]);
}
