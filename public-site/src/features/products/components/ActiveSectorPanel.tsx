import { useCallback, } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore, type SectorRows } from '@sbc/shared';
import { FIRST_VIEW_ROWS, SHOW_MORE_ROWS, slugify, type Product } from '@sbc/domain';
import { FirstRowsToolbar } from '../../../components/table/FirstRowsToolbar';
import { ShowMoreRows } from '../../../components/table/ShowMoreRows';
import { useFirstRowsThenAll } from '../../../hooks/use-first-rows-then-all';
import { useTableUrlState } from '../../../hooks/use-table-url-state';
import { StateMessage } from '../../../components/StateMessage';
import { HydrateApart } from '../../../components/HydrateApart';
import { formatCount } from '@sbc/domain';
import { useResponsiveLayout } from '../../../hooks/use-responsive-layout';
import { SectorProductCards } from './SectorProductCards';
import { SECTOR_PRODUCT_COLUMNS, SectorProductsTable } from './SectorProductsTable';

const productText = (p: Product) => `${p.name} ${p.slug} ${p.type}`;

const SECTOR_LOAD_FAILED = 'The products of this sector could not be loaded. Try Refresh.';

/**
 * The sector's products with filter, sort (URL) and CSV export; the table on wide screens, cards on phones.
 *
 * The page shows FIRST_VIEW_ROWS rows at first, and "Show more" adds SHOW_MORE_ROWS (a row carries two SVG sparklines and
 * the table is re-laid out as a whole, so rendering is windowed). What the store knows may be only the sector's
 * first page (`rows.complete` false: issue 36, what the server rendered and embedded); the whole sector is read when
 * the page first needs it: a sort, a filter, the CSV export or more rows, each of which acts on every product of the
 * sector. Meanwhile the first page stays shown, busy, and the control's effect lands once the rest has arrived (a
 * control used before hydration is replayed into the same path: docs/first-paint.md).
 */
const SectorProducts = observer(function SectorProducts({ sector, rows: known, loadAll }: { sector: string; rows: SectorRows; loadAll: () => void }) {
  const layout = useResponsiveLayout();
  const table = useTableUrlState({ sortKey: null, direction: 'asc' });
  const { products, total, complete } = known;
  const filename = `${slugify(sector) || 'sector'}-products.csv`;
  const firstRows = useFirstRowsThenAll({
    list: { items: products, total, complete },
    columns: SECTOR_PRODUCT_COLUMNS,
    table,
    textOf: productText,
    firstRows: FIRST_VIEW_ROWS,
    filename,
    loadAll,
    cardSelector: '.ps-product-card',
  });
  const { rows, matching, waiting, itemsRef, showMore } = firstRows;

  return (
    <>
      <FirstRowsToolbar
        label="Filter products"
        table={table}
        columns={SECTOR_PRODUCT_COLUMNS}
        filename={filename}
        total={total}
        firstRows={firstRows}
        loadFailed={known.wholeState === 'error'}
        layout={layout}
      />
      {waiting && known.wholeState === 'error' && <StateMessage kind="error">{SECTOR_LOAD_FAILED}</StateMessage>}
      {complete && matching === 0 && <StateMessage kind="empty">No product matches “{table.query}”.</StateMessage>}
      <div className="ps-active-sector__items" hidden={complete && matching === 0} aria-busy={waiting || undefined} ref={itemsRef}>
        {layout !== 'narrow' && <HydrateApart component={SectorProductsTable} props={{ sector, products: rows, table }} />}
        {layout !== 'wide' && <HydrateApart component={SectorProductCards} props={{ sector, products: rows }} />}
      </div>
      <ShowMoreRows shown={rows.length} matching={matching} pageSize={SHOW_MORE_ROWS} noun="products" onShowMore={showMore} />
    </>
  );
});

/** The selected sector's products, with Refresh (everything on the dashboard) and Clear (the selection). */
export const ActiveSectorPanel = observer(function ActiveSectorPanel({ selected, onClear }: { selected: string | null; onClear: () => void }) {
  const { market } = useRootStore();
  const rows = selected === null ? null : market.sectorRows(selected);
  const products = rows?.products ?? [];
  const state = rows?.state ?? 'idle';
  const waiting = products.length === 0 && (state === 'idle' || state === 'loading');
  const loadAll = useCallback(() => {
    if (selected !== null) void market.loadCategory(selected);
  }, [market, selected]);

  return (
    <section className="ps-active-sector ps-card" aria-labelledby="ps-active-sector-title">
      <div className="ps-active-sector__head">
        <div>
          <h2 id="ps-active-sector-title" tabIndex={-1}>Active Sector</h2>
          <p className="ps-active-sector__name">
            {selected ?? 'None'}
            {rows !== null && !waiting && <span className="ps-hint"> · {formatCount(rows.total)} products</span>}
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
      {selected === null || rows === null ? (
        <StateMessage kind="empty">Select a sector from the heatmap to view tradable products.</StateMessage>
      ) : waiting ? (
        <StateMessage kind="loading">Loading products…</StateMessage>
      ) : products.length === 0 && state === 'error' ? (
        <StateMessage kind="error">{SECTOR_LOAD_FAILED}</StateMessage>
      ) : products.length === 0 ? (
        <StateMessage kind="empty">No products currently trading in this sector.</StateMessage>
      ) : (
        // Keyed by sector: another sector starts again from its first rows.
        <SectorProducts key={selected} sector={selected} rows={rows} loadAll={loadAll} />
      )}
    </section>
  );
});
