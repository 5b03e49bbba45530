import { useCallback, useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore, usePageMeta } from '@sbc/shared';
import { materialsTotals } from '@sbc/domain';
import { StateMessage } from '../../../components/StateMessage';
import { FreshnessLine } from '../../../components/FreshnessLine';
import { pageSeo } from '../../../lib/page-seo';
import { MaterialsTiles } from './MaterialsTiles';
import { StockLedger } from './StockLedger';
import '../../../components/ps-base.css';
import './materials.css';

/** /materials: totals and the Stock Ledger (its first rows until the page needs the whole ledger: issue 36). */
export const MaterialsPage = observer(function MaterialsPage() {
  const { market } = useRootStore();
  usePageMeta(
    pageSeo({
      title: 'Stock Ledger',
      description: 'Live stock and price movement of every base material on the SBC Tycoon market.',
    }),
  );

  // A server-rendered page arrives with the ledger's first view (page-data.ts, replayed before hydration). A page
  // opened in the browser reads the whole ledger instead: there the first view would cost as much (M reads: its
  // totals need every material), and the whole ledger is what a sort, a filter, the export or "Show more" needs.
  useEffect(() => {
    const { state } = market.ledgerRows();
    if (state === 'idle' || state === 'error') void market.loadMaterials();
  }, [market]);
  const loadAll = useCallback(() => void market.loadMaterials(), [market]);

  const rows = market.ledgerRows();
  const materials = rows.materials;
  const waiting = materials.length === 0 && (rows.state === 'idle' || rows.state === 'loading');
  // A list not loaded yet (or that failed with nothing cached) has no totals to show.
  const loaded = materials.length > 0 || rows.state === 'ready';

  return (
    <div className="ps-page ps-materials">
      <header className="ps-materials__head">
        <div>
          <p className="ps-eyebrow">Materials Market</p>
          <h1>Stock Ledger</h1>
          <p className="ps-hint">Every base material with its stock, unit price and movement since the previous update.</p>
          <FreshnessLine />
        </div>
        <button type="button" className="ps-btn ps-btn--primary" onClick={() => void market.refresh()} disabled={market.refreshing}>
          {market.refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </header>
      <MaterialsTiles totals={loaded ? (rows.totals ?? materialsTotals(materials)) : null} />
      {waiting ? (
        <StateMessage kind="loading">Loading materials…</StateMessage>
      ) : materials.length === 0 && rows.state === 'error' ? (
        <StateMessage kind="error">Materials could not be loaded. Try Refresh.</StateMessage>
      ) : materials.length === 0 ? (
        <StateMessage kind="empty">No materials are on the market right now.</StateMessage>
      ) : (
        <StockLedger rows={rows} loadAll={loadAll} />
      )}
    </div>
  );
});
