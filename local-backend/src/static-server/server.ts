/**
 * A small static server for a built app (a `dist` folder) with the caching and CORS policy of firebase.json,
 * plus a generated /app-config.json. No framework: node:http is enough and starts instantly.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzipSync } from 'node:zlib';
import { createOpenData, isOpenDataPath, serveOpenData, type OpenDataSetup } from '../../../functions/src/open-data';
import { encodedResponse, negotiateEncoding } from '../../../functions/src/open-data/http';
import { createTelemetry, isTelemetryPath, serveTelemetry, type TelemetrySetup } from '../../../functions/src/telemetry';
import { cacheControlFor, contentTypeFor, isCompressible, NO_CACHE } from './policy';
import { createServerRender, type ServerRenderOptions } from './ssr';

export interface StaticServerOptions {
  /** The dist folder to serve. */
  root: string;
  port: number;
  host?: string;
  /** Serve index.html for unknown navigation paths (the shell's client-side routes). */
  spa?: boolean;
  /** Send `Access-Control-Allow-Origin: *` (remotes are loaded cross-origin by the shell). */
  cors?: boolean;
  /** Served as /app-config.json, taking precedence over a file of that name in the dist. */
  appConfig?: unknown;
  /** Name used in error messages. */
  name?: string;
  /** Public routes answered with server-rendered HTML (the shell; see ./ssr.ts). */
  serverRender?: ServerRenderOptions;
  /**
   * /api/** answered by the open data API, the same module as production's openData function behind the shell's
   * Hosting rewrite (functions/src/open-data).
   */
  openData?: OpenDataSetup;
  /**
   * /api/telemetry answered by the telemetry endpoint, the same module as production's telemetry function behind the
   * shell's Hosting rewrite (functions/src/telemetry). Without `allowedOrigins`, the server's own origins.
   */
  telemetry?: Omit<TelemetrySetup, 'allowedOrigins'> & { allowedOrigins?: readonly string[] };
}

export interface StaticServer {
  url: string;
  port: number;
  server: Server;
  /**
   * The market moved: the rendered pages and the open data API's answers, kept for the market period, are
   * forgotten (see ./ssr.ts ServerRender.marketChanged). Nothing to do on a server without them.
   */
  marketChanged(): void;
  stop(): Promise<void>;
}

interface CachedFile {
  mtimeMs: number;
  body: Buffer;
  gzip?: Buffer;
  /** Compressed once per file, off the event loop (zlib's thread pool). */
  brotli?: Promise<Buffer>;
  /** `brotli`'s result once it has settled. */
  brotliDone?: Buffer;
  etag: string;
}

const brotli = promisify(brotliCompress);

/**
 * Up to this size a file's first request waits for its Brotli (every start-up script: React DOM's client takes
 * 0.4 s), so the first visit already gets what production sends. A larger file is sent gzipped until its Brotli is
 * ready: quality 11 takes about 15 s for Monaco's 4 MB chunk (more on a busy machine), which an admin opening the
 * JSON editor must not wait for (it made the journeys that open Monaco time out in CI).
 */
export const BROTLI_WAIT_LIMIT_BYTES = 1024 * 1024;

/**
 * Brotli's best quality, as a CDN compresses an uploaded file once and keeps it: about 0.4 s of CPU for React DOM's
 * client, paid by the first request of each file only.
 */
const compressBrotli = (body: Buffer) =>
  brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } });

