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
