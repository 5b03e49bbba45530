/**
 * The site's service worker (/sw.js, built by workbox-webpack-plugin's InjectManifest from this file: see
 * shell/webpack.config.js). Which request gets which strategy is ./sw-policy.ts; why, docs/offline.md.
 *
 * - Precache: only the shell's start-up files (the entry and the chunks it loads before the page hydrates), the
 *   list the build computes for the preload hints. Never a remote's code: the public site and the admin console
 *   deploy on their own, and admin code must not land on a visitor's device.
 * - Pages (navigations): network first. Online, the visitor always gets the current page and the current shell,
 *   with the figures of this market period; the copy kept is used only when the network fails. A server-rendered
 *   page carries the data it was rendered from (#sbc-ssr-state), so a kept page shows its figures offline without
 *   any Firestore request: this is how data is available offline (the Firestore REST calls are POSTs, which the
 *   Cache API cannot key, and replaying them would need a second copy of the store's rules here).
 * - Remote manifests (mf-manifest.json, remoteEntry.js) and /app-config.json: network first, so a remote's redeploy
 *   is picked up on the next navigation without a shell build; the kept copy offline.
 * - Content-hashed chunks (shell and remotes): cache first: a new build has new names, so a kept file is never stale.
 * - Images: stale-while-revalidate.
 * Firestore, Firebase Auth and the open data API are not handled: they go to the network as without a worker.
 */
import { setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { SITE_NAME } from '@sbc/domain';
import { formatFiguresTime } from './offline-text';
import {
  CACHE_PREFIX,
  CACHES,
  htmlTitle,
  isOfflinePage,
  markOfflineCopy,
  MAX_KEPT_PAGES,
  offlinePageHtml,
  PAGE_REFRESH_AFTER_MS,
  PAGE_SEEN_MESSAGE,
  pageImages,
  requestKind,
  SAVED_AT_HEADER,
  TITLE_HEADER,
  type KeptPage,
} from './sw-policy';

// The worker's global scope, typed here: the project's TypeScript library is the DOM's, not WebWorker's.
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  addEventListener(type: 'message', listener: (event: ExtendableEventLike & { data: unknown }) => void): void;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
}
declare const self: WorkerScope;
/** The design tokens (shared/src/ui/tokens.css), inlined by the build for the offline page. */
declare const __SBC_TOKENS_CSS__: string;

setCacheNameDetails({ prefix: CACHE_PREFIX, precache: 'precache', runtime: 'runtime' });
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const origin = self.location.origin;

/**
 * A page response with a new body and the headers of `from` plus `extra`; the body is text now, so the length and
 * encoding of the original (gzip over the network) no longer apply.
 */
function pageResponse(body: string, from: Response, extra: Record<string, string> = {}): Response {
  const headers = new Headers(from.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body, { status: from.status, statusText: from.statusText, headers });
}

/** A copy of a page response with the headers the offline list reads (the body is read once, here). */
async function keptCopy(response: Response): Promise<Response> {
  const body = await response.clone().text();
  void keepImages(body);
  return pageResponse(body, response, { [SAVED_AT_HEADER]: String(Date.now()), [TITLE_HEADER]: encodeURIComponent(htmlTitle(body)) });
}

/** The images a kept page shows, kept too (CORS when the server allows it: an opaque copy costs far more quota). */
async function keepImages(html: string): Promise<void> {
  const cache = await caches.open(CACHES.images);
  for (const url of pageImages(html, origin)) {
    if (await cache.match(url)) continue;
    const response = await fetch(url, { mode: 'cors' }).catch(() => fetch(url, { mode: 'no-cors' })).catch(() => null);
    if (response && (response.ok || response.type === 'opaque')) await cache.put(url, response);
  }
}

const isHtml = (response: Response) => (response.headers.get('Content-Type') ?? '').includes('text/html');

/** The pages kept for offline reading, for the offline page's list. */
async function keptPages(): Promise<KeptPage[]> {
  const cache = await caches.open(CACHES.pages);
  const pages: KeptPage[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    pages.push({
      url: request.url,
      title: decodeURIComponent(response.headers.get(TITLE_HEADER) ?? ''),
      savedAt: Number(response.headers.get(SAVED_AT_HEADER) ?? 0),
    });
  }
  return pages;
}

