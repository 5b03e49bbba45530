/**
 * What the service worker (./sw.ts) does with each kind of request, as pure functions the worker and the tests
 * share: which pages are kept for offline reading, which requests need a connection, the offline page a visitor
 * gets for a page never seen, and the texts. The strategies themselves (Workbox) and why: docs/offline.md.
 */
import { paths } from '@sbc/shared/src/paths';
import { REMOTE_ROUTES } from '@sbc/shared/src/route-manifest';
import { HOST_RUNTIME_ENTRY_FILE } from '@sbc/shared/src/host-runtime-entry';

/** Every cache the worker fills at run time; the precache is `sbc-precache-…` (Workbox, prefix below). */
export const CACHE_PREFIX = 'sbc';
export const CACHES = {
  /** Pages as they arrived (the server-rendered ones carry their data): network first, this copy offline. */
  pages: 'sbc-pages',
  /** The remotes' mf-manifest.json and remote entries (remoteEntry.js, HOST_RUNTIME_ENTRY_FILE) and the shell's /app-config.json: network first. */
  manifests: 'sbc-manifests',
  /** Content-hashed scripts and styles of the shell and the remotes: cache first (a new build has new names). */
  chunks: 'sbc-chunks',
  /** Images (the home gallery, product pictures): the cached copy at once, refreshed behind it. */
  images: 'sbc-images',
} as const;

/** Headers the worker adds to a kept page: when it was saved (ms) and its title, for the offline page's list. */
export const SAVED_AT_HEADER = 'X-SBC-Saved-At';
export const TITLE_HEADER = 'X-SBC-Title';

/**
 * The attribute the worker puts on <html> of a kept page it serves because the network failed, with the time the
 * copy was saved: the page then knows it is an offline copy even where the browser still says it is online (a
 * captive Wi-Fi, a dead mobile connection), and says so until a read reaches the database again.
 */
export const OFFLINE_COPY_ATTRIBUTE = 'data-sbc-offline-copy';

export function markOfflineCopy(html: string, savedAt: number): string {
  return html.replace(/<html\b/i, `<html ${OFFLINE_COPY_ATTRIBUTE}="${Math.trunc(savedAt)}"`);
}

/** The message a page sends the worker after a client-side navigation, so that page is kept too. */
export const PAGE_SEEN_MESSAGE = 'SBC_PAGE_SEEN';
/** A kept page younger than this is not fetched again when seen again (the render server keeps it that long too). */
export const PAGE_REFRESH_AFTER_MS = 60_000;
/** At most this many pages are kept; the oldest go first. */
export const MAX_KEPT_PAGES = 40;

/** webpack's `[contenthash:10]` names (webpack.config.base.js): safe to keep for good under their name. */
const CONTENT_HASHED = /\.[0-9a-f]{10}\.(js|css|svg|png|jpe?g|webp|gif|woff2?|ttf)$/;

export type RequestKind = 'page' | 'manifest' | 'chunk' | 'image' | null;

/** How the worker answers a request (null: not at all, the browser goes to the network as without a worker). */
export function requestKind(request: { method: string; mode: string; destination: string; url: string }, origin: string): RequestKind {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (request.mode === 'navigate') return url.origin === origin ? 'page' : null;
  const file = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (file === 'mf-manifest.json' || file === 'remoteEntry.js' || file === HOST_RUNTIME_ENTRY_FILE) return 'manifest';
  if (url.origin === origin && url.pathname === '/app-config.json') return 'manifest';
  if (request.destination === 'image') return 'image';
  if (CONTENT_HASHED.test(url.pathname) && (request.destination === 'script' || request.destination === 'style' || request.destination === '')) {
    return 'chunk';
  }
  return null;
}

/** Matches a react-router pattern ('/products/:slug') without react-router (the worker stays small). */
function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return want.length === have.length && want.every((segment, index) => segment.startsWith(':') || segment === have[index]);
}

/**
 * A page kept for offline reading: the public pages and the watchlist. Sign-in, registration and admin pages
 * are not (they are no use without a connection; admin pages are never kept on a visitor's device).
 */
export function isOfflinePage(pathname: string): boolean {
  const route = REMOTE_ROUTES.find((candidate) => matchesPattern(candidate.path, pathname));
  return route !== undefined && route.access !== 'admin' && route.access !== 'catalogue';
}

/** What a page that cannot work offline is about; null for the others. */
export type ConnectionNeed = 'signIn' | 'register' | 'admin';
export function connectionNeed(pathname: string): ConnectionNeed | null {
  if (pathname === paths.login) return 'signIn';
  if (pathname === paths.register) return 'register';
  if (pathname === paths.admin || pathname.startsWith(`${paths.admin}/`)) return 'admin';
  return null;
}

/** The notice of a page that needs a connection, in the offline page and on the page itself when offline. */
export const NEEDS_CONNECTION_TEXT: Record<ConnectionNeed, string> = {
  signIn: 'Signing in needs a connection. Connect to the internet and try again.',
  register: 'Creating an account needs a connection. Connect to the internet and try again.',
  admin: 'The admin pages need a connection. Connect to the internet and try again.',
};

