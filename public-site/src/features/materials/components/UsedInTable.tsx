import { useCallback, useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { paths, useRootStore, type UsedInList } from '@sbc/shared';
import { formatCount, formatPercent, formatSignedSbc, FIRST_VIEW_ROWS, SHOW_MORE_ROWS, USED_IN_LIMIT, usedInRows, type UsedInRow } from '@sbc/domain';
import { HydrateApart } from '../../../components/HydrateApart';
import { StateMessage } from '../../../components/StateMessage';
import { SortableHead } from '../../../components/table/SortableHeader';
import { FirstRowsToolbar } from '../../../components/table/FirstRowsToolbar';
import { ShowMoreRows } from '../../../components/table/ShowMoreRows';
import { useFirstRowsThenAll } from '../../../hooks/use-first-rows-then-all';
import type { ColumnDef } from '../../../lib/table-state';
import { useTableUrlState, type TableUrlState } from '../../../hooks/use-table-url-state';
import '../../../components/ps-table.css';

export const USED_IN_TITLE = 'Used in';
export const USED_IN_EMPTY_TEXT = 'No product’s recipe needs this material.';
export const USED_IN_ERROR_TEXT = 'The products that use this material could not be loaded.';
export const USED_IN_LOAD_FAILED = 'The other products that use this material could not be loaded. Try Refresh.';
export const usedInMoreText = (limit: number) => `Showing the first ${formatCount(limit)} products that use it; more do.`;
/** The list's default order, margin per unit high to low (domain usedInByMargin: the first view comes in it). */
const USED_IN_DEFAULT_SORT = { sortKey: 'margin', direction: 'desc' } as const;

/** Every column sorts; the CSV holds the raw numbers (margins empty when a material of the recipe is missing). */
export const USED_IN_COLUMNS: ColumnDef<UsedInRow>[] = [
  { key: 'name', label: 'Product', value: (r) => r.product.name },
  { key: 'sector', label: 'Sector', value: (r) => r.product.category },
  { key: 'quantity', label: 'Quantity / Unit', value: (r) => r.quantity, numeric: true },
  { key: 'margin', label: 'Margin / Unit', value: (r) => r.economics.marginPerUnit, numeric: true },
  { key: 'marginPercent', label: 'Margin %', value: (r) => r.economics.marginPercent, numeric: true },
  { key: 'marginPerHour', label: 'Margin / Hour', value: (r) => r.economics.marginPerHour, numeric: true },
];

const textOf = (r: UsedInRow) => `${r.product.name} ${r.product.category}`;
const money = (v: number | null) => (v === null ? '—' : formatSignedSbc(v));

/**
 * The material's "Used in" list as the store knows it, and how to read the whole of it. A server-rendered page
 * arrives with the list's first view (issue 36: ../page-data.ts, replayed before hydration), and the whole list waits
 * until the page needs it; a page opened in the browser reads the whole list at once, as before (there the first view
 * would cost as much: its order needs every margin).
 *
 * The whole list's reads (MarketStore.loadUsedInMaterials): one query, at most USED_IN_LIMIT + 1 products, and for
 * the margins the materials their recipes name, one read each (0 when the whole ledger is loaded).
 */
function useUsedInList(material: string): { list: UsedInList; loadAll: () => void } {
  const { market } = useRootStore();
  const loadAll = useCallback(() => void market.loadUsedInMaterials(material), [market, material]);
  useEffect(() => {
    const state = market.usedInList(material).state;
    if (state === 'idle' || state === 'error') loadAll();
  }, [market, material, loadAll]);
  return { list: market.usedInList(material), loadAll };
}

/**
 * "Used in" on /materials/:slug: the products whose recipe needs this material, quantity per unit and margins,
 * highest margin first. As the stock ledger (./StockLedger.tsx): FIRST_VIEW_ROWS rows at first (as many as the server embeds:
 * MarketStore.loadUsedInFirstView) and "Show more" adds SHOW_MORE_ROWS; what the store knows may be only the list's first view (`complete` false), and a sort, a filter, the CSV
 * export or more rows then read the whole list and act on it (the first rows stay shown, busy, meanwhile; a control
 * used before hydration is replayed into the same path: docs/first-paint.md).
 */
export const UsedInTable = observer(function UsedInTable({ material }: { material: string }) {
  const { list, loadAll } = useUsedInList(material);
  const { products, materials, complete, state, wholeState } = list;
  const more = list.total > USED_IN_LIMIT;
  const rows = useMemo(() => usedInRows(products.slice(0, USED_IN_LIMIT), material, materials), [products, material, materials]);
  const total = complete ? rows.length : Math.min(list.total, USED_IN_LIMIT);
  const table = useTableUrlState(USED_IN_DEFAULT_SORT);
  const filename = `used-in-${material}.csv`;
  const firstRows = useFirstRowsThenAll({
    list: { items: rows, total, complete },
    columns: USED_IN_COLUMNS,
    table,
    textOf,
    firstRows: FIRST_VIEW_ROWS,
    filename,
    loadAll,
    cardSelector: 'tbody th a',
    defaultSort: USED_IN_DEFAULT_SORT,
  });
  const loading = state === 'idle' || state === 'loading';

  return (
    <section className="ps-card ps-used-in" aria-labelledby="ps-used-in-title">
      <h2 id="ps-used-in-title">{USED_IN_TITLE}</h2>
      <p className="ps-hint">
        Products whose recipe needs {material}: units per unit produced, and the product’s margin at today’s material prices.
      </p>
      {loading && rows.length === 0 ? (
        <StateMessage kind="loading">Loading the products that use it…</StateMessage>
      ) : rows.length === 0 ? (
        <StateMessage kind={state === 'error' ? 'error' : 'empty'}>{state === 'error' ? USED_IN_ERROR_TEXT : USED_IN_EMPTY_TEXT}</StateMessage>
      ) : (
        <>
          <FirstRowsToolbar label="Filter products" table={table} columns={USED_IN_COLUMNS} filename={filename} total={total} firstRows={firstRows} loadFailed={wholeState === 'error'} />
          {more && <p className="ps-hint">{usedInMoreText(USED_IN_LIMIT)}</p>}
          {firstRows.waiting && wholeState === 'error' && <StateMessage kind="error">{USED_IN_LOAD_FAILED}</StateMessage>}
          <div aria-busy={firstRows.waiting || undefined} ref={firstRows.itemsRef}>
            <HydrateApart component={UsedInRowsTable} props={{ material, rows: firstRows.rows, table }} />
          </div>
          <ShowMoreRows shown={firstRows.rows.length} matching={firstRows.matching} pageSize={SHOW_MORE_ROWS} noun="products" onShowMore={firstRows.showMore} />
        </>
      )}
    </section>
  );
});

/** The table itself, hydrated apart from the page around it (HydrateApart: a long list hydrates in a pass of its own). */
const UsedInRowsTable = observer(function UsedInRowsTable({ material, rows, table }: { material: string; rows: readonly UsedInRow[]; table: TableUrlState }) {
  return (
    <div className="ps-table-wrap">
      <table className="ps-table">
        <caption className="ps-visually-hidden">Products that use {material}</caption>
        <SortableHead columns={USED_IN_COLUMNS} state={table} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.product.id}>
              <th scope="row">
                <Link to={paths.product(r.product.slug)}>{r.product.name}</Link>
              </th>
              <td>{r.product.category}</td>
              <td className="ps-table__num ps-num">{formatCount(r.quantity)}</td>
              <td className="ps-table__num ps-num">
                {r.economics.marginPerUnit === null ? (
                  <span className="ps-badge ps-badge--warn">Missing: {r.economics.materials.missing.join(', ')}</span>
                ) : (
                  money(r.economics.marginPerUnit)
                )}
              </td>
              <td className="ps-table__num ps-num">{r.economics.marginPercent === null ? '—' : formatPercent(r.economics.marginPercent)}</td>
              <td className="ps-table__num ps-num">{money(r.economics.marginPerHour)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
