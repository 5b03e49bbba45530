/**
 * The remote's files a server-rendered page needs to hydrate, named in its <head> so that the browser fetches them
 * while it parses the HTML instead of one hop at a time (the shell's main script → the remote's mf-manifest.json
 * → its remoteEntry.js → the page's chunks): `<link rel="preload">` for the manifest, the remote entry and the
 * synchronous chunks of the exposed page and of `prepare`, read from the remote's own mf-manifest.json at render
 * time. A public-site redeploy therefore changes the hints with no shell build. The shell's own start-up files
 * are in its index.html already (BootPreloadPlugin, webpack.config.base.js).
 *
 * The manifest is revalidated with its ETag whenever a page is rendered (not on a cached page). Hints are an
 * optimisation: a manifest that cannot be read gives none, and the page renders as before.
 */
import { hostRuntimeEntryFor } from '@sbc/shared/src/host-runtime-entry';

/** The part of an mf-manifest.json (Module Federation 2) the hints read. */
interface ManifestShape {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown }; publicPath?: unknown };
  exposes?: Array<{ name?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }>;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * The URLs to preload for `exposed` modules (names as in the manifest: 'ProductsPage', 'prepare'), in the order
 * the browser needs them; empty when the manifest is not one it understands.
 */
export function remotePreloads(manifestUrl: string, manifest: unknown, exposed: readonly string[]): { scripts: string[]; styles: string[] } {
  const shape = (manifest ?? {}) as ManifestShape;
  const entry = shape.metaData?.remoteEntry;
  if (typeof entry?.name !== 'string' || !Array.isArray(shape.exposes)) return { scripts: [], styles: [] };
  // 'auto' (our remotes): files live beside the manifest; otherwise the manifest names their base URL.
  const publicPath = shape.metaData?.publicPath;
  const base = typeof publicPath === 'string' && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : new URL('./', manifestUrl).href;
  const at = (file: string) => new URL(file, base).href;
  const entryPath = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/?$/, '/')}` : '';
  // The remote entry the browser will load: its host-runtime entry when the manifest offers one for this shell's
  // federation runtime, which this shell provides (../remotes/host-runtime.ts), else its remoteEntry.js.
  const scripts = [at(`${entryPath}${hostRuntimeEntryFor(manifest) ?? entry.name}`)];
  const styles: string[] = [];
  for (const name of exposed) {
    const module = shape.exposes.find((candidate) => candidate.name === name);
    for (const file of strings(module?.assets?.js?.sync)) if (!scripts.includes(at(file))) scripts.push(at(file));
    for (const file of strings(module?.assets?.css?.sync)) if (!styles.includes(at(file))) styles.push(at(file));
  }
  return { scripts, styles };
}

/**
 * The priority of every preload hint of a page, the render server's (the remote's files) and the shell's
 * (webpack.config.base.js, BootPreloadPlugin, which reads this value from here): low. A server-rendered page paints
 * from its HTML and inline styles alone; the preloaded files are for hydration. At their default (high) priority they
 * competed with the page's own bytes, and Lighthouse's simulation counts a high-priority file that arrives before the
 * first paint as blocking it: its mobile LCP on / went from 0.7 s to 2.3 s when the hints were added. Low, they
 * still start at once (the first-paint benchmark: the dead window did not grow), after the page's own requests.
 */
export const PRELOAD_PRIORITY = 'low';

/** An attribute value's text in the render server's HTML (also ./page-styles.ts). */
export const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The <link> tags: the manifest as the fetch the federation runtime makes, then the scripts and styles. */
export function preloadLinksHtml(manifestUrl: string, preloads: { scripts: string[]; styles: string[] }): string {
  if (preloads.scripts.length === 0) return '';
  // The runtime fetches the manifest with fetch(url) (CORS, credentials same-origin): `crossorigin` makes the
  // preload match that request. Chunks load as classic scripts without a crossorigin attribute, and so are preloaded.
  // `fetchpriority="low"` (PRELOAD_PRIORITY): these are for hydration, not for the first paint, which the HTML and its
  // inline styles make alone; they must not be taken for render-blocking files (see PRELOAD_PRIORITY).
  const low = `fetchpriority="${PRELOAD_PRIORITY}"`;
  const links = [`<link rel="preload" as="fetch" crossorigin="anonymous" ${low} href="${escapeAttribute(manifestUrl)}">`];
  for (const src of preloads.scripts) links.push(`<link rel="preload" as="script" ${low} href="${escapeAttribute(src)}">`);
  for (const href of preloads.styles) links.push(`<link rel="preload" as="style" ${low} href="${escapeAttribute(href)}">`);
  return links.join('');
}

/** Reads the remote's manifest, revalidating it with its ETag; the last good copy stands in when a read fails. */
export function createManifestReader(manifestUrl: string, fetchImpl: typeof fetch = fetch, log: (message: string, error?: unknown) => void = () => {}) {
  let cached: { etag: string | null; manifest: unknown } | null = null;
  return async function readManifest(signal?: AbortSignal): Promise<unknown> {
    try {
      const response = await fetchImpl(manifestUrl, { headers: cached?.etag ? { 'If-None-Match': cached.etag } : {}, signal });
      if (response.status === 304 && cached) return cached.manifest;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      cached = { etag: response.headers.get('etag'), manifest: await response.json() };
      return cached.manifest;
    } catch (error) {
      log(`[render] ${manifestUrl}: the remote's manifest could not be read, the page goes without its preload hints`, error);
      return cached?.manifest ?? null;
    }
  };
}
