import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { freshnessText, latestMarketUpdate, marketFreshness, MARKET_UPDATE_MINUTES, STALE_AFTER_CYCLES, useRootStore } from '@sbc/shared';
import './ps-base.css';

/** How often the "12 min ago" text is recomputed: the finest unit shown is a minute. */
const TICK_MS = 30_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * "Updated 12 min ago · next market update in 18 min" on every data page, from the newest `lastUpdated` of the
 * market stats, with a visible "Stale" badge once the figures are older than two market cycles. Reads: the
 * stat rows S, or 0 when they are loaded or cached this session (dashboards load them anyway).
 */
export const FreshnessLine = observer(function FreshnessLine() {
  const { market } = useRootStore();
  const now = useNow();
  useEffect(() => {
    void market.loadMarketStats();
  }, [market]);

  const updatedAt = latestMarketUpdate(market.statRows);
  if (updatedAt === null) {
    if (market.statsState === 'idle' || market.statsState === 'loading') return null;
    return <p className="ps-freshness">Update time unknown · the market updates every {MARKET_UPDATE_MINUTES} min</p>;
  }
  const f = marketFreshness(updatedAt, now);
  return (
    <p className="ps-freshness" data-testid="freshness">
      <time dateTime={updatedAt.toISOString()} title={updatedAt.toUTCString()}>
        {freshnessText(f)}
      </time>
      {f.stale && (
        <span className="ps-badge ps-badge--warn" title={`Older than ${STALE_AFTER_CYCLES} market updates (${STALE_AFTER_CYCLES * MARKET_UPDATE_MINUTES} min)`}>
          Stale
        </span>
      )}
    </p>
  );
});
