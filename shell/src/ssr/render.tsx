/**
 * The render server (shell/webpack.server.js → shell/dist-server/render.js): answers a public route with the
 * shell's index.html holding the rendered page — the shell's layout (header, skip link) around the
 * public-site remote's page, its styles, its metadata and the data it was rendered from, which the browser
 * replays before it hydrates (./hydrate.tsx). The same module runs behind `npm start`
 * (local-backend/src/static-server) and in production (functions/src/render-page.ts).
 *
 * Failure policy: a render that fails or takes longer than `timeoutMs` is logged and answered with the
 * plain index.html, today's client-rendered page — never a 500, never a blank page.
 *
 * Reads stay bounded per market period (./market-period.ts): a rendered page is kept per URL, and every
 * Firestore read is shared by all renders of the period, so N visitors cost about one render's reads.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { enableStaticRendering } from 'mobx-react-lite';
import {
  escapeHtml,
  interceptReads,
  PageMetaCollectorContext,
  pageMetaHtml,
  recordingGateway,
  RenderClockContext,
  RootStore,
  serializeState,
  SSR_STATE_ELEMENT_ID,
  StoreProvider,
  THEME_STORAGE_KEY,
  type PublicReadGateway,
  type PageMetaCollector,
  type RuntimeConfig,
  type SsrState,
} from '@sbc/shared';
import { createServerReadGateway, serverRenderReads } from '../../../shared/src/ssr/server-gateway';
import { AppContent } from '../app/App';
import { provideRemotePage } from '../remotes/RemotePage';
import { createRemoteServerLoader, type PublicSiteServerModule } from './remote-loader';
import { createReleaseServerLoader, renderRelease, type RenderRelease } from './remote-release';
import { RELEASE_CHECK_MS } from './release-check';
import { periodCacheControl, periodRemainingMs, RENDER_CACHE_MAX_SECONDS } from './market-period';
import { redirectTarget, remoteModuleId, serverRenderedPage } from './public-routes';
import { earlyInputScriptHtml } from './early-input';
import { inlineRuntimeConfigHtml } from './inline-config';
import { createManifestReader, preloadLinksHtml, remotePreloads } from './preload-hints';
import { createStylesheetReader, type PageStylesheet, pageStylesHtml } from './page-styles';
import { THEME_TOGGLE_SELECTOR } from '../features/layout/theme-toggle-selector';

// Observer components render once and never subscribe on the server.
enableStaticRendering(true);

export interface RendererOptions {
  /** The shell's built index.html. */
  template: string;
  config: RuntimeConfig;
  /** A render (remote download, reads, React) slower than this falls back to the client page. */
  timeoutMs?: number;
  /** Upper bound of the page and read caches, in seconds (see market-period.ts). */
  cacheMaxSeconds?: number;
  /** How long the release named by the remote's root manifest is taken as current before it is asked again (RELEASE_CHECK_MS). */
  releaseCheckMs?: number;
  /** Where the public-site Node build lives (tests); by default, the current release's (./remote-release.ts). */
  remoteServerUrl?: string;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  fetchImpl?: typeof fetch;
  /** The Firestore reads (tests inject their own); defaults to the runtime config's project. The public reads only: a render is signed out. */
  gateway?: PublicReadGateway;
}

export interface RenderedPage {
  status: number;
  html: string;
  headers: Record<string, string>;
  /** 'render' a fresh render, 'cache' the period's copy, 'fallback' the client-rendered page, 'redirect' an old address. */
  source: 'render' | 'cache' | 'fallback' | 'redirect';
}

/** A rendered page and the release it names (the manifest URL its browser loads the remote by). */
interface ReleasedPage {
  page: RenderedPage;
  releaseUrl: string;
}

export interface PageRenderer {
  /** True for the routes that are server-rendered (the public pages) and the old addresses that redirect. */
  handles(url: string): boolean;
  /** Never throws: a failure is logged and gives the client-rendered page. */
  render(url: string, origin: string): Promise<RenderedPage>;
  /**
   * Forgets every kept page and read, as the end of a market period does: the next visitor gets a page rendered
   * from the database. For a market update that does not land on the period's boundary, which the game's do (every
   * 30 minutes on the clock) but the local stack's `npm run market:advance` does not (local-backend/src/static-server).
   */
  purge(): void;
}

const DEFAULT_TIMEOUT_MS = 3000;
/** Says how a page was produced (render, cache, fallback, redirect): for tests, logs and anyone reading the headers. */
export const RENDER_HEADER = 'X-Render';
/**
 * How long a browser or CDN keeps an old address's redirect. Not forever (a 301 without it may be kept for good):
 * a shell rolled back to before the move would not route the new address.
 */
const REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

/**
 * The answer to an old address (ROUTE_REDIRECTS): a permanent redirect to where the page lives now, its query
 * string kept, with a link for a client that does not follow it. Only GET and HEAD reach the render server.
 */
