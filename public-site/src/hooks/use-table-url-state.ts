import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filterRows, sortRows, type ColumnDef, type SortDirection } from '../lib/table-state';

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
 *
 * The table answers from local state at once and the URL follows: React Router applies a navigation as a
 * transition, rendered in slices between frames, which kept a 500-row sort from painting for 300+ ms. A URL
 * change the table did not write itself (back, forward, a link) replaces the local state.
 */
export function useTableUrlState(defaults: { sortKey: string | null; direction: SortDirection }): TableUrlState {
  const [params, setParams] = useSearchParams();
  const fromUrl = readTableState(params, defaults);
  const urlKey = stateKey(fromUrl);
  const [local, setLocal] = useState(fromUrl);
  const [seenUrlKey, setSeenUrlKey] = useState(urlKey);
  // Keys of the states this table wrote to the URL that the URL has not caught up with yet.
  const written = useRef(new Set<string>());
  if (urlKey !== seenUrlKey) {
    setSeenUrlKey(urlKey);
    if (!written.current.has(urlKey)) setLocal(fromUrl);
  }
  if (urlKey === stateKey(local)) written.current.clear();

  const latest = useRef(local);
  latest.current = local;
  const write = useCallback(
    (next: TableState, change: (url: URLSearchParams) => void) => {
      written.current.add(stateKey(next));
      setLocal(next);
      setParams(
        (previous) => {
          const url = new URLSearchParams(previous);
          change(url);
          return url;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  const setSort = useCallback(
    (key: string, direction: SortDirection) =>
      write({ ...latest.current, sortKey: key, direction }, (url) => {
        url.set(SORT_PARAM, key);
        url.set(DIR_PARAM, direction);
      }),
    [write],
  );
  const setQuery = useCallback(
    (query: string) =>
      write({ ...latest.current, query }, (url) => {
        if (query === '') url.delete(FILTER_PARAM);
        else url.set(FILTER_PARAM, query);
      }),
    [write],
  );
  return { ...local, setSort, setQuery };
}

type TableState = Pick<TableUrlState, 'sortKey' | 'direction' | 'query'>;

/** The table's sort and filter an address asks for (`defaults` without ?sort= or a valid ?dir=): the page data reads it too. */
export function readTableState(params: URLSearchParams, defaults: { sortKey: string | null; direction: SortDirection }): TableState {
  const rawDir = params.get(DIR_PARAM);
  return {
    sortKey: params.get(SORT_PARAM) ?? defaults.sortKey,
    direction: rawDir === 'asc' || rawDir === 'desc' ? rawDir : defaults.direction,
    query: params.get(FILTER_PARAM) ?? '',
  };
}

const stateKey = (state: TableState) => JSON.stringify([state.sortKey, state.direction, state.query]);

/** The rows as shown: filtered by the query, then sorted. Memoised on its inputs. */
export function useShownRows<Row>(rows: readonly Row[], columns: readonly ColumnDef<Row>[], state: Pick<TableUrlState, 'sortKey' | 'direction' | 'query'>, textOf: (row: Row) => string): Row[] {
  const { sortKey, direction, query } = state;
  return useMemo(() => sortRows(filterRows(rows, query, textOf), columns, sortKey, direction), [rows, columns, sortKey, direction, query, textOf]);
}
