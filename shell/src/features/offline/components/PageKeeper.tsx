import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { notePageSeen } from '../offline-state';

/**
 * How long the visitor stays on a page before it is kept. Keeping costs the visitor one download of the page's
 * HTML (the worker fetches it): a filter typed letter by letter changes the URL at every key, and only the page
 * the visitor settles on is worth that download.
 */
export const KEEP_AFTER_MS = 3000;

/** The visitor asked the browser to save data: pages are kept only as they load, never fetched again for it. */
const savesData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/** Tells the service worker each page the visitor opens in the page (client-side), so it is kept for offline reading. */
export function PageKeeper() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (savesData()) return undefined;
    const timer = setTimeout(() => notePageSeen(`${pathname}${search}`), KEEP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pathname, search]);
  return null;
}
