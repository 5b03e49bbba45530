import './offline.css';
import { useEffect } from 'react';
import { useRootStore } from '@sbc/shared';
import { isUnconfirmedOfflineCopy, useFiguresReadAt, useOffline } from '../offline-state';
import { offlineBannerText } from '../offline-text';

/** How often a kept copy served offline looks for the connection while the browser claims one (one read each). */
export const RECONNECT_CHECK_MS = 10_000;

/**
 * Under the header on every page: without a connection, "Offline — figures from 14:30", the time the figures on
 * screen were read (a kept page's render time, or the last read that reached the database). A polite live region,
 * always in the page and empty online. Back online, the market clock checks at once (one read), so a page whose
 * market moved meanwhile reads its figures again, and that read ends the offline state (and the banner).
 */
export function OfflineBanner() {
  const offline = useOffline();
  const figuresAt = useFiguresReadAt();
  const clock = useRootStore().marketClock;
  useEffect(() => {
    const check = () => void clock.checkNow();
    window.addEventListener('online', check);
    // A kept copy while the browser says it is online: only a read can tell when the connection is back.
    const timer = setInterval(() => {
      if (isUnconfirmedOfflineCopy()) check();
    }, RECONNECT_CHECK_MS);
    return () => {
      window.removeEventListener('online', check);
      clearInterval(timer);
    };
  }, [clock]);
  return (
    <div className="shell-offline-banner" role="status" aria-live="polite" aria-label="Connection">
      {offline && <p className="shell-offline-banner-text">{offlineBannerText(figuresAt)}</p>}
    </div>
  );
}
