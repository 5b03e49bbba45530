/**
 * What headers a served file gets: the same policy as firebase.json's hosting targets, so that local runs
 * behave like production caching.
 */
import { basename, extname } from 'node:path';
import { RELEASES_DIR } from '../../../shared/src/release-layout';

/**
 * Files with fixed names that change on every deploy: the browser must revalidate them. The service worker too: a
 * cached sw.js would hold a shell update back (browsers cap it at 24 h anyway), and the web app manifest.
 */
export const FIXED_NAME_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'index.html', 'app-config.json', 'sw.js', 'manifest.webmanifest']);

/** webpack's `[contenthash:10]` (webpack.config.base.js): `name.0123456789.js`. */
const CONTENT_HASH = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A file of a remote's release folder (`/releases/<id>/…`, shared/src/release-layout.ts): its path names its release,
 * so it never changes, remoteEntry.js, its manifest and the Monaco workers included.
 */
const RELEASE_FILE = new RegExp(`^/${RELEASES_DIR}/[^/]+/.`);

/** The Cache-Control of a request path (matched as Hosting matches its header rules: on the request path). */
export function cacheControlFor(requestPath: string): string {
  if (RELEASE_FILE.test(requestPath)) return IMMUTABLE;
  const name = basename(requestPath);
  if (FIXED_NAME_FILES.has(name)) return NO_CACHE;
  if (CONTENT_HASH.test(name)) return IMMUTABLE;
  // An unhashed file (e.g. an entry chunk without a JS hash, a favicon) may change under the same name.
  return NO_CACHE;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** Already-compressed formats gain nothing from gzip. */
export function isCompressible(filePath: string): boolean {
  return ['.html', '.js', '.mjs', '.css', '.json', '.map', '.txt', '.svg', '.wasm', '.ttf', '.otf', '.xml', '.webmanifest'].includes(
    extname(filePath).toLowerCase(),
  );
}

export type StaticEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding a static file goes out in, chosen as Firebase Hosting chooses it: the smallest the browser accepts,
 * so Brotli before gzip. Sources: firebase.google.com/docs/hosting ("Each file that you upload is … served as gzip
 * or Brotli. We auto-select the best compression method for your content") and a Hosting maintainer in
 * firebase/firebase-tools#4119 ("Firebase Hosting will return the smallest-sized file of identity, gzip and brotli —
 * of whatever your browser supports"). Chrome asks for `br` on every origin, localhost included. Until 2026-11-27 the
 * local servers sent gzip only, so every byte and dead-window figure measured here was about 12 % heavier than
 * production's (docs/performance.md). A coding listed with `q=0` is refused (RFC 9110 §12.5.3); `*` stands for any
 * coding not listed.
 */
export function staticEncodingFor(acceptEncoding: string | undefined): StaticEncoding {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    quality.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (coding: string) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