async function offlinePage(url: URL): Promise<Response> {
  const html = offlinePageHtml({
    url: `${url.pathname}${url.search}`,
    pages: await keptPages(),
    siteName: SITE_NAME,
    tokensCss: __SBC_TOKENS_CSS__,
    formatTime: formatFiguresTime,
  });
  return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

const pagesStrategy = new NetworkFirst({
  cacheName: CACHES.pages,
  plugins: [
    {
      // "Network first" must mean the server: a rendered page's Cache-Control lets a cache serve it up to a minute
      // stale while it revalidates (stale-while-revalidate, meant for the CDN), and the browser's HTTP cache honours
      // that too. Without this, a page opened again without a connection within that minute came from the HTTP cache
      // as if online: the previous period's figures, unmarked, so no offline banner. Workbox passes no fetch options
      // for navigations, so the request itself asks to revalidate (a navigation's request with options becomes a
      // same-origin one, redirect mode kept); a browser that refuses to build it fetches the original request.
      requestWillFetch: async ({ request }) => {
        try {
          return new Request(request, { cache: 'no-cache' });
        } catch {
          return request;
        }
      },
      // Only pages worth reading offline, as they arrived complete (a 200 page of HTML), with their save time.
      cacheWillUpdate: async ({ request, response }) => {
        if (response.status !== 200 || !isHtml(response) || !isOfflinePage(new URL(request.url).pathname)) return null;
        return keptCopy(response);
      },
      // The network failed and the kept copy answers: marked, so the page says it is offline (OFFLINE_COPY_ATTRIBUTE).
      cachedResponseWillBeUsed: async ({ cachedResponse }) => {
        if (!cachedResponse) return null;
        const savedAt = Number(cachedResponse.headers.get(SAVED_AT_HEADER) ?? 0);
        return pageResponse(markOfflineCopy(await cachedResponse.text(), savedAt), cachedResponse);
      },
      // Neither the network nor a kept copy: the offline page, never the browser's error.
      handlerDidError: async ({ request }) => offlinePage(new URL(request.url)),
    },
    new ExpirationPlugin({ maxEntries: MAX_KEPT_PAGES, purgeOnQuotaError: true }),
  ],
});

registerRoute(({ request }) => requestKind(request, origin) === 'page', pagesStrategy);
registerRoute(
  ({ request }) => requestKind(request, origin) === 'manifest',
  // Status 0: remoteEntry.js comes through a <script> tag of another origin, without CORS.
  new NetworkFirst({ cacheName: CACHES.manifests, plugins: [new CacheableResponsePlugin({ statuses: [0, 200] })] }),
);
registerRoute(
  ({ request }) => requestKind(request, origin) === 'chunk',
  new CacheFirst({
    cacheName: CACHES.chunks,
    // Status 0: a script loaded by a <script> tag of another origin without CORS arrives opaque.
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  ({ request }) => requestKind(request, origin) === 'image',
  new StaleWhileRevalidate({
    cacheName: CACHES.images,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })],
  }),
);

/**
 * A page shown by a client-side navigation never went through the worker as a navigation: the page tells the
 * worker, which fetches it (the render server answers from its period cache) and keeps it, unless a fresh copy is
 * kept already.
 */
async function keepSeenPage(href: string): Promise<void> {
  const url = new URL(href, origin);
  if (url.origin !== origin || !isOfflinePage(url.pathname)) return;
  const cache = await caches.open(CACHES.pages);
  const kept = await cache.match(url.href);
  if (kept && Date.now() - Number(kept.headers.get(SAVED_AT_HEADER) ?? 0) < PAGE_REFRESH_AFTER_MS) return;
  const response = await fetch(url.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } }).catch(() => null);
  if (response?.status !== 200 || !isHtml(response)) return;
  await cache.put(url.href, await keptCopy(response));
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; url?: string } | null;
  if (data?.type === PAGE_SEEN_MESSAGE && typeof data.url === 'string') event.waitUntil(keepSeenPage(data.url));
  // workbox-window's messageSkipWaiting(): the visitor chose "Reload" in the update prompt.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first worker takes the open page at once (it has nothing to replace); a new one waits for the visitor.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