export const OFFLINE_PAGE_TITLE = 'You are offline';
export const OFFLINE_PAGE_INTRO = 'This page has not been opened on this device yet, so it cannot be shown without a connection.';
/** A link to the page asked for, to try again once connected. */
export const OFFLINE_PAGE_RETRY = 'Try again';
export const OFFLINE_PAGE_LIST_TITLE = 'Available offline';
export const OFFLINE_PAGE_NONE = 'No page has been saved for offline reading yet. Pages you open while online are kept here.';

export interface KeptPage {
  url: string;
  title: string;
  savedAt: number;
}

/** The site's name is dropped from kept page titles in the list ('Energy products — SBC Tycoon' → 'Energy products'). */
function shortTitle(title: string, siteName: string): string {
  const stripped = title.replace(new RegExp(`\\s*[—|-]\\s*${siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*$`), '').trim();
  return stripped || title || siteName;
}

/** The list of the offline page: one entry per address, newest first, home first when kept. */
export function offlineList(pages: readonly KeptPage[], siteName: string): Array<{ href: string; label: string; savedAt: number }> {
  const byUrl = new Map<string, KeptPage>();
  for (const page of pages) {
    const known = byUrl.get(page.url);
    if (!known || known.savedAt < page.savedAt) byUrl.set(page.url, page);
  }
  return [...byUrl.values()]
    .sort((a, b) => Number(new URL(b.url).pathname === paths.home) - Number(new URL(a.url).pathname === paths.home) || b.savedAt - a.savedAt)
    .map((page) => {
      const url = new URL(page.url);
      return { href: `${url.pathname}${url.search}`, label: shortTitle(page.title, siteName), savedAt: page.savedAt };
    });
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page a visitor gets offline for a page never seen (never the browser's error): what happened, and links to
 * every kept page with the time of its figures. Plain HTML with the site's tokens inlined, so it needs nothing from
 * the network and no script.
 */
export function offlinePageHtml(options: {
  /** The page asked for ('/products?sector=energy'). */
  url: string;
  pages: readonly KeptPage[];
  siteName: string;
  tokensCss: string;
  formatTime: (at: number) => string;
}): string {
  const need = connectionNeed(new URL(options.url, 'http://offline.invalid').pathname);
  const list = offlineList(options.pages, options.siteName);
  const items = list
    .map((page) => `<li><a href="${escapeHtml(page.href)}">${escapeHtml(page.label)}</a> <span class="saved">figures from ${escapeHtml(options.formatTime(page.savedAt))}</span></li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b1d3a">
<title>${escapeHtml(OFFLINE_PAGE_TITLE)} — ${escapeHtml(options.siteName)}</title>
<style>${options.tokensCss.replace(/<\/style/gi, '<\\/style')}
body{margin:0;font-family:var(--sbc-font);background:var(--sbc-bg);color:var(--sbc-text);line-height:1.5}
header{background:var(--sbc-navy);color:var(--sbc-on-navy);padding:var(--sbc-space-3) var(--sbc-space-4);font-weight:700}
main{max-width:40rem;margin:0 auto;padding:var(--sbc-space-5) var(--sbc-space-4)}
h1{color:var(--sbc-heading);font-size:1.5rem;margin:0 0 var(--sbc-space-3)}
h2{color:var(--sbc-heading);font-size:var(--sbc-text-lg);margin:var(--sbc-space-5) 0 var(--sbc-space-2)}
.notice{background:var(--sbc-warn-bg);border:1px solid var(--sbc-warn-border);border-radius:var(--sbc-radius-sm);padding:var(--sbc-space-3)}
ul{padding:0;list-style:none;margin:0}
li{padding:var(--sbc-space-2) 0;border-bottom:1px solid var(--sbc-border)}
a{color:var(--sbc-link);font-weight:600}
a:focus-visible{outline:var(--sbc-focus-ring);outline-offset:2px}
.saved{color:var(--sbc-muted);font-size:var(--sbc-text-sm);white-space:nowrap}
</style>
</head>
<body>
<header>${escapeHtml(options.siteName)}</header>
<main>
<h1>${escapeHtml(OFFLINE_PAGE_TITLE)}</h1>
<p class="notice">${escapeHtml(need ? NEEDS_CONNECTION_TEXT[need] : OFFLINE_PAGE_INTRO)}</p>
<p><a href="${escapeHtml(options.url)}">${escapeHtml(OFFLINE_PAGE_RETRY)}</a></p>
<h2>${escapeHtml(OFFLINE_PAGE_LIST_TITLE)}</h2>
${items ? `<ul>${items}</ul>` : `<p>${escapeHtml(OFFLINE_PAGE_NONE)}</p>`}
</main>
</body>
</html>`;
}

/** The page's <title> text, for the offline list. */
export function htmlTitle(html: string): string {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return match ? match[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').trim() : '';
}

/** The images a kept page shows (the home gallery is lazy: kept at once so that it is there offline too). */
export function pageImages(html: string, base: string, limit = 24): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)) {
    const src = match[1].replace(/&amp;/g, '&');
    if (src.startsWith('data:')) continue;
    try {
      found.add(new URL(src, base).href);
    } catch {
      // Not an address: nothing to keep.
    }
    if (found.size >= limit) break;
  }
  return [...found];
}
