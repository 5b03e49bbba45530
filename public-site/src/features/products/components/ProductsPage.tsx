import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { paths, useRootStore, usePageMeta } from '@sbc/shared';
import { FreshnessLine } from '../../../components/FreshnessLine';
import { pageSeo } from '../../../lib/page-seo';
import { useSectorSelection } from '../hooks/use-sector-selection';
import { ActiveSectorPanel } from './ActiveSectorPanel';
import { SectorHeatmap } from './SectorHeatmap';
import '../../../components/ps-base.css';
import './products.css';

/** /products: the Market Monitor. Only the selected sector's products are loaded, its first page first. */
export const ProductsPage = observer(function ProductsPage() {
  const { market } = useRootStore();
  const { selected, select, clear, fallback } = useSectorSelection(market);
  usePageMeta(
    pageSeo({
      title: selected ? `${selected} · Market Monitor` : 'Market Monitor',
      description: 'Sector heatmap of the SBC Tycoon market: market cap, average prices, demand and price trends of every tradable product.',
    }),
  );

  useEffect(() => {
    void market.loadMarketStats();
  }, [market]);

  // The sector's first page (the whole sector comes when the panel first needs it: ActiveSectorPanel).
  useEffect(() => {
    if (selected !== null) void market.loadCategoryFirstPage(selected);
  }, [market, selected]);

  // Where the product list sits below the sectors (phones, tablets), choosing a sector moves focus to the list,
  // which scrolls it into view: otherwise the tap changes nothing the visitor can see.
  const selectAndShow = useCallback(
    (sector: string) => {
      select(sector);
      requestAnimationFrame(() => {
        const title = document.getElementById('ps-active-sector-title');
        if (!title) return;
        const { top } = title.getBoundingClientRect();
        if (top > window.innerHeight * 0.75 || top < 0) title.focus();
      });
    },
    [select],
  );

  return (
    <div className="ps-page ps-products">
      <header>
        <p className="ps-eyebrow">Market Monitor</p>
        <h1>Product Categories</h1>
        <p className="ps-hint">Tap a sector to drill into tradable assets.</p>
        <FreshnessLine />
        <p className="ps-products__links">
          <Link to={paths.profitability}>Profitability ranking: every product by production margin</Link>
        </p>
      </header>
      {fallback && (
        <p className="ps-notice" role="status">
          {fallback.kind === 'materials' ? (
            <>
              “{fallback.requested}” trades raw materials, listed on the <Link to={paths.materials}>Materials market</Link>
              {fallback.sector !== null && <>; showing {fallback.sector} products instead</>}.
            </>
          ) : (
            <>
              No sector is called “{fallback.requested}”{fallback.sector !== null && <>: showing {fallback.sector} instead</>}.
            </>
          )}
        </p>
      )}
      <div className="ps-products__layout">
        <SectorHeatmap groups={market.categoryGroups} state={market.statsState} selected={selected} onSelect={selectAndShow} />
        <ActiveSectorPanel selected={selected} onClear={clear} />
      </div>
    </div>
  );
});
