import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { notePageSeen } from '../offline-state';

/** Tells the service worker each page the visitor opens in the page (client-side), so it is kept for offline reading. */
export function PageKeeper() {
  const { pathname, search } = useLocation();
  useEffect(() => notePageSeen(`${pathname}${search}`), [pathname, search]);
  return null;
}
