/**
 * Registers the service worker (workbox-window), loaded as a lazy chunk after the page is interactive
 * (./start-offline-support.ts). A new version of the worker (a new shell deploy) waits until the visitor
 * chooses "Reload" in the update prompt: the page is never switched to a new shell mid-read.
 */
import { Workbox } from 'workbox-window';
import { isOffline, notePageSeen, offerUpdate } from './offline-state';

export const SERVICE_WORKER_URL = '/sw.js';

export const REGISTRATION_REFUSED = '[offline] the browser did not start the service worker: pages are not kept for offline reading';

export function registerServiceWorker(): void {
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    offerUpdate(() => {
      // Reload once the new worker controls the page, so the page and the worker are of the same shell.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  // The first worker takes the page when it activates (sw.ts claims it). What this page loaded before then did not
  // pass through it: the remote's manifest and chunks, the images. Workbox's CACHE_URLS message has the worker fetch
  // them through its own routes, so this first page also opens offline; and the page itself is kept.
  let kept = false;
  const keepThisPage = () => {
    if (kept) return;
    kept = true;
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: loaded } }).catch(() => {});
    notePageSeen(`${window.location.pathname}${window.location.search}`);
  };
  workbox.addEventListener('controlling', (event) => {
    if (!event.isUpdate) keepThisPage();
  });
  // A page that loaded while the first worker was still installing (opened a second after the first page) can be
  // taken by it before this runs: no 'controlling' event reaches it then, and a visitor who leaves it within
  // PageKeeper's 3 seconds would find it missing offline. It is kept as the first page is.
  const loadedWithoutWorker = !loadedThroughWorker();
  // A browser may refuse service workers (private windows, a policy, an automated browser that blocks them): the
  // site then works as before, without offline copies. Worth a warning for whoever debugs, not an error.
  void workbox
    .register()
    .then(() => {
      if (loadedWithoutWorker && navigator.serviceWorker.controller) keepThisPage();
    })
    .catch((error: unknown) => console.warn(REGISTRATION_REFUSED, error));
  document.addEventListener('click', followLinksOffline, true);
}

/** Whether this page's document came through a service worker (its navigation timing says when the worker started). */
function loadedThroughWorker(): boolean {
  // A browser without Navigation Timing level 2 (or a test's DOM) tells nothing: as if it came through one.
  if (typeof performance.getEntriesByType !== 'function') return true;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return (navigation?.workerStart ?? 0) > 0;
}

/**
 * Offline, a link of the site opens as a page load instead of a client-side route: the worker then answers with
 * the kept page, whose figures come with it, or with the offline page, instead of a page that cannot read its data.
 */
function followLinksOffline(event: MouseEvent): void {
  if (!isOffline() || !navigator.serviceWorker.controller) return;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.hash)) return;
  event.preventDefault();
  event.stopPropagation();
  window.location.assign(url.href);
}
