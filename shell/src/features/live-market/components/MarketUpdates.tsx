import './market-updates.css';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';
import { notifyFiredAlerts } from '../alert-notifications';
import { marketUpdateText } from '../market-update-text';

/** How long the announcement stays on screen (a screen reader has read it by then; it is read once). */
export const ANNOUNCEMENT_MS = 10_000;

/**
 * On every page: starts the market clock in the browser (shared/src/stores/market-clock.ts; the server render never
 * runs effects) and, when the open page has followed a market update, says so in a polite live region, once,
 * without moving focus, with the watchlist alerts that fired; and notifies those alerts through the browser when the
 * visitor allowed it. The region is always in the page (empty), so that assistive technology hears what is put in.
 */
export const MarketUpdates = observer(function MarketUpdates() {
  const root = useRootStore();
  const clock = root.marketClock;
  useEffect(() => clock.start(), [clock]);

  const update = clock.lastUpdate;
  const [shown, setShown] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one announcement and one notification per update (its sequence); the watchlist's figures are read at that moment
  useEffect(() => {
    if (!update) return;
    setShown(update.sequence);
    notifyFiredAlerts(update.firedAlerts.map((entry) => ({ entry, figures: root.watchlist.figures.get(entry.id) ?? null })));
    const timer = setTimeout(() => setShown(null), ANNOUNCEMENT_MS);
    return () => clearTimeout(timer);
  }, [update?.sequence]);

  const fired = update ? update.firedAlerts.map((entry) => ({ entry, figures: root.watchlist.figures.get(entry.id) ?? null })) : [];
  return (
    <div className="shell-market-update" role="status" aria-live="polite" aria-atomic="true" aria-label="Market updates">
      {update && shown === update.sequence && (
        // Keyed by update: a new update is a new node, so it is announced even with the same words.
        <p key={update.sequence} className="shell-market-update-text shell-floating-card">
          {marketUpdateText(fired)}
        </p>
      )}
    </div>
  );
});
