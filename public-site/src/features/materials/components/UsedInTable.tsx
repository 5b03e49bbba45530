import { useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { paths, useRootStore, type LoadState } from '@sbc/shared';
import { formatCount, formatPercent, formatSignedSbc, USED_IN_LIMIT, usedInRows, type Product, type UsedInRow } from '@sbc/domain';
import { StateMessage } from '../../../components/StateMessage';
import { SortableHeader } from '../../../components/table/SortableHeader';
import { TableToolbar } from '../../../components/table/TableToolbar';
import type { ColumnDef } from '../../../lib/table-state';
import { useShownRows, useTableUrlState } from '../../../hooks/use-table-url-state';
import '../../../components/ps-table.css';

export const USED_IN_TITLE = 'Used in';
export const USED_IN_EMPTY_TEXT = 'No product’s recipe needs this material.';
export const USED_IN_ERROR_TEXT = 'The products that use this material could not be loaded.';
export const usedInMoreText = (limit: number) => `Showing the first ${formatCount(limit)} products that use it; more do.`;

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
 * The products of the material's "Used in" list and their state. Reads (see MarketStore.loadUsedInMaterials): one
 * query, at most USED_IN_LIMIT + 1 products, and for the margins the materials their recipes name, one read each (0
 * when the whole ledger is loaded). Under a shell released before issue 36: the whole ledger M (0 when cached).
 * A shell released before issue 37 has no loadProductsUsing: the list then comes from the whole product list
 * (N reads, 0 when cached), filtered here.
 */
function useProductsUsing(material: string): { products: Product[]; state: LoadState } {
  const { market } = useRootStore();
  const bounded = typeof market.loadProductsUsing === 'function';
  useEffect(() => {
    // Issue 36: the recipes' materials by name; a shell released before it reads the whole ledger.
    if (market.loadUsedInMaterials) {
      void market.loadUsedInMaterials(material);
      return;
    }
    if (market.loadProductsUsing) void market.loadProductsUsing(material);
    else void market.loadProducts();
    void market.loadMaterials();
  }, [market, material]);
  if (bounded && market.productsUsing && market.productsUsingState) {
    return { products: market.productsUsing(material), state: market.productsUsingState(material) };
  }
  return { products: market.products.filter((p) => (p.requested_materials[material] ?? 0) > 0), state: market.productsState };
}

/** "Used in" on /materials/:slug: the products whose recipe needs this material, quantity per unit and margins. */
export const UsedInTable = observer(function UsedInTable({ material }: { material: string }) {
  const { market } = useRootStore();
  const { products, state } = useProductsUsing(material);
  // The materials the margins need: those the recipes name (issue 36), or the whole ledger under an older shell.
  const ledger = market.usedInMaterials ? market.usedInMaterials(material) : market.materials;
  const more = products.length > USED_IN_LIMIT;
  const rows = useMemo(() => usedInRows(products.slice(0, USED_IN_LIMIT), material, ledger), [products, material, ledger]);
  const table = useTableUrlState({ sortKey: 'margin', direction: 'desc' });
  const shown = useShownRows(rows, USED_IN_COLUMNS, table, textOf);
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
          <TableToolbar label="Filter products" state={table} rows={shown} columns={USED_IN_COLUMNS} filename={`used-in-${material}.csv`} total={rows.length} />
          {more && <p className="ps-hint">{usedInMoreText(USED_IN_LIMIT)}</p>}
          <div className="ps-table-wrap">
            <table className="ps-table">
              <caption className="ps-visually-hidden">Products that use {material}</caption>
              <thead>
                <tr>
                  {USED_IN_COLUMNS.map((c) => (
                    <SortableHeader key={c.key} column={c} state={table} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
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
        </>
      )}
    </section>
  );
});
