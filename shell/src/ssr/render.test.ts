/**
 * The render server with a stand-in public-site Node build (served through `fetchImpl`, evaluated as the
 * real one is) and a fake gateway that counts reads: what a visitor and a crawler get, the fallbacks, and the
 * bounded reads of a cache period.
 */
import type { RuntimeConfig } from '@sbc/shared';
import { createFakeGateway, fakeProduct, type FakeGateway } from '@sbc/shared/src/testing/fakes';
import { createPageRenderer, type RendererOptions } from './render';
import { RELEASE_CHECK_MS } from './release-check';

const REMOTE_URL = 'https://public.example/server/public-site.server.js';

/** A CommonJS build as public-site/src/ssr/server-entry.ts exports it, using the lent singletons. */
const REMOTE_CODE = `
const { jsx, jsxs } = require('react/jsx-runtime');
const { usePageMeta, useRootStore } = require('@sbc/shared');
const { useParams } = require('react-router-dom');
const { observer } = require('mobx-react-lite');
function Faq() {
  usePageMeta({ title: 'FAQ | SBC Tycoon', description: 'Questions', image: '/assets/card.png' });
  return jsx('h1', { children: 'Frequently Asked Questions' });
}
const Product = observer(function Product() {
  const root = useRootStore();
  const { slug } = useParams();
  const { product } = root.market.productRecord(slug);
  const name = product ? product.name : 'Asset not found';
  usePageMeta({ title: name + ' | SBC Tycoon', description: 'A product', robots: product ? undefined : 'noindex, follow' });
  return jsxs('h1', { children: [name] });
});
const budgetOf = (url) => {
  const q = new URLSearchParams(url.split('?')[1] || '');
  return { sbc: Number(q.get('sbc')), slots: Number(q.get('slots')), hours: Number(q.get('hours')) };
};
const Planner = observer(function Planner() {
  const root = useRootStore();
  const { search } = require('react-router-dom').useLocation();
  usePageMeta({ title: 'Production planner | SBC Tycoon', description: 'Plan' });
  const view = root.market.planSuggestions(budgetOf('?' + search.slice(1)));
  return jsx('ol', { children: view.rows.map((row) => jsx('li', { children: row.name }, row.slug)) });
});
const filterOf = (url) => {
  const q = new URLSearchParams(url.split('?')[1] || '');
  return { sector: q.get('sector') || '', talent: q.get('talent') || '' };
};
const Profitability = observer(function Profitability() {
  const root = useRootStore();
  const { search } = require('react-router-dom').useLocation();
  usePageMeta({ title: 'Profitability ranking | SBC Tycoon', description: 'Ranking' });
  const view = root.market.profitability(filterOf('?' + search.slice(1)));
  const row = (r) => jsx('tr', { children: jsx('th', { scope: 'row', children: jsx('a', { href: '/products/' + r.slug, children: r.name }) }) }, r.slug);
  return jsx('table', { children: jsx('tbody', { children: view.rows.map(row) }) });
});
exports.pages = { FaqPage: Faq, ProductDetailPage: Product, HomePage: Faq, ProductsPage: Faq, MaterialsPage: Faq, MaterialDetailPage: Faq, PlannerPage: Planner, ProfitabilityPage: Profitability };
exports.preparePage = async (root, url) => {
  if (behaviour === 'throw') throw new Error('remote exploded');
  if (behaviour === 'hang') await new Promise(() => {});
  if (url.startsWith('/market/profitability')) {
    await root.market.loadProfitability(filterOf(url));
    return { status: 200 };
  }
  if (url.startsWith('/market/planner')) {
    await root.market.loadPlanSuggestions(budgetOf(url));
    return { status: 200 };
  }
  const slug = /^\\/products\\/([^/?]+)/.exec(url);
  if (!slug) return { status: 200 };
  const detail = await root.loadProductDetail(slug[1]);
  return { status: detail.state === 'notFound' ? 404 : 200 };
};
exports.css = () => '.remote-style{color:red}';
`;

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="description" content="default" /><title>SBC</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>`;

const config = {
  remotes: { publicSite: 'https://public.example/mf-manifest.json', adminConsole: 'https://admin.example/mf-manifest.json' },
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-x', appId: 'a' },
  registerUrl: 'https://fn.example/registerUser',
} satisfies RuntimeConfig;

/** The remote's mf-manifest.json, as Module Federation 2 writes it (trimmed to what the hints read). */
const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [
    { name: 'FaqPage', assets: { js: { sync: ['401.a.js', '__federation_expose_FaqPage.b.js'], async: ['firebase.c.js'] }, css: { sync: [] } } },
    { name: 'prepare', assets: { js: { sync: ['__federation_expose_prepare.d.js'], async: [] }, css: { sync: [] } } },
  ],
};

/** `behaviour` ('throw', 'hang') is baked into the served build: it runs in Node's own context, not jest's. */
function setup(overrides: Partial<RendererOptions> = {}, behaviour?: string) {
  const gateway: FakeGateway = createFakeGateway({
    products: [fakeProduct({ name: 'Solar Panel', slug: 'solar-panel', category: 'energy' })],
    gameDate: new Date('2026-11-23T00:00:00Z'),
  });
  const log = jest.fn();
  let t = Date.parse('2026-11-23T10:00:10Z');
  const clock = { advance: (ms: number) => (t += ms) };
  const fetchImpl = jest.fn(async (url: string) => {
    if (url === config.remotes.publicSite) return Response.json(MANIFEST, { headers: { etag: '"m1"' } });
    if (url !== REMOTE_URL) return new Response('not found', { status: 404 });
    return new Response(`const behaviour = ${JSON.stringify(behaviour ?? '')};\n${REMOTE_CODE}`, { status: 200, headers: { etag: '"v1"' } });
  }) as unknown as typeof fetch;
  const renderer = createPageRenderer({ template: TEMPLATE, config, gateway, log, fetchImpl, now: () => t, ...overrides });
  const reads = () => gateway.calls.filter((c) => c.method.split('.')[1]!.startsWith('get')).length;
  return { renderer, gateway, log, clock, reads, fetchImpl };
}

/**
 * 30 products that differ by price: margin per unit i + 1 (1 SBC of production, sell at 2 + i, no materials), 1 game
 * hour and no warehouse space a unit, in two sectors ('even', 'odd'). Widget 29 is the best.
 */
function widgets() {
  return Array.from({ length: 30 }, (_, i) =>
    fakeProduct({
      name: `Widget ${String(i).padStart(2, '0')}`,
      category: i % 2 === 0 ? 'even' : 'odd',
      average_market_price: 2 + i,
      space_required: 0,
      production: { cost: 1, time: 60, request_index: 0, request_index_history: [] },
      requested_materials: {},
    }),
  );
}

/** The gateway calls a rendered page recorded in its state: their keys, and the answer of the first call of a method. */
function recordedCalls(html: string) {
  const state = JSON.parse(/<script type="application\/json" id="sbc-ssr-state">(.*?)<\/script>/s.exec(html)![1]!) as { snapshot: Array<{ key: string; value: { rows: unknown[]; total: number } }> };
  return {
    keys: state.snapshot.map((call) => call.key),
    answerOf: (method: string) => state.snapshot.find((call) => call.key.startsWith(`${method}(`))!.value,
  };
}

describe('server-rendered pages', () => {
  it('names what hydration needs in <head> and records input until then', async () => {
    const { renderer } = setup();
    const { html } = await renderer.render('/faq', 'https://sbc.example');
    const head = html.slice(0, html.indexOf('</head>'));
    // The remote's entry and the page's and prepare's synchronous chunks, from its manifest; not its lazy chunks.
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="low" href="https://public.example/mf-manifest.json">');
    for (const file of ['remoteEntry.js', '401.a.js', '__federation_expose_FaqPage.b.js', '__federation_expose_prepare.d.js']) {
      expect(head).toContain(`<link rel="preload" as="script" fetchpriority="low" href="https://public.example/${file}">`);
    }
    expect(head).not.toContain('firebase.c.js');
    // The runtime config the page was rendered with, and the early-input recorder, before the first script.
    expect(head).toContain('<script type="application/json" id="sbc-runtime-config">');
    expect(head).toContain('__sbcEarlyInput');
    expect(html.indexOf('__sbcEarlyInput')).toBeLessThan(html.indexOf('/main.js'));
  });

  it("renders without preload hints when the remote's manifest cannot be read", async () => {
    const fetchImpl = jest.fn(async (url: string) => {
      if (url === config.remotes.publicSite) return new Response('gone', { status: 503 });
      return new Response(`const behaviour = '';\n${REMOTE_CODE}`, { status: 200 });
    }) as unknown as typeof fetch;
    const { renderer, log } = setup({ fetchImpl });
    const page = await renderer.render('/faq', 'https://sbc.example');
    expect(page.source).toBe('render');
    expect(page.html).not.toContain('rel="preload"');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('preload hints'), expect.any(Error));
  });

  it("answers with the shell's layout around the remote's page, its metadata, styles and data", async () => {
    const { renderer } = setup();
    const page = await renderer.render('/faq', 'https://sbc.example');
    expect(page.status).toBe(200);
    expect(page.source).toBe('render');
    expect(page.headers['X-Render']).toBe('render');
    expect(page.headers['Cache-Control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=60$/);
    expect(page.html).toContain('<h1>Frequently Asked Questions</h1>');
    expect(page.html).toContain('Skip to content');
    expect(page.html).toContain('aria-label="Main"');
    expect(page.html).toContain('<title>FAQ | SBC Tycoon</title>');
    expect(page.html).toContain('<meta property="og:title" content="FAQ | SBC Tycoon" data-ssr-head>');
    expect(page.html).toContain('<meta property="og:image" content="https://sbc.example/assets/card.png" data-ssr-head>');
    expect(page.html).toContain('<link rel="canonical" href="https://sbc.example/faq" data-ssr-head>');
    expect(page.html).not.toContain('content="default"');
    expect(page.html).toContain('.remote-style{color:red}');
    expect(page.html).toMatch(/<script type="application\/json" id="sbc-ssr-state">\{"url":"\/faq","page":"publicSite\/FaqPage"/);
  });

  it("inlines the page's own stylesheets from the remote's manifest, each with its URL as data-href, instead of the remote's whole CSS", async () => {
    const manifest = {
      ...MANIFEST,
      exposes: [
        { ...MANIFEST.exposes[0], assets: { ...MANIFEST.exposes[0].assets, css: { sync: ['__federation_expose_FaqPage.e.css'], async: ['other.f.css'] } } },
        MANIFEST.exposes[1],
      ],
    };
    const sheet = 'https://public.example/__federation_expose_FaqPage.e.css';
    const served = jest.fn(async (url: string) => {
      if (url === config.remotes.publicSite) return Response.json(manifest);
      if (url === sheet) return new Response('.faq-only{color:blue}</style><script>', { status: 200 });
      if (url === REMOTE_URL) return new Response(`const behaviour = '';\n${REMOTE_CODE}`, { status: 200 });
      return new Response('not found', { status: 404 });
    });
    const { renderer } = setup({ fetchImpl: served as unknown as typeof fetch });
    const { html } = await renderer.render('/faq', 'https://sbc.example');
    const head = html.slice(0, html.indexOf('</head>'));
    // The remote's CSS loader finds the style by its data-href and downloads nothing; a "</style" cannot close it.
    expect(head).toContain(`<style data-ssr-style data-href="${sheet}">.faq-only{color:blue}<\\/style><script></style>`);
    expect(html).not.toContain('.remote-style{color:red}');
    expect(head).not.toContain('other.f.css');
    expect(head).not.toContain('rel="preload" as="style"');
    // Content-hashed, the file is read once for every later render.
    await renderer.render('/', 'https://sbc.example');
    expect(served.mock.calls.filter(([url]) => url === sheet)).toHaveLength(1);
  });

  it("carries the remote's whole CSS, and preloads the page's sheet, when that sheet cannot be read", async () => {
    const manifest = {
      ...MANIFEST,
      exposes: [{ ...MANIFEST.exposes[0], assets: { ...MANIFEST.exposes[0].assets, css: { sync: ['__federation_expose_FaqPage.e.css'] } } }, MANIFEST.exposes[1]],
    };
    const served = jest.fn(async (url: string) => {
      if (url === config.remotes.publicSite) return Response.json(manifest);
      if (url === REMOTE_URL) return new Response(`const behaviour = '';\n${REMOTE_CODE}`, { status: 200 });
      return new Response('gone', { status: 503 });
    });
    const { renderer, log } = setup({ fetchImpl: served as unknown as typeof fetch });
    const page = await renderer.render('/faq', 'https://sbc.example');
    expect(page.source).toBe('render');
    expect(page.html).toContain('<style data-ssr-style>.remote-style{color:red}</style>');
    expect(page.html).toContain('<link rel="preload" as="style" fetchpriority="low" href="https://public.example/__federation_expose_FaqPage.e.css">');
    expect(log).toHaveBeenCalledWith(expect.stringContaining("stylesheets could not be read"), expect.any(Error));
  });

  it("a product page is titled with the product's name; an unknown slug answers 404 with noindex", async () => {
    const { renderer } = setup();
    const product = await renderer.render('/products/solar-panel', 'https://sbc.example');
    expect(product.status).toBe(200);
    expect(product.html).toContain('<h1>Solar Panel</h1>');
    expect(product.html).toContain('<meta property="og:title" content="Solar Panel | SBC Tycoon" data-ssr-head>');
    const missing = await renderer.render('/products/no-such-thing', 'https://sbc.example');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<meta name="robots" content="noindex, follow" data-ssr-head>');
  });

  it('answers the old address of the ranking with a 301 to its new one, the query kept, rendering and reading nothing', async () => {
    const { renderer, reads, fetchImpl } = setup();
    expect(renderer.handles('/products/profitability?sort=margin')).toBe(true);
    const page = await renderer.render('/products/profitability?sort=margin&dir=desc&sector=food', 'https://sbc.example');
    expect(page).toMatchObject({ status: 301, source: 'redirect' });
    expect(page.headers.Location).toBe('/market/profitability?sort=margin&dir=desc&sector=food');
    expect(page.headers['X-Render']).toBe('redirect');
    expect(page.headers['Cache-Control']).toBe('public, max-age=3600');
    expect(page.html).toContain('<a href="/market/profitability?sort=margin&amp;dir=desc&amp;sector=food">');
    expect(reads()).toBe(0);
    expect(fetchImpl).not.toHaveBeenCalled();
    // The new address is rendered on the server (issue 36: its first rows, ranked from the period's catalogue).
    expect(renderer.handles('/market/profitability?sort=margin')).toBe(true);
  });

  it('only public routes are server-rendered', () => {
    const { renderer } = setup();
    expect(['/', '/products', '/products?sector=energy', '/products/x', '/materials', '/materials/Copper', '/faq'].every(renderer.handles)).toBe(true);
    expect(['/login', '/register', '/admin', '/admin/json-editor', '/nope', '/products/a/b', '/sw.js', '/manifest.webmanifest'].some(renderer.handles)).toBe(false);
  });

  it('N visitors in one period cost one render: the page is cached per URL and reads are shared across URLs', async () => {
    const { renderer, reads, clock } = setup();
    await renderer.render('/products/solar-panel', 'https://sbc.example');
    const afterFirst = reads();
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) expect((await renderer.render('/products/solar-panel', 'https://sbc.example')).source).toBe('cache');
    await renderer.render('/faq', 'https://sbc.example'); // another page: only reads it has not shared yet
    expect(reads()).toBe(afterFirst);
    clock.advance(30 * 60 * 1000); // the next period reads again
    expect((await renderer.render('/products/solar-panel', 'https://sbc.example')).source).toBe('render');
    expect(reads()).toBeGreaterThan(afterFirst);
  });

  // Issue 36: the planner's budget page and the profitability ranking are ranked from the render server's period cache.
  it.each([
    // The best 20 by total margin (3 units each: 3 hours): Widget 29 first.
    ['a budget page: its suggestions', '/market/planner?sbc=10&slots=10&hours=3', /<li>(Widget \d+)<\/li>/g, 'plan.getSuggestions([{"sbc":10,"slots":10,"hours":3},20])', '/market/planner?sbc=50&slots=5&hours=8'],
    // The best 20 by margin per unit: Widget 29 first.
    ['the profitability ranking: its first rows', '/market/profitability', /<th scope="row"><a[^>]*>(Widget \d+)<\/a>/g, 'plan.getProfitability([{},20])', '/market/profitability?sector=odd'],
  ])("%s, ranked from the period's products and materials, are all the page records", async (_page, url, rowPattern, recordedCall, another) => {
    const gateway = createFakeGateway({ products: widgets(), gameDate: new Date('2026-11-23T00:00:00Z') });
    const { renderer } = setup({ gateway });
    const page = await renderer.render(url, 'https://sbc.example');
    expect(page.source).toBe('render');
    const shown = [...page.html.matchAll(rowPattern)].map((m) => m[1]);
    expect(shown).toEqual(Array.from({ length: 20 }, (_, i) => `Widget ${String(29 - i).padStart(2, '0')}`));
    // The page carries the 20 rows it shows, not the catalogue they were ranked from.
    const { keys, answerOf } = recordedCalls(page.html);
    expect(keys).toContain(recordedCall);
    expect(keys.filter((key) => key.startsWith('products.') || key.startsWith('materials.'))).toEqual([]);
    const rows = answerOf(recordedCall.slice(0, recordedCall.indexOf('(')));
    expect([rows.rows.length, rows.total]).toEqual([20, 30]);
    // The ranking read the catalogue once; another address in the period reads nothing more.
    expect(gateway.callCount('products.getAll') + gateway.callCount('materials.getAll')).toBe(2);
    const readsBefore = gateway.calls.length;
    expect((await renderer.render(another, 'https://sbc.example')).source).toBe('render');
    expect(gateway.calls.slice(readsBefore).filter((call) => call.method.split('.')[1]!.startsWith('get'))).toEqual([]);
    expect(gateway.callCount('plan.getSuggestions') + gateway.callCount('plan.getProfitability')).toBe(0);
  });

  it("a page sent again from the period's copy tells the CDN only what is left of the period, counted when it is sent", async () => {
    const sMaxage = (page: { headers: Record<string, string> }) => Number(/s-maxage=(\d+)/.exec(page.headers['Cache-Control'])?.[1]);
    // 06:55:00: five minutes to the market update of 07:00 (the render's cap, 300 s, is the same).
    let t = Date.parse('2026-11-23T06:55:00Z');
    const { renderer } = setup({ now: () => t });
    const first = await renderer.render('/', 'https://sbc.example');
    expect(first.source).toBe('render');
    expect(sMaxage(first)).toBe(300);
    t = Date.parse('2026-11-23T06:55:54Z');
    const later = await renderer.render('/', 'https://sbc.example');
    expect(later.source).toBe('cache');
    expect(later.headers['Cache-Control']).toBe('public, max-age=0, s-maxage=246, stale-while-revalidate=60');
    t = Date.parse('2026-11-23T06:59:59Z');
    const last = await renderer.render('/', 'https://sbc.example');
    expect(last.source).toBe('cache');
    expect(sMaxage(last)).toBe(1);
    // The render's own copy is untouched: the next period renders again, with a whole period ahead.
    t = Date.parse('2026-11-23T07:00:01Z');
    const next = await renderer.render('/', 'https://sbc.example');
    expect(next.source).toBe('render');
    expect(sMaxage(next)).toBe(300);
  });

  it('purge() forgets the period\'s pages and reads: the next visitor gets a page rendered from the database', async () => {
    const { renderer, reads, gateway } = setup();
    await renderer.render('/products/solar-panel', 'https://sbc.example');
    const afterFirst = reads();
    gateway.data.products[0] = { ...gateway.data.products[0], name: 'Solar Panel Mk II' };
    expect((await renderer.render('/products/solar-panel', 'https://sbc.example')).html).toContain('<h1>Solar Panel</h1>');
    renderer.purge();
    const fresh = await renderer.render('/products/solar-panel', 'https://sbc.example');
    expect(fresh.source).toBe('render');
    expect(fresh.html).toContain('<h1>Solar Panel Mk II</h1>');
    expect(reads()).toBeGreaterThan(afterFirst);
  });

  it('visitors who arrive while the first render of a page fails all get the client-rendered page, and nothing is kept', async () => {
    const { renderer, log } = setup({}, 'throw');
    const pages = await Promise.all([1, 2, 3].map(() => renderer.render('/faq', 'https://sbc.example')));
    expect(pages.map((page) => page.source)).toEqual(['fallback', 'fallback', 'fallback']);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the remote build is missing', { remoteServerUrl: 'https://public.example/server/missing.js' }, undefined, /HTTP 404/],
    ['the remote throws while preparing', {}, 'throw', /remote exploded/],
    ['the render takes too long', { timeoutMs: 50 }, 'hang', /longer than 50 ms/],
  ])('when %s, the visitor gets the client-rendered page and the failure is logged', async (_name, overrides, behaviour, reason) => {
    const { renderer, log } = setup(overrides, behaviour);
    const page = await renderer.render('/faq', 'https://sbc.example');
    expect(page).toMatchObject({ status: 200, source: 'fallback', html: TEMPLATE });
    expect(page.headers['Cache-Control']).toBe('no-cache');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('/faq: server rendering failed'), expect.objectContaining({ message: expect.stringMatching(reason) }));
    // A failure is not cached: the next request renders (and fails) again instead of serving a cached page.
    expect((await renderer.render('/faq', 'https://sbc.example')).source).toBe('fallback');
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe('the release a page is rendered with is the one its browser loads (issue 35)', () => {
  const RELEASE_CODE = (label: string) => REMOTE_CODE.replace("'Frequently Asked Questions'", `'FAQ of ${label}'`);
  const stamped = (id: string) => ({ ...MANIFEST, metaData: { ...MANIFEST.metaData, remoteEntry: { name: 'remoteEntry.js', path: `releases/${id}` } }, sbcRelease: { id, path: `releases/${id}/` } });

  function releasedSite() {
    let current = 'r1';
    const fetched: string[] = [];
    const fetchImpl = jest.fn(async (url: string) => {
      fetched.push(url);
      if (url === config.remotes.publicSite) return Response.json(stamped(current), { headers: { etag: `"${current}"` } });
      const build = /^https:\/\/public\.example\/releases\/(r\d)\/server\/public-site\.server\.js$/.exec(url);
      if (build) return new Response(`const behaviour = '';\n${RELEASE_CODE(build[1])}`);
      return new Response('not found', { status: 404 });
    }) as unknown as typeof fetch;
    return { fetchImpl, fetched, deploy: (id: string) => (current = id) };
  }

  it("renders with the current release's Node build and pins the page's configuration and hints to that release", async () => {
    const site = releasedSite();
    const { renderer } = setup({ fetchImpl: site.fetchImpl });
    const { html } = await renderer.render('/faq', 'https://sbc.example');
    expect(html).toContain('FAQ of r1');
    const config = JSON.parse(/id="sbc-runtime-config">([^<]*)</.exec(html)![1]);
    expect(config.remotes.publicSite).toBe('https://public.example/releases/r1/mf-manifest.json');
    expect(html).toContain('href="https://public.example/releases/r1/mf-manifest.json"');
    expect(html).toContain('href="https://public.example/releases/r1/remoteEntry.js"');
  });

  it('after a deploy, a new render uses the new release; a release build is downloaded once', async () => {
    const site = releasedSite();
    const { renderer, clock } = setup({ fetchImpl: site.fetchImpl });
    await renderer.render('/faq', 'https://sbc.example');
    await renderer.render('/products/solar-panel', 'https://sbc.example');
    site.deploy('r2');
    clock.advance(10 * 60 * 1000);
    const { html } = await renderer.render('/faq', 'https://sbc.example');
    expect(html).toContain('FAQ of r2');
    expect(html).toContain('"publicSite":"https://public.example/releases/r2/mf-manifest.json"');
    const builds = site.fetched.filter((url) => url.endsWith('public-site.server.js'));
    expect(builds).toEqual(['https://public.example/releases/r1/server/public-site.server.js', 'https://public.example/releases/r2/server/public-site.server.js']);
  });

  it("a page kept for the period is sent again only while its release is current: after a deploy, within RELEASE_CHECK_MS, it is rendered with the new one", async () => {
    const site = releasedSite();
    const { renderer, clock } = setup({ fetchImpl: site.fetchImpl });
    expect((await renderer.render('/faq', 'https://sbc.example')).html).toContain('FAQ of r1');
    // A bare rebuild (or a release dropped from hosting) leaves cached pages naming a release whose files are gone.
    site.deploy('r2');
    clock.advance(1_000);
    const soon = await renderer.render('/faq', 'https://sbc.example');
    expect(soon.source).toBe('cache');
    expect(soon.html).toContain('"publicSite":"https://public.example/releases/r1/mf-manifest.json"');
    clock.advance(RELEASE_CHECK_MS);
    const after = await renderer.render('/faq', 'https://sbc.example');
    expect(after.source).toBe('render');
    expect(after.html).toContain('FAQ of r2');
    expect(after.html).toContain('"publicSite":"https://public.example/releases/r2/mf-manifest.json"');
    expect(after.html).not.toContain('releases/r1/');
    // The new page is the period's copy from then on.
    expect((await renderer.render('/faq', 'https://sbc.example')).source).toBe('cache');
  });

  it('purge() also forgets the current release: the first render after a deploy step purges uses the new release at once', async () => {
    const site = releasedSite();
    const { renderer } = setup({ fetchImpl: site.fetchImpl });
    await renderer.render('/faq', 'https://sbc.example');
    site.deploy('r2');
    renderer.purge();
    expect((await renderer.render('/faq', 'https://sbc.example')).html).toContain('FAQ of r2');
  });

  it('each render reads the root manifest; pages sent from the cache ask it at most once per RELEASE_CHECK_MS', async () => {
    const site = releasedSite();
    const { renderer, clock } = setup({ fetchImpl: site.fetchImpl });
    await renderer.render('/faq', 'https://sbc.example');
    await renderer.render('/', 'https://sbc.example');
    const manifestReads = () => site.fetched.filter((url) => url === config.remotes.publicSite).length;
    expect(manifestReads()).toBe(2);
    // 20 pages sent over 5 × RELEASE_CHECK_MS: the renders' answer stands for the first period, then one read each.
    for (let i = 0; i < 20; i++) {
      expect((await renderer.render(i % 2 ? '/faq' : '/', 'https://sbc.example')).source).toBe('cache');
      clock.advance(RELEASE_CHECK_MS / 4);
    }
    expect(manifestReads()).toBe(2 + 4);
  });

  it('a render right after a deploy uses the new release at once (it does not wait for RELEASE_CHECK_MS)', async () => {
    const site = releasedSite();
    const { renderer } = setup({ fetchImpl: site.fetchImpl });
    await renderer.render('/faq', 'https://sbc.example');
    site.deploy('r2');
    expect((await renderer.render('/', 'https://sbc.example')).html).toContain('FAQ of r2');
  });

  it('a forged manifest naming a release path elsewhere is not trusted: the page renders from the root build', async () => {
    const fetchImpl = jest.fn(async (url: string) => {
      if (url === config.remotes.publicSite) return Response.json({ ...MANIFEST, sbcRelease: { id: 'r1', path: 'https://evil.example/' } });
      if (url === REMOTE_URL) return new Response(`const behaviour = '';\n${REMOTE_CODE}`);
      return new Response('not found', { status: 404 });
    }) as unknown as typeof fetch;
    const { renderer } = setup({ fetchImpl });
    const { html } = await renderer.render('/faq', 'https://sbc.example');
    expect(html).toContain('Frequently Asked Questions');
    expect(html).toContain('"publicSite":"https://public.example/mf-manifest.json"');
    expect(html).not.toContain('evil.example');
  });
});
