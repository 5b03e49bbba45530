import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROTLI_WAIT_LIMIT_BYTES, buildLocalRuntimeConfig, IMMUTABLE, NO_CACHE, startStaticServer, type StaticServer } from '../../src/static-server';
import { createFixtureDists, type FixtureDists } from './fixture-dist';

const config = buildLocalRuntimeConfig({ publicSitePort: 3001, adminConsolePort: 3002, authPort: 9099, functionsPort: 5001, firestorePort: 8080 });

let dists: FixtureDists;
let shell: StaticServer;
let remote: StaticServer;

beforeAll(async () => {
  dists = createFixtureDists();
  shell = await startStaticServer({ root: dists.shell, port: 0, spa: true, appConfig: config });
  remote = await startStaticServer({ root: dists.publicSite, port: 0, cors: true, appConfig: config });
});

afterAll(async () => {
  await Promise.all([shell.stop(), remote.stop()]);
  rmSync(dists.root, { recursive: true, force: true });
});

const get = (server: StaticServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });

describe('static server for a built app', () => {
  it.each([
    ['/index.html', NO_CACHE],
    ['/', NO_CACHE],
    ['/app-config.json', NO_CACHE],
    ['/main.js', NO_CACHE],
    ['/sw.js', NO_CACHE],
    ['/manifest.webmanifest', NO_CACHE],
    ['/main.0123456789.js', IMMUTABLE],
    ['/styles.abcdef0123.css', IMMUTABLE],
    ['/assets/logo.0a1b2c3d4e.svg', IMMUTABLE],
    ['/assets/font.1234567890.woff2', IMMUTABLE],
  ])('shell %s has Cache-Control "%s"', async (path, cacheControl) => {
    const response = await get(shell, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(cacheControl);
  });

  it.each([
    ['/mf-manifest.json', NO_CACHE],
    ['/remoteEntry.js', NO_CACHE],
    ['/index.html', NO_CACHE],
    ['/__federation_expose_App.9876543210.js', IMMUTABLE],
  ])('remote %s has Cache-Control "%s" and CORS for any origin', async (path, cacheControl) => {
    const response = await get(remote, path, { origin: 'http://localhost:3000' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(cacheControl);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('does not send CORS headers from the shell', async () => {
    expect((await get(shell, '/index.html')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['/index.html', 'text/html; charset=utf-8'],
    ['/main.0123456789.js', 'text/javascript; charset=utf-8'],
    ['/styles.abcdef0123.css', 'text/css; charset=utf-8'],
    ['/app-config.json', 'application/json; charset=utf-8'],
    ['/assets/logo.0a1b2c3d4e.svg', 'image/svg+xml'],
    ['/assets/font.1234567890.woff2', 'font/woff2'],
    ['/assets/font.1234567890.ttf', 'font/ttf'],
    ['/assets/module.fedcba9876.wasm', 'application/wasm'],
  ])('serves %s as %s', async (path, type) => {
    expect((await get(shell, path)).headers.get('content-type')).toBe(type);
  });

  it.each(['/products', '/products/steel-beam', '/admin/json-editor', '/materials/Iron%20Ore'])(
    'answers the client-side route %s with the shell page',
    async (path) => {
      const response = await get(shell, path, { accept: 'text/html' });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe(NO_CACHE);
      expect(await response.text()).toContain('<title>shell</title>');
    },
  );

  it('answers a missing script with 404, not with the page', async () => {
    expect((await get(shell, '/missing.0123456789.js')).status).toBe(404);
  });

  it('has no SPA fallback on a remote', async () => {
    expect((await get(remote, '/products', { accept: 'text/html' })).status).toBe(404);
  });

  it('serves the generated app-config.json instead of a file of that name in the dist', async () => {
    expect(await (await get(shell, '/app-config.json')).json()).toEqual(config);
    expect(await (await get(remote, '/app-config.json')).json()).toEqual(config);
  });

  it('refuses paths outside the dist folder', async () => {
    expect((await get(shell, '/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await get(shell, '/index.html');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await get(shell, '/index.html', { 'if-none-match': etag })).status).toBe(304);
  });

  it('gzips text assets for clients that accept it', async () => {
    const response = await get(shell, '/main.0123456789.js', { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes transparently; the length header tells the transfer size.
    expect(Number(response.headers.get('content-length'))).toBeLessThan(500);
    expect(await response.text()).toContain('console.log');
  });

  it('sends Brotli to a browser that accepts it, as Firebase Hosting does (the smallest encoding the browser takes)', async () => {
    const chrome = await get(shell, '/main.0123456789.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(chrome.headers.get('content-encoding')).toBe('br');
    expect(chrome.headers.get('vary')).toBe('Accept-Encoding');
    expect(await chrome.text()).toContain('console.log');
    const gzipOnly = await get(shell, '/main.0123456789.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipOnly.text()).toContain('console.log');
  });

  it('sends a file past BROTLI_WAIT_LIMIT_BYTES gzipped until its Brotli is ready, then Brotli: no request waits for a large file\'s compression', async () => {
    const text = `console.log(${JSON.stringify(Array.from({ length: 90_000 }, (_, i) => `line ${i} ${(i * 7919) % 10007}`).join('\n'))});`;
    expect(text.length).toBeGreaterThan(BROTLI_WAIT_LIMIT_BYTES);
    writeFileSync(join(dists.shell, 'large.0123456789.js'), text);
    const chrome = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await get(shell, '/large.0123456789.js', chrome);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(await first.text()).toBe(text);
    // Brotli at quality 11 on 1 MB takes seconds, many more on a busy 2-core machine (CI runs the unit tests beside the
    // builds): asked again until it is ready, within the test's own timeout.
    let later = first;
    const deadline = Date.now() + 50_000;
    while (later.headers.get('content-encoding') !== 'br' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      later = await get(shell, '/large.0123456789.js', chrome);
    }
    expect(later.headers.get('content-encoding')).toBe('br');
    expect(await later.text()).toBe(text);
  }, 60_000);

  it('rejects writes with 405', async () => {
    const response = await fetch(`http://127.0.0.1:${shell.port}/index.html`, { method: 'POST' });
    expect(response.status).toBe(405);
  });
});

describe('local runtime config', () => {
  it('names the remotes, the demo project, the function and the emulators', () => {
    expect(config).toEqual({
      remotes: {
        publicSite: 'http://localhost:3001/mf-manifest.json',
        adminConsole: 'http://localhost:3002/mf-manifest.json',
      },
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-sbc-tycoon.firebaseapp.com',
        projectId: 'demo-sbc-tycoon',
        appId: 'demo-app',
      },
      registerUrl: 'http://127.0.0.1:5001/demo-sbc-tycoon/europe-west1/registerUser',
      emulators: { authUrl: 'http://127.0.0.1:9099', firestoreHost: '127.0.0.1', firestorePort: 8080 },
    });
  });

  it('tells the browsers the demo market\'s pace with npm start -- --market-every, and nothing otherwise', () => {
    const endpoints = { publicSitePort: 3001, adminConsolePort: 3002, authPort: 9099, functionsPort: 5001, firestorePort: 8080 };
    expect(buildLocalRuntimeConfig({ ...endpoints, marketUpdateSeconds: 60 }).market).toEqual({ updateIntervalSeconds: 60 });
    expect(buildLocalRuntimeConfig(endpoints)).not.toHaveProperty('market');
  });
});

describe('the open data API in the shell server', () => {
  it('keeps its answers for the market period, and forgets them when the market moves', async () => {
    let reads = 0;
    const stats = { totalHeadquarters: 1, totalMarketValue: 2, totalPlayers: 3, lastUpdated: new Date('2026-11-24T10:30:00Z') };
    const reject = () => Promise.reject(new Error('not read here'));
    const api = await startStaticServer({
      root: dists.shell,
      port: 0,
      openData: {
        reads: {
          getGameStats: async () => {
            reads += 1;
            return { ...stats, totalPlayers: reads };
          },
          getAllProducts: reject,
          getProductsByCategory: reject,
          getProductBySlug: reject,
          getMaterials: reject,
          getMaterialByName: reject,
          getMarketStats: reject,
          getMarketHistory: reject,
          getMarketMovers: reject,
        },
      },
    });
    try {
      const players = async () => ((await (await get(api, '/api/v1/stats')).json()) as { data: { totalPlayers: number } }).data.totalPlayers;
      expect(await players()).toBe(1);
      expect(await players()).toBe(1);
      api.marketChanged();
      expect(await players()).toBe(2);
      expect(reads).toBe(2);
    } finally {
      await api.stop();
    }
  });
});
