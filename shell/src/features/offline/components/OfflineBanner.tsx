import './offline.css';
import { useEffect, useRef } from 'react';
import { useRootStore } from '@sbc/shared';
import { useFiguresReadAt, useOnline } from '../offline-state';
import { offlineBannerText } from '../offline-text';

/**
 * Under the header on every page: without a connection, "Offline — figures from 14:30", the time the figures on
 * screen were read (a kept page's render time, or the last read that reached the database). A polite live region,
 * always in the page and empty online. Back online, the market clock checks at once, so a page whose market moved
 * meanwhile reads its figures again (and the banner is gone).
 */
export function OfflineBanner() {
  const online = useOnline();
  const figuresAt = useFiguresReadAt();
  const clock = useRootStore().marketClock;
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      void clock.checkNow();
    }
  }, [online, clock]);
  return (
    <div className="shell-offline-banner" role="status" aria-live="polite" aria-label="Connection">
      {!online && <p className="shell-offline-banner-text">{offlineBannerText(figuresAt)}</p>}
    </div>
  );
}
