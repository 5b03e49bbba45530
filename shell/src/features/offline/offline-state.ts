/**
 * The page's side of offline reading, small enough for the first visit: whether the browser is online, when the
 * figures on screen were read, the update the service worker offers, and starting the worker once the page is
 * interactive (the registration code itself is a lazy chunk, ./register.ts).
 */
import { useSyncExternalStore } from 'react';
import { interceptReads, type DataGateway } from '@sbc/shared';
import { OFFLINE_COPY_ATTRIBUTE, PAGE_SEEN_MESSAGE } from './sw-policy';
import { offlineBannerText } from './offline-text';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};
function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

let updateOffer: (() => void) | null = null;
const copyMark = typeof document !== 'undefined' ? document.documentElement.getAttribute(OFFLINE_COPY_ATTRIBUTE) : null;
/**
 * The page is a kept copy the service worker served because the network failed (it marks <html> with the time the
 * copy was saved): offline, whatever navigator.onLine says, until a read reaches the database.
 */
let offlineCopy = copyMark !== null;
/** When the figures on screen were read: the kept copy's save time until the page knows better. */
let figuresAt: number | null = copyMark ? Number(copyMark) || null : null;

/** The figures on screen are the ones read at `at` (ms): a server render's time, or a kept copy's. */
export function noteFiguresShown(at: number): void {
  figuresAt = at;
  notify();
}

/** A read reached the database: the figures are from now, and the page is online. */
function noteDatabaseRead(): void {
  figuresAt = Date.now();
  offlineCopy = false;
  notify();
}

/**
 * The gateway, noting the time of every read that brought figures from the database (for "figures from 14:30", and
 * the end of the offline state). A read that rejects brought none; nor does one that answers `undefined`: that is
 * the game statistics' answer to a failed read (SPEC section 8, shared/src/data/game.ts), which does not reject. Taking it for
 * an answer ended the banner of a signed-in player's kept page 10 s after it opened offline, at its first reconnect
 * check (a guest's check rejected instead: Firebase, never downloaded, could not be), while the figures were old.
 */
export function noteReads(gateway: DataGateway): DataGateway {
  return interceptReads(gateway, async (_key, run) => {
    const value = await run();
    if (value !== undefined) noteDatabaseRead();
    return value;
  });
}

/** Offline: the browser says so, or the page is a kept copy served without a connection and nothing was read since. */
export function isOffline(): boolean {
  return !navigator.onLine || offlineCopy;
}

/** True while the page is a kept copy served offline and the browser claims a connection (then only a read can tell). */
export function isUnconfirmedOfflineCopy(): boolean {
  return offlineCopy && navigator.onLine;
}

/** The service worker has a new version waiting: `accept` switches to it and reloads (./register.ts). */
export function offerUpdate(accept: (() => void) | null): void {
  updateOffer = accept;
  notify();
}

/** Offline (isOffline); the server render and hydration count as online, so the markup matches the server's. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

export function useFiguresReadAt(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => figuresAt,
    () => null,
  );
}

export function useUpdateOffer(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => updateOffer,
    () => null,
  );
}

/**
 * A kept copy served offline whose page could not hydrate (the remote's files were never kept on this device): it
 * stays as the server rendered it, readable, with the banner written in, instead of being replaced by a page that
 * cannot load. Returns false when the page is not an offline copy (the caller then renders in the browser).
 */
export function keepOfflineCopyAsRendered(): boolean {
  if (!offlineCopy) return false;
  const banner = document.querySelector('.shell-offline-banner');
  if (banner) {
    const text = document.createElement('p');
    text.className = 'shell-offline-banner-text';
    text.textContent = offlineBannerText(figuresAt);
    banner.replaceChildren(text);
  }
  return true;
}

/**
 * Tells the worker the page now shown (a client-side navigation never reaches it as a page request), so that the
 * worker keeps a copy for offline reading. Nothing without a controlling worker.
 */
export function notePageSeen(url: string): void {
  if (isOffline()) return;
  navigator.serviceWorker?.controller?.postMessage({ type: PAGE_SEEN_MESSAGE, url });
}