const APP_CONFIG_PATH = '/app-config.json';

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = resolve(options.root);
  const host = options.host ?? '127.0.0.1';
  const cache = new Map<string, CachedFile>();
  const appConfigBody = options.appConfig === undefined ? undefined : Buffer.from(JSON.stringify(options.appConfig, null, 2));

  async function load(filePath: string): Promise<CachedFile | undefined> {
    const info = await stat(filePath).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const cached = cache.get(filePath);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    const body = await readFile(filePath);
    const entry: CachedFile = {
      mtimeMs: info.mtimeMs,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
    };
    cache.set(filePath, entry);
    return entry;
  }

  function resolveInsideRoot(urlPath: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    const candidate = normalize(join(root, decoded));
    return candidate === root || candidate.startsWith(root + sep) ? candidate : undefined;
  }

  function wantsHtml(req: IncomingMessage, urlPath: string): boolean {
    return extname(urlPath) === '' || (req.headers.accept ?? '').includes('text/html');
  }

  async function send(req: IncomingMessage, res: ServerResponse, status: number, file: CachedFile, filePath: string, cacheControl: string) {
    const headers: Record<string, string> = {
      'Content-Type': contentTypeFor(filePath),
      'Cache-Control': cacheControl,
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    };
    if (options.cors) headers['Access-Control-Allow-Origin'] = '*';
    if (status === 200 && req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    let body = file.body;
    // As Firebase Hosting chooses: the smallest coding the browser accepts, so Brotli before gzip
    // (firebase.google.com/docs/hosting: each file is "served as gzip or Brotli. We auto-select the best compression
    // method"; a Hosting maintainer in firebase/firebase-tools#4119: "Hosting will return the smallest-sized file of
    // identity, gzip and brotli — of whatever your browser supports"). Chrome asks for br on every origin, localhost
    // included. Until 2026-11-27 these servers sent gzip only, so the byte and dead-window figures measured here were
    // about 12 % heavier than production's (docs/performance.md). The rule is the open data API's (one home).
    let encoding = isCompressible(filePath) ? negotiateEncoding(req.headers['accept-encoding'], body.length) : 'identity';
    if (encoding === 'br') {
      file.brotli ??= compressBrotli(file.body).then((compressed) => (file.brotliDone = compressed));
      if (!file.brotliDone && body.length > BROTLI_WAIT_LIMIT_BYTES) {
        // Meanwhile, what the browser takes next (a browser that asks for br asks for gzip too).
        encoding = negotiateEncoding(`${req.headers['accept-encoding']}, br;q=0`, body.length);
      }
    }
    if (encoding === 'br') {
      body = await file.brotli!;
      headers['Content-Encoding'] = 'br';
    } else if (encoding === 'gzip') {
      file.gzip ??= gzipSync(body);
      body = file.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function notFound(res: ServerResponse, message: string) {
    const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE };
    if (options.cors) headers['Access-Control-Allow-Origin'] = '*';
    res.writeHead(404, headers).end(message);
  }

  const serverRender = options.serverRender ? createServerRender(options.serverRender) : undefined;

  /** A rendered page for a navigation to a public route; false when the route is not server-rendered. */
  async function sendRendered(req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<boolean> {
    if (!serverRender || extname(urlPath) !== '' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const page = await serverRender(req);
    if (page === null) return false;
    if (page === undefined) return false; // bundle unusable (logged): the SPA fallback serves index.html
    // Coded as production's render function codes it (functions/src/render-page.ts).
    const encoded = encodedResponse(page.html, req.headers['accept-encoding']);
    const body = encoded.body;
    const headers: Record<string, string> = { ...page.headers, ...encoded.headers };
    headers['Content-Length'] = String(body.length);
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  // Made again when the market moves (marketChanged): its answers are kept per market period like the rendered pages
  // (functions/src/open-data/period-cache.ts), and it has no purge of its own. Its rate-limit windows restart with it.
  let openData = options.openData ? createOpenData(options.openData) : undefined;

  let telemetry: ReturnType<typeof createTelemetry> | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Before the API's /api/**, as the Hosting rewrites order them.
    if (telemetry && isTelemetryPath(new URL(req.url ?? '/', 'http://localhost').pathname)) {
      await serveTelemetry(telemetry, req, res);
      return;
    }
    // First: the API answers every method itself (its preflight, its 405), as the function does behind Hosting.
    if (openData && isOpenDataPath(new URL(req.url ?? '/', 'http://localhost').pathname)) {
      await serveOpenData(openData, req, res);
      return;
    }
    if (req.method === 'OPTIONS') {
      const headers: Record<string, string> = { Allow: 'GET, HEAD, OPTIONS' };
      if (options.cors) {
        headers['Access-Control-Allow-Origin'] = '*';
        headers['Access-Control-Allow-Methods'] = 'GET, HEAD, OPTIONS';
        headers['Access-Control-Allow-Headers'] = String(req.headers['access-control-request-headers'] ?? '*');
      }
      res.writeHead(204, headers).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed');
      return;
    }
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;

    if (urlPath === APP_CONFIG_PATH && appConfigBody) {
      const file: CachedFile = { mtimeMs: 0, body: appConfigBody, etag: `"${createHash('sha1').update(appConfigBody).digest('base64url').slice(0, 20)}"` };
      await send(req, res, 200, file, APP_CONFIG_PATH, NO_CACHE);
      return;
    }

    if (await sendRendered(req, res, urlPath)) return;

    const filePath = resolveInsideRoot(urlPath);
    if (!filePath) {
      notFound(res, 'Not found');
      return;
    }
    for (const candidate of [filePath, join(filePath, 'index.html')]) {
      const file = await load(candidate);
      if (file) {
        await send(req, res, 200, file, candidate, cacheControlFor(candidate === filePath ? urlPath : `${urlPath.replace(/\/$/, '')}/index.html`));
        return;
      }
    }
    if (options.spa && wantsHtml(req, urlPath)) {
      const indexPath = join(root, 'index.html');
      const index = await load(indexPath);
      if (index) {
        await send(req, res, 200, index, indexPath, NO_CACHE);
        return;
      }
    }
    notFound(res, `Not found: ${urlPath}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Internal error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  // Keep-alive sockets from browsers would otherwise hold stop() open.
  server.keepAliveTimeout = 2000;

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`${options.name ?? 'static server'}: port ${options.port} is already in use`)
          : error,
      );
    });
    server.listen(options.port, host, () => resolvePromise());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  if (options.telemetry) {
    // The page's origin as the browser names it: localhost, or 127.0.0.1 for a tool that uses the address.
    const allowedOrigins = options.telemetry.allowedOrigins ?? [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
    telemetry = createTelemetry({ ...options.telemetry, allowedOrigins });
  }

  return {
    url: `http://${host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    port,
    server,
    marketChanged() {
      serverRender?.marketChanged();
      if (options.openData) openData = createOpenData(options.openData);
    },
    stop: () =>
      new Promise<void>((resolvePromise) => {
        server.close(() => resolvePromise());
        server.closeAllConnections();
      }),
  };
}
