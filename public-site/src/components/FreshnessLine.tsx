import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useRenderClock, useRootStore } from '@sbc/shared';
import { freshnessText, latestMarketUpdate, marketFreshness, MARKET_UPDATE_MINUTES, STALE_AFTER_CYCLES } from '@sbc/domain';
import './ps-base.css';

/** How often the "12 min ago" text is recomputed: the finest unit shown is a minute. */
const TICK_MS = 30_000;

/**
 * The current time, every TICK_MS. While hydrating a server-rendered page it starts at the render's time (the
 * HTML may come from the render cache minutes earlier), so the first client render says what the HTML says; the
 * visitor's clock takes over right after.
 */
function useNow(): Date {
  const rendered = useRenderClock().now;
  const [now, setNow] = useState(() => rendered);
  useEffect(() => {
    setNow(new Date());
    const id = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * "Updated 12 min ago · next market update in 18 min" on every data page, from the `lastUpdated` of the game stats
 * document (gameParameters/gameStats, 1 read once per session; the home page reads it anyway), with a visible
 * "Stale" badge once the figures are older than two market cycles. Every market update writes that stamp, and the
 * market clock (@sbc/shared) reads it to notice the update, so the line restarts with each update the page follows.
 * Only when that document carries no stamp, the newest of the market stat rows already loaded (the dashboards load
 * them; 0 extra reads). The rows are not read (nor watched) otherwise: on a page that does not show them, a market
 * update would re-read every row for a stamp the game stats already give. Loading every stat row here instead would
 * cost the detail pages S reads each.
 */
export const FreshnessLine = observer(function FreshnessLine() {
  const { market, game } = useRootStore();
  const now = useNow();
  useEffect(() => {
    if (game.statsState === 'idle') void game.loadStats();
  }, [game]);

  const stamp = game.stats?.lastUpdated;
  const updatedAt = stamp ? latestMarketUpdate([{ lastUpdated: stamp }]) : latestMarketUpdate(market.statRows);
  if (updatedAt === null) {
    if (game.statsState === 'idle' || game.statsState === 'loading') return null;
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
