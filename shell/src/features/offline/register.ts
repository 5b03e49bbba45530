/**
 * Registers the service worker (workbox-window), loaded as a lazy chunk after the page is interactive
 * (./start-offline-support.ts). A new version of the worker (a new shell deploy) waits until the visitor
 * chooses "Reload" in the update prompt: the page is never switched to a new shell mid-read.
 */
import { Workbox } from 'workbox-window';
import { hasActiveWorker, isOffline, keepPagesSeenBeforeWorker, noteActiveWorker, offerUpdate } from './offline-state';

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
  // A page whose document did not pass through a worker (the first visit, or a page opened while the first worker
  // installed) is kept once a worker is active, with what it loaded: the remote's manifest and chunks, the images.
  // Workbox's CACHE_URLS message has the worker fetch them through its own routes, so the page also opens offline; and
  // the pages the tab showed before the worker came are kept with it. Once the worker is active, not once it controls
  // the page: the first worker claims the open pages, but a page that loaded while it activated may never be claimed
  // (Chromium, seen in the offline journey), and that page and the pages opened in it must be kept all the same.
  const loadedWithoutWorker = !loadedThroughWorker();
  const keepThisPage = () => {
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: loaded } }).catch(() => {});
    keepPagesSeenBeforeWorker(`${window.location.pathname}${window.location.search}`);
  };
  // A browser may refuse service workers (private windows, a policy, an automated browser that blocks them): the
  // site then works as before, without offline copies. Worth a warning for whoever debugs, not an error.
  void workbox
    .register()
    .then(async () => {
      const { active } = await navigator.serviceWorker.ready;
      noteActiveWorker(active);
      // A page that came through the worker is kept already; pages an earlier page of this tab showed before the
      // worker came (it left before the worker was active) are kept now.
      if (loadedWithoutWorker) keepThisPage();
      else keepPagesSeenBeforeWorker();
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
  if (!isOffline() || !hasActiveWorker()) return;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.hash)) return;
  event.preventDefault();
  event.stopPropagation();
  window.location.assign(url.href);
}
