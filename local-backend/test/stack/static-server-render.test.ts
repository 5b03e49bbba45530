/**
 * The shell's static server with server rendering: public routes go to the render module (a stand-in here;
 * shell/src/ssr/render.test.ts tests the real one), everything else is served as before, and a render
 * module that is missing is logged and answered with the client-rendered index.html.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildLocalRuntimeConfig, startStaticServer, type StaticServer } from '../../src/static-server';
import { createFixtureDists, type FixtureDists } from './fixture-dist';

const config = buildLocalRuntimeConfig({ publicSitePort: 3001, adminConsolePort: 3002, authPort: 9099, functionsPort: 5001, firestorePort: 8080 });

/**
 * Renders /faq and /products/*; a product called "missing" is a 404; /products/profitability is an old address (a 301).
 * Each page says which renderer made it and how often that one was purged.
 */
const RENDER_MODULE = `
let made = 0;
exports.createPageRenderer = ({ template }) => {
  const instance = ++made;
  let purged = 0;
  return {
  purge: () => { purged += 1; },
  handles: (url) => url === '/faq' || url.startsWith('/products/'),
  render: async (url, origin) => url.startsWith('/products/profitability') ? ({
    status: 301,
    html: '<p>Moved</p>',
    headers: { Location: url.replace('/products/', '/market/'), 'Cache-Control': 'public, max-age=3600', 'Content-Type': 'text/html; charset=utf-8', 'X-Render': 'redirect' },
  }) : ({
    status: url.endsWith('/missing') ? 404 : 200,
    html: template.replace('<div id="root"></div>', '<div id="root"><h1>rendered ' + url + ' for ' + origin + '</h1><p>renderer ' + instance + ', purged ' + purged + '</p>' + '<p>a paragraph of the page</p>'.repeat(60) + '</div>'),
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=0, s-maxage=60', 'X-Render': 'render' },
  }),
  };
};
`;
/** A render bundle from before purge() (a previous release's shell). */
const OLD_RENDER_MODULE = RENDER_MODULE.replace('purge: () => { purged += 1; },', '');

let dists: FixtureDists;
let shell: StaticServer;
let broken: StaticServer;
let old: StaticServer;
const log = jest.fn();

beforeAll(async () => {
  dists = createFixtureDists();
  const bundlePath = join(dists.root, 'render.js');
  writeFileSync(bundlePath, RENDER_MODULE);
  const templatePath = join(dists.shell, 'index.html');
  shell = await startStaticServer({ root: dists.shell, port: 0, spa: true, appConfig: config, serverRender: { bundlePath, templatePath, config, log } });
  broken = await startStaticServer({
    root: dists.shell,
    port: 0,
    spa: true,
    appConfig: config,
    serverRender: { bundlePath: join(dists.root, 'no-such-render.js'), templatePath, config, log },
  });
  const oldBundlePath = join(dists.root, 'old-render.js');
  writeFileSync(oldBundlePath, OLD_RENDER_MODULE);
  old = await startStaticServer({ root: dists.shell, port: 0, spa: true, appConfig: config, serverRender: { bundlePath: oldBundlePath, templatePath, config, log } });
});

afterAll(async () => {
  await Promise.all([shell.stop(), broken.stop(), old.stop()]);
  rmSync(dists.root, { recursive: true, force: true });
});

const get = (server: StaticServer, path: string) => fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { 'accept-encoding': 'gzip' } });

describe('server rendering in the local shell server', () => {
  it('answers a public route with the rendered page, its status and its headers (Brotli for a browser that takes it, else gzip)', async () => {
    const faq = await get(shell, '/faq');
    expect(faq.status).toBe(200);
    expect(faq.headers.get('x-render')).toBe('render');
    expect(faq.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(faq.headers.get('content-encoding')).toBe('gzip');
    expect(faq.headers.get('vary')).toBe('Accept-Encoding');
    const chrome = await fetch(`http://127.0.0.1:${shell.port}/faq`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(chrome.headers.get('content-encoding')).toBe('br');
    expect(await chrome.text()).toContain('<h1>rendered /faq');
    expect(await faq.text()).toContain(`<h1>rendered /faq for http://127.0.0.1:${shell.port}</h1>`);
    expect((await get(shell, '/products/missing')).status).toBe(404);
  });

  it("passes a redirect of the render module on as it is: status, Location with the query, headers", async () => {
    const moved = await fetch(`http://127.0.0.1:${shell.port}/products/profitability?sort=margin&dir=desc`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/market/profitability?sort=margin&dir=desc');
    expect(moved.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(moved.headers.get('x-render')).toBe('redirect');
  });

  it('serves files and other routes as before', async () => {
    const login = await get(shell, '/login');
    expect(login.status).toBe(200);
    expect(login.headers.get('x-render')).toBeNull();
    expect(await login.text()).toContain('<div id="root"></div>');
    expect((await get(shell, '/main.0123456789.js')).headers.get('x-render')).toBeNull();
    // The service worker and the web app manifest are files at the root, never pages.
    const worker = await get(shell, '/sw.js');
    expect([worker.headers.get('x-render'), worker.headers.get('content-type'), worker.headers.get('cache-control')]).toEqual([null, 'text/javascript; charset=utf-8', 'no-cache']);
    const manifest = await get(shell, '/manifest.webmanifest');
    expect([manifest.headers.get('x-render'), manifest.headers.get('content-type')]).toEqual([null, 'application/manifest+json']);
  });

  it('forgets the rendered pages when the market moves: purged, or made again by a bundle without purge()', async () => {
    expect(await (await get(shell, '/faq')).text()).toContain('<p>renderer 1, purged 0</p>');
    shell.marketChanged();
    expect(await (await get(shell, '/faq')).text()).toContain('<p>renderer 1, purged 1</p>');
    expect(await (await get(old, '/faq')).text()).toContain('<p>renderer 1, purged 0</p>');
    old.marketChanged();
    expect(await (await get(old, '/faq')).text()).toContain('<p>renderer 2, purged 0</p>');
    // Nothing to forget on a server that renders nothing.
    expect(() => broken.marketChanged()).not.toThrow();
  });

  it('with the render module missing, logs it and serves the client-rendered index.html', async () => {
    const faq = await get(broken, '/faq');
    expect(faq.status).toBe(200);
    expect(await faq.text()).toContain('<div id="root"></div>');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('/faq: the render bundle'), expect.anything());
  });
});
