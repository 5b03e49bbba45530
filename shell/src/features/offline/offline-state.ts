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
 * The site's active worker, told by ./register.ts once it is active. A worker keeps pages for any page of the site,
 * not only the pages it controls: a page that loaded while the first worker activated may never be controlled (the
 * worker claimed the tab before the page existed, seen in Chromium), and its pages must be kept all the same.
 */
let activeWorker: ServiceWorker | null = null;
export function noteActiveWorker(worker: ServiceWorker | null): void {
  activeWorker = worker;
}

/** A worker is there to keep pages and to answer page loads (it answers the site's page loads, controlled or not). */
export function hasActiveWorker(): boolean {
  return Boolean(navigator.serviceWorker?.controller ?? activeWorker);
}

/**
 * Tells the worker the page now shown (a client-side navigation never reaches it as a page request), so that the
 * worker keeps a copy for offline reading. Before any worker is active (the first visit, while the first worker
 * installs), the tab remembers the page instead, and the worker keeps it once it comes (keepPagesSeenBeforeWorker).
 */
export function notePageSeen(url: string): void {
  if (isOffline() || !navigator.serviceWorker) return;
  const worker = navigator.serviceWorker.controller ?? activeWorker;
  if (worker) worker.postMessage({ type: PAGE_SEEN_MESSAGE, url });
  else rememberUntilWorker(url);
}

/**
 * The tab came without a worker (its document did not pass through one: the first visit, or a page opened while the
 * first worker was still installing). The document is remembered as a page seen, as a worker would have kept it.
 */
export function notePageLoadedWithoutWorker(): void {
  if (navigator.serviceWorker && !navigator.serviceWorker.controller) notePageSeen(`${window.location.pathname}${window.location.search}`);
}

/**
 * A worker is now active for the tab: it keeps the pages the tab showed before it came, and `current`, each once.
 * Without this, a player who signed in and opened a product for a second on a first visit found it missing offline:
 * the first worker was still installing, and only the page shown when it took control was kept.
 */
export function keepPagesSeenBeforeWorker(current?: string): void {
  const pages = new Set(takeRememberedPages());
  if (current !== undefined) pages.add(current);
  for (const url of pages) notePageSeen(url);
}

/**
 * Where a tab remembers the pages it showed before a worker was active: sessionStorage, this tab's, so the list
 * survives the tab's page loads and goes with the tab. The most recent PAGES_REMEMBERED_BEFORE_WORKER only: a browser
 * that never starts a worker would otherwise grow the list for nothing.
 */
export const PAGES_BEFORE_WORKER_KEY = 'sbc-offline:pages-before-worker';
export const PAGES_REMEMBERED_BEFORE_WORKER = 10;

function rememberedPages(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PAGES_BEFORE_WORKER_KEY) ?? '[]');
    // Anything else (a corrupt or foreign value) is an empty list, and is replaced at the next write.
    return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string' && url.startsWith('/')) : [];
  } catch {
    return [];
  }
}

function rememberUntilWorker(url: string): void {
  const pages = [...rememberedPages().filter((page) => page !== url), url].slice(-PAGES_REMEMBERED_BEFORE_WORKER);
  try {
    sessionStorage.setItem(PAGES_BEFORE_WORKER_KEY, JSON.stringify(pages));
  } catch {
    // Storage refused (full, or blocked by a privacy setting): the page is not kept, as before this list existed.
  }
}

function takeRememberedPages(): string[] {
  const pages = rememberedPages();
  try {
    sessionStorage.removeItem(PAGES_BEFORE_WORKER_KEY);
  } catch {
    // Blocked storage held nothing either.
  }
  return pages;
}
