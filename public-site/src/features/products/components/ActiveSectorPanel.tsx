import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { slugify, useRootStore, type Product } from '@sbc/shared';
import { SortSelect } from '../../../components/table/SortSelect';
import { TableToolbar } from '../../../components/table/TableToolbar';
import { useShownRows, useSortedRows, useTableUrlState } from '../../../components/table/use-table-url-state';
import { StateMessage } from '../../../components/StateMessage';
import { formatCount } from '../../../components/numbers';
import { useResponsiveLayout } from '../../../hooks/use-responsive-layout';
import { SectorProductCards } from './SectorProductCards';
import { SECTOR_PRODUCT_COLUMNS, SectorProductsTable } from './SectorProductsTable';

const productText = (p: Product) => `${p.name} ${p.slug} ${p.type}`;

/** The sector's products with filter, sort (URL) and CSV export; the table on wide screens, cards on phones. */
const SectorProducts = observer(function SectorProducts({ sector, products }: { sector: string; products: readonly Product[] }) {
  const layout = useResponsiveLayout();
  const table = useTableUrlState({ sortKey: null, direction: 'asc' });
  const shown = useShownRows(products, SECTOR_PRODUCT_COLUMNS, table, productText);
  // All rows stay mounted in sort order; the filter only hides rows (a sector can hold hundreds of products).
  const sorted = useSortedRows(products, SECTOR_PRODUCT_COLUMNS, table);
  const visible = useMemo(() => new Set(shown), [shown]);
  return (
    <>
      <TableToolbar label="Filter products" state={table} rows={shown} columns={SECTOR_PRODUCT_COLUMNS} filename={`${slugify(sector) || 'sector'}-products.csv`} total={products.length}>
        {layout !== 'wide' && <SortSelect columns={SECTOR_PRODUCT_COLUMNS} state={table} />}
      </TableToolbar>
      {shown.length === 0 && <StateMessage kind="empty">No product matches “{table.query}”.</StateMessage>}
      <div className="ps-active-sector__items" hidden={shown.length === 0}>
        {layout !== 'narrow' && <SectorProductsTable sector={sector} products={sorted} visible={visible} table={table} />}
        {layout !== 'wide' && <SectorProductCards sector={sector} products={sorted} visible={visible} />}
      </div>
    </>
  );
});

/** The selected sector's products, with Refresh (everything on the dashboard) and Clear (the selection). */
export const ActiveSectorPanel = observer(function ActiveSectorPanel({ selected, onClear }: { selected: string | null; onClear: () => void }) {
  const { market } = useRootStore();
  const products = selected === null ? [] : market.productsOfCategory(selected);
  const state = selected === null ? 'idle' : market.categoryState(selected);
  const waiting = products.length === 0 && (state === 'idle' || state === 'loading');

  return (
    <section className="ps-active-sector ps-card" aria-labelledby="ps-active-sector-title">
      <div className="ps-active-sector__head">
        <div>
          <h2 id="ps-active-sector-title" tabIndex={-1}>Active Sector</h2>
          <p className="ps-active-sector__name">
            {selected ?? 'None'}
            {selected !== null && !waiting && <span className="ps-hint"> · {formatCount(products.length)} products</span>}
          </p>
        </div>
        <div className="ps-active-sector__actions">
          <button type="button" className="ps-btn ps-btn--primary" onClick={() => void market.refresh()} disabled={market.refreshing}>
            {market.refreshing ? 'Refreshing…' : 'Refresh'}
          </button>
          <button type="button" className="ps-btn" onClick={onClear} disabled={selected === null}>
            Clear
          </button>
        </div>
      </div>
      {selected === null ? (
        <StateMessage kind="empty">Select a sector from the heatmap to view tradable products.</StateMessage>
      ) : waiting ? (
        <StateMessage kind="loading">Loading products…</StateMessage>
      ) : products.length === 0 && state === 'error' ? (
        <StateMessage kind="error">The products of this sector could not be loaded. Try Refresh.</StateMessage>
      ) : products.length === 0 ? (
        <StateMessage kind="empty">No products currently trading in this sector.</StateMessage>
      ) : (
        <SectorProducts sector={selected} products={products} />
      )}
    </section>
  );
});