function redirectTo(location: string): RenderedPage {
  const href = escapeHtml(location);
  return {
    status: 301,
    html: `<!doctype html><html lang="en"><title>Moved</title><p>This page has moved to <a href="${href}">${href}</a>.</p></html>`,
    headers: { Location: location, 'Cache-Control': REDIRECT_CACHE_CONTROL, 'Content-Type': 'text/html; charset=utf-8', [RENDER_HEADER]: 'redirect' },
    source: 'redirect',
  };
}

export function createPageRenderer(options: RendererOptions): PageRenderer {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxSeconds = options.cacheMaxSeconds ?? RENDER_CACHE_MAX_SECONDS;
  const fixedRemote = options.remoteServerUrl ? createRemoteServerLoader(options.remoteServerUrl, options.fetchImpl) : null;
  const loadRelease = createReleaseServerLoader(options.fetchImpl);
  const loadRemote = (release: RenderRelease, signal: AbortSignal) => (fixedRemote ? fixedRemote(signal) : loadRelease(release, signal));
  const readManifestNow = createManifestReader(options.config.remotes.publicSite, options.fetchImpl, log);
  const releaseCheckMs = options.releaseCheckMs ?? RELEASE_CHECK_MS;
  // A render reads the manifest (revalidated, ETag) every time, as renders are few (one per URL and period); a page
  // sent from the cache asks at most once per RELEASE_CHECK_MS, and takes a render's more recent answer.
  let manifestRead: { at: number; manifest: Promise<unknown> } | null = null;
  const readManifest = (): Promise<unknown> => {
    // Not tied to one render's abort signal, as other requests share the answer; it never rejects (the last good copy).
    manifestRead = { at: now(), manifest: readManifestNow() };
    return manifestRead.manifest;
  };
  /** The manifest URL of the release a page rendered now would name (./remote-release.ts). */
  const currentReleaseUrl = async () => {
    const recent = manifestRead && now() - manifestRead.at < releaseCheckMs ? manifestRead.manifest : readManifest();
    return renderRelease(options.config.remotes.publicSite, await recent).manifestUrl;
  };
  const readStylesheets = createStylesheetReader(options.fetchImpl);
  const reads = options.gateway ?? createServerReadGateway(options.config).gateway;

  // One answer per read per period, shared by every render (a failed read is not kept).
  const readCache = new Map<string, { expires: number; value: Promise<unknown> }>();
  const periodReads = interceptReads(reads, (key, run) => {
    const t = now();
    const cached = readCache.get(key);
    if (cached && cached.expires > t) return cached.value;
    const value = run();
    readCache.set(key, { expires: t + periodRemainingMs(t, maxSeconds), value });
    value.catch(() => readCache.delete(key));
    return value;
  });
  // The planner's suggestions are ranked from this period cache's products and materials, not read again per budget.
  const renderReads = serverRenderReads(periodReads);

  // One page per URL per period and release; concurrent first requests share one render.
  const pageCache = new Map<string, { expires: number; page: Promise<ReleasedPage> }>();

  const fallback = (): RenderedPage => ({
    status: 200,
    html: options.template,
    headers: { 'Cache-Control': 'no-cache', 'Content-Type': 'text/html; charset=utf-8', [RENDER_HEADER]: 'fallback' },
    source: 'fallback',
  });

  async function renderFresh(url: string, origin: string, signal: AbortSignal): Promise<ReleasedPage> {
    const page = serverRenderedPage(new URL(url, origin).pathname);
    if (!page) throw new Error(`${url} is not a server-rendered route`);
    // The release the page is rendered with is the one its browser loads (./remote-release.ts).
    const manifest = await readManifest();
    const release = renderRelease(options.config.remotes.publicSite, manifest);
    const remote: PublicSiteServerModule = await loadRemote(release, signal);
    const recorder = recordingGateway(renderReads);
    const store = new RootStore(recorder.gateway, { storage: null });
    try {
      const [{ status }] = await Promise.all([remote.preparePage(store, url), store.game.loadDate()]);
      const id = remoteModuleId(page);
      provideRemotePage(id, { default: remote.pages[page] });
      const collector: PageMetaCollector = { config: null };
      const renderedAt = now();
      const { prelude } = await prerenderToNodeStream(
        <StrictMode>
          <PageMetaCollectorContext.Provider value={collector}>
            <RenderClockContext.Provider value={{ renderedAt }}>
              <StoreProvider store={store}>
                <StaticRouter location={url}>
                  <AppContent />
                </StaticRouter>
              </StoreProvider>
            </RenderClockContext.Provider>
          </PageMetaCollectorContext.Provider>
        </StrictMode>,
        // React outlines a completed Suspense boundary larger than the chunk size (about 12 KB of HTML) and
        // reveals it with a script after the fallback has painted: the page's footer then jumped down (CLS 0.18
        // on /products). The whole page is ready when a prerender returns, so nothing is outlined.
        { signal, progressiveChunkSize: Number.MAX_SAFE_INTEGER },
      );
      let body = '';
      for await (const chunk of prelude) body += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      if (!collector.config) throw new Error(`${url}: the page set no metadata`);
      const state: SsrState = { url, page: id, snapshot: recorder.calls(), renderedAt };
      const preloads = remotePreloads(options.config.remotes.publicSite, manifest, [page, 'prepare']);
      // The page's stylesheets inline (./page-styles.ts); a sheet that cannot be read gives the remote's whole CSS.
      let sheets: PageStylesheet[] = [];
      try {
        sheets = await readStylesheets(preloads.styles, signal);
      } catch (error) {
        log(`[render] ${url}: the page's stylesheets could not be read, the page carries the remote's whole CSS`, error);
      }
      const rendered: RenderedPage = {
        status,
        html: fillTemplate(options.template, {
          body,
          meta: pageMetaHtml(collector.config, { origin, pathname: new URL(url, origin).pathname }),
          // The shell's own styles are in the template already (webpack.config.base.js, BootPreloadPlugin).
          styles: pageStylesHtml(sheets, () => remote.css()),
          state,
          boot: [
            earlyInputScriptHtml({ rootId: 'root', themeStorageKey: THEME_STORAGE_KEY, themeToggleSelector: THEME_TOGGLE_SELECTOR }),
            inlineRuntimeConfigHtml({ ...options.config, remotes: { ...options.config.remotes, publicSite: release.manifestUrl } }),
            // Inline, the page's stylesheets need no preload; a sheet that could not be read is preloaded as before.
            preloadLinksHtml(release.manifestUrl, { scripts: preloads.scripts, styles: sheets.length > 0 ? [] : preloads.styles }),
          ],
        }),
        // No Cache-Control here: the page may be sent again later in the period (`sent` below).
        headers: { 'Content-Type': 'text/html; charset=utf-8', [RENDER_HEADER]: 'render' },
        source: 'render',
      };
      return { page: rendered, releaseUrl: release.manifestUrl };
    } finally {
      store.dispose();
    }
  }

  async function renderWithTimeout(url: string, origin: string): Promise<ReleasedPage> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`rendering took longer than ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([renderFresh(url, origin, controller.signal), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A rendered page as it leaves the server, now: its Cache-Control counts down to the end of the market period from
   * the time it is SENT (the rule the open data API follows, @sbc/domain periodCacheControl). Kept with the page, the
   * header of its render would tell a CDN to keep a copy sent at 06:59:59 for the minutes the render had left, past
   * the market update of 07:00.
   */
  const sent = (page: RenderedPage, source: 'render' | 'cache'): RenderedPage => ({
    ...page,
    headers: { ...page.headers, 'Cache-Control': periodCacheControl(now(), maxSeconds), [RENDER_HEADER]: source },
    source,
  });

  async function render(url: string, origin: string): Promise<RenderedPage> {
    const moved = redirectTarget(url);
    if (moved !== null) return redirectTo(moved);
    const key = `${origin}${url}`;
    const t = now();
    const cached = pageCache.get(key);
    if (cached && cached.expires > t) {
      const [kept, current] = await Promise.all([cached.page.catch(() => null), currentReleaseUrl()]);
      // The render this request waited for failed (its owner logged it and dropped it): the client-rendered page.
      if (!kept) return fallback();
      if (kept.releaseUrl === current) return sent(kept.page, 'cache');
      // Another release is current (RELEASE_CHECK_MS): the page is rendered again, with it.
      if (pageCache.get(key) !== cached) return render(url, origin);
    }
    const rendering = renderWithTimeout(url, origin);
    pageCache.set(key, { expires: t + periodRemainingMs(t, maxSeconds), page: rendering });
    try {
      return sent((await rendering).page, 'render');
    } catch (error) {
      pageCache.delete(key);
      log(`[render] ${url}: server rendering failed, serving the client-rendered page`, error);
      return fallback();
    }
  }

  return {
    handles: (url) => redirectTarget(url) !== null || serverRenderedPage(new URL(url, 'http://render.invalid').pathname) !== null,
    render,
    purge() {
      pageCache.clear();
      readCache.clear();
      manifestRead = null;
    },
  };
}

/**
 * The index.html with the rendered page in #root and its title, metadata, styles (`<style>` elements,
 * ./page-styles.ts) and data in place. `boot` goes
 * into <head> before the title and every script of the template: the early-input recorder, the inline runtime
 * config and the remote's preload hints.
 */
export function fillTemplate(
  template: string,
  parts: { body: string; meta: { title: string; head: string }; styles: string; state: SsrState; boot?: string[] },
): string {
  const rootTag = '<div id="root"></div>';
  if (!template.includes(rootTag) || !/<title>[\s\S]*?<\/title>/.test(template) || !template.includes('</head>')) {
    throw new Error('index.html has no empty <div id="root">, no <title> or no </head>');
  }
  const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // The page's styles go last in <head>: after the shell's, which the template carries inline, so that the remote's
  // rules win over the shell's global ones of equal specificity, as in the browser (the remote inserts its styles last).
  return template
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => `${(parts.boot ?? []).join('')}<title>${escapeText(parts.meta.title)}</title>\n    ${parts.meta.head}`)
    .replace('</head>', () => `${parts.styles}</head>`)
    .replace(
      rootTag,
      () =>
        `<div id="root">${parts.body}</div>\n    <script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${serializeState(parts.state)}</script>`,
    );
}
