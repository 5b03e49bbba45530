import { useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';
import { slugify, type Product } from '@sbc/domain';
import { SortSelect } from '../../../components/table/SortSelect';
import { TableToolbar } from '../../../components/table/TableToolbar';
import { useShownRows, useTableUrlState } from '../../../hooks/use-table-url-state';
import { StateMessage } from '../../../components/StateMessage';
import { HydrateApart } from '../../../components/HydrateApart';
import { formatCount } from '@sbc/domain';
import { useResponsiveLayout } from '../../../hooks/use-responsive-layout';
import { SectorProductCards } from './SectorProductCards';
import { SECTOR_PRODUCT_COLUMNS, SectorProductsTable } from './SectorProductsTable';

const productText = (p: Product) => `${p.name} ${p.slug} ${p.type}`;

/**
 * How many of a sector's rows are mounted at first, and how many more each "Show more" adds. Sorting and
 * filtering still apply to every product (and the CSV export holds every row the filter keeps); only the
 * rendering is windowed, because a row carries two SVG sparklines and the table is re-laid out as a whole: on this
 * machine a sort took 200–280 ms with 500 rows and 121–127 ms with 100, so 50 rows keep sorting and filtering
 * within 100 ms and a sector switch within 150 ms, and the server-rendered page of a large sector stays small.
 */
export const SECTOR_ROWS_STEP = 50;

/** The sector's products with filter, sort (URL) and CSV export; the table on wide screens, cards on phones. */
const SectorProducts = observer(function SectorProducts({ sector, products }: { sector: string; products: readonly Product[] }) {
  const layout = useResponsiveLayout();
  const table = useTableUrlState({ sortKey: null, direction: 'asc' });
  const shown = useShownRows(products, SECTOR_PRODUCT_COLUMNS, table, productText);
  const [limit, setLimit] = useState(SECTOR_ROWS_STEP);
  const rows = useMemo(() => shown.slice(0, limit), [shown, limit]);
  const itemsRef = useRef<HTMLDivElement>(null);
  const left = shown.length - rows.length;

  /** Shows more rows and moves focus to the first new one (the button it was on may go away). */
  const showMore = (count: number) => {
    const firstNew = rows.length;
    setLimit(firstNew + count);
    requestAnimationFrame(() => {
      const container = itemsRef.current;
      if (!container) return;
      // The table or the cards, whichever the layout (or, where both are rendered, the CSS) shows.
      const tableWrap = container.querySelector<HTMLElement>('.ps-table-wrap');
      const tableShown = tableWrap !== null && getComputedStyle(tableWrap).display !== 'none';
      const links = tableShown ? tableWrap.querySelectorAll<HTMLElement>('tbody th a') : container.querySelectorAll<HTMLElement>('.ps-product-card');
      links[firstNew]?.focus();
    });
  };

  return (
    <>
      <TableToolbar label="Filter products" state={table} rows={shown} columns={SECTOR_PRODUCT_COLUMNS} filename={`${slugify(sector) || 'sector'}-products.csv`} total={products.length}>
        {layout !== 'wide' && <SortSelect columns={SECTOR_PRODUCT_COLUMNS} state={table} />}
      </TableToolbar>
      {shown.length === 0 && <StateMessage kind="empty">No product matches “{table.query}”.</StateMessage>}
      <div className="ps-active-sector__items" hidden={shown.length === 0} ref={itemsRef}>
        {layout !== 'narrow' && <HydrateApart component={SectorProductsTable} props={{ sector, products: rows, table }} />}
        {layout !== 'wide' && <HydrateApart component={SectorProductCards} props={{ sector, products: rows }} />}
      </div>
      {left > 0 && (
        <div className="ps-show-more">
          <p className="ps-hint">
            Showing {formatCount(rows.length)} of {formatCount(shown.length)} products.
          </p>
          <button type="button" className="ps-btn" onClick={() => showMore(SECTOR_ROWS_STEP)}>
            Show {formatCount(Math.min(SECTOR_ROWS_STEP, left))} more
          </button>
          {left > SECTOR_ROWS_STEP && (
            <button type="button" className="ps-btn" onClick={() => showMore(left)}>
              Show all {formatCount(shown.length)}
            </button>
          )}
        </div>
      )}
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
        // Keyed by sector: another sector starts again from its first rows.
        <SectorProducts key={selected} sector={selected} products={products} />
      )}
    </section>
  );
});
