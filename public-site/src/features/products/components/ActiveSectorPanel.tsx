import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';
import { StateMessage } from '../../../components/StateMessage';
import { formatCount } from '../../../components/numbers';
import { useResponsiveLayout } from '../../../hooks/use-responsive-layout';
import { SectorProductCards } from './SectorProductCards';
import { SectorProductsTable } from './SectorProductsTable';

/** The selected sector's products, with Refresh (everything on the dashboard) and Clear (the selection). */
export const ActiveSectorPanel = observer(function ActiveSectorPanel({ selected, onClear }: { selected: string | null; onClear: () => void }) {
  const { market } = useRootStore();
  const products = selected === null ? [] : market.productsOfCategory(selected);
  const state = selected === null ? 'idle' : market.categoryState(selected);
  const waiting = products.length === 0 && (state === 'idle' || state === 'loading');
  const layout = useResponsiveLayout();

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
        <>
          {layout !== 'narrow' && <SectorProductsTable sector={selected} products={products} />}
          {layout !== 'wide' && <SectorProductCards sector={selected} products={products} />}
        </>
      )}
    </section>
  );
});
