// Public pages arrive as HTML: a client without JavaScript (a link-preview crawler) gets each public route's
// heading, title and share metadata in the first answer; the browser hydrates that HTML without hydration
// errors and the page is interactive; a render that fails falls back to the client-rendered page.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { periodRemainingMs } from '../../domain/src/market-period';
import { HOST_RUNTIME_ENTRY_FILE } from '../../shared/src/host-runtime-entry';
import { paths } from '../../shared/src/paths';
import { RENDER_CACHE_MAX_SECONDS, renderKeptUntil } from '../../shell/src/ssr/market-period';
import { HYDRATED_ATTRIBUTE, withBrowser } from '../lib/browser';
import { expectHeading, waitForPath } from '../lib/flows';
import { settled } from '../lib/settle';
import { firestoreCounters, purgeRenderCache, resetFirestoreCounters, site, stack } from '../lib/stack';
import { test } from '../lib/test';

/** The first answer to a plain GET, as a crawler sees it (no JavaScript, no cookies). */
async function plainGet(path: string) {
  const response = await fetch(site(path), { headers: { Accept: 'text/html' } });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const title = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const meta = (html: string, attr: string, key: string) => {
  const match = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]) : undefined;
};
const h1 = (html: string) => decode((/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ''));

const PUBLIC_ROUTES: Array<{ path: string; heading: string; title: string | RegExp; text?: string }> = [
  { path: paths.home, heading: 'Build a business empire in a living economy', title: 'Build your business empire | SBC Tycoon' },
  { path: paths.products, heading: 'Product Categories', title: / · Market Monitor \| SBC Tycoon$/ },
  { path: `${paths.products}?sector=energy`, heading: 'Product Categories', title: 'energy · Market Monitor | SBC Tycoon', text: 'Solar Panel' },
  { path: paths.product('solar-panel'), heading: 'Solar Panel', title: /^Solar Panel/ },
  { path: paths.materials, heading: 'Stock Ledger', title: /SBC Tycoon$/, text: 'Copper' },
  { path: paths.material('Copper'), heading: 'Copper', title: /Copper/ },
  { path: paths.faq, heading: 'Frequently Asked Questions', title: 'FAQ | SBC Tycoon' },
];

/**
 * The start-up scripts a rendered page announces in its HTML: the preload hints and the shell's own script tag
 * (BootPreloadPlugin, shell/src/ssr/preload-hints.ts), as absolute URLs.
 */
function startupScripts(html: string): string[] {
  const tags = html.matchAll(/<(?:link rel="preload" as="script"|script defer="defer")[^>]* (?:href|src)="([^"]+)"/g);
  return [...tags].map((match) => new URL(match[1], site('/')).href);
}

test.describe('server-rendered public pages', () => {
  test('a plain HTTP request to each public route gets its heading, title and Open Graph tags', async () => {
    test.setTimeout(60_000);
    // The render server's cap: the CDN keeps a page to the end of the period, at most 5 minutes.
    const left = (at: number) => Math.floor(periodRemainingMs(at, RENDER_CACHE_MAX_SECONDS) / 1000);
    for (const route of PUBLIC_ROUTES) {
      const before = Date.now();
      const { status, html, headers } = await plainGet(route.path);
      const after = Date.now();
      expect(status, route.path).toBe(200);
      // What is left of the period when the page is sent, a kept page (X-Render: cache) included (unless the market
      // update fell during the request: then either period's figure is right).
      const sMaxage = Number(/^public, max-age=0, s-maxage=(\d+), stale-while-revalidate=60$/.exec(headers.get('cache-control') ?? '')?.[1]);
      const why = `${route.path} is cached at the CDN for the rest of the period (${headers.get('x-render')})`;
      expect(sMaxage, why).toBeGreaterThan(0);
      if (left(after) <= left(before)) expect(sMaxage, why).toBeLessThanOrEqual(left(before));
      if (left(after) <= left(before)) expect(sMaxage, why).toBeGreaterThanOrEqual(left(after));
      expect(h1(html), `${route.path} <h1>`).toBe(route.heading);
      if (typeof route.title === 'string') expect(title(html), `${route.path} <title>`).toBe(route.title);
      else expect(title(html), `${route.path} <title>`).toMatch(route.title);
      expect(meta(html, 'property', 'og:title'), `${route.path} og:title`).toBe(title(html));
      expect(meta(html, 'property', 'og:description'), `${route.path} og:description`).toBeTruthy();
      expect(meta(html, 'property', 'og:image') ?? '', `${route.path} og:image is absolute`).toMatch(/^http:\/\/localhost:\d+\/.+\.png$/);
      expect(meta(html, 'name', 'twitter:card'), `${route.path} twitter:card`).toBeTruthy();
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      expect(canonical, `${route.path} canonical`).toBe(site(route.path.split('?')[0]));
      if (route.text) expect(html.includes(route.text), `${route.path} holds ${route.text}`).toBe(true);
    }
  });

  test("a product page's og:title is the product's name and it carries product JSON-LD", async () => {
    const { html } = await plainGet(paths.product('solar-panel'));
    expect(meta(html, 'property', 'og:title') ?? '').toMatch(/^Solar Panel\b/);
    const jsonLd = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(jsonLd, 'JSON-LD present').toBeTruthy();
    const data = JSON.parse(jsonLd ?? '{}');
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe('Solar Panel');
  });

  test('an unknown product or material answers 404 with noindex and the not-found page', async () => {
    for (const path of [paths.product('no-such-product'), paths.material('No-Such-Material')]) {
      const { status, html } = await plainGet(path);
      expect(status, path).toBe(404);
      expect(meta(html, 'name', 'robots') ?? '', `${path} robots`).toMatch(/noindex/);
      expect(h1(html), `${path} <h1>`).toMatch(/not found/i);
    }
  });

  test('N visitors within one period cost one render: repeated requests make no Firestore reads', async () => {
    const path = `${paths.products}?sector=food`;
    // Once more if a market update (on the hour and the half hour) may have ended the kept page during the visits:
    // the next try, right after it, is within one period.
    for (let attempt = 1; ; attempt++) {
      purgeRenderCache();
      const renderedFrom = Date.now();
      expect((await plainGet(path)).headers.get('x-render'), 'the first visitor of the period').toBe('render');
      await resetFirestoreCounters();
      const sources: Array<string | null> = [];
      for (let i = 0; i < 5; i++) sources.push((await plainGet(path)).headers.get('x-render'));
      const reads = Object.values((await firestoreCounters()).reads).reduce((sum, n) => sum + n, 0);
      if (attempt === 1 && !renderKeptUntil(renderedFrom, Date.now())) continue;
      expect(sources, 'every later visitor gets the kept page').toEqual(Array(5).fill('cache'));
      expect(reads, 'no reads after the first render of the period').toBe(0);
      break;
    }
  });

  test('the browser hydrates the server HTML without hydration errors, reads nothing from Firestore, and the page is interactive', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async ({ page, pageErrors, requests }) => {
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
      });
      const hydrated = page.locator(`html[${HYDRATED_ATTRIBUTE}="true"]`);
      for (const path of [paths.home, `${paths.products}?sector=energy`, paths.product('solar-panel'), paths.materials, paths.material('Copper'), paths.faq]) {
        requests.length = 0;
        await page.goto(site(path));
        await hydrated.waitFor({ state: 'attached' });
        // The browser learnt of every script hydration needed from the HTML itself (preload hints and the shell's
        // script tag), not one hop at a time from the scripts (issue 26: each hop a round trip on a phone).
        const unannounced = await page.evaluate(() => {
          const announced = new Set(
            [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"], link[rel="modulepreload"]')].map((link) => link.href),
          );
          for (const script of document.querySelectorAll<HTMLScriptElement>('script[src]')) announced.add(script.src);
          const hydratedAt = performance.getEntriesByName('sbc-hydrated')[0]?.startTime ?? Number.POSITIVE_INFINITY;
          const beforeHydration = performance.getEntriesByType('resource').filter((entry) => entry.startTime < hydratedAt);
          return {
            scripts: beforeHydration.filter((entry) => /\.js(\?|$)/.test(entry.name) && !announced.has(entry.name)).map((entry) => entry.name),
            // The shell's and the page's styles are inline (<style data-href>): no loader may fetch them again.
            stylesheets: beforeHydration.filter((entry) => /\.css(\?|$)/.test(entry.name)).map((entry) => entry.name),
          };
        });
        expect(unannounced.scripts, `${path}: scripts loaded before hydration that the HTML did not announce`).toEqual([]);
        // The public-site container came as its entry on the shell's federation runtime (shared/src/host-runtime-entry.ts),
        // and its remoteEntry.js, which carries a runtime of its own, was not downloaded as well.
        const entries = requests.map((url) => new URL(url).pathname.split('/').pop()).filter((file) => file === 'remoteEntry.js' || file === HOST_RUNTIME_ENTRY_FILE);
        expect(entries, `${path}: the remote entries downloaded`).toEqual([HOST_RUNTIME_ENTRY_FILE]);
        expect(unannounced.stylesheets, `${path}: stylesheets downloaded though the page has them inline`).toEqual([]);
        // Every request the hydrated page makes has been answered: none of them may be a Firestore read.
        await settled(page);
        expect(
          requests.filter((url) => url.includes(':documents') || url.includes('/documents/') || url.includes(':batchGet') || url.includes(':runQuery')),
          `${path}: no Firestore request while hydrating or after (the server's reads are replayed into the store, so a visitor costs none)`,
        ).toEqual([]);
      }
      expect(consoleErrors.filter((text) => /hydrat|did not match|mismatch/i.test(text)), 'no hydration warnings').toEqual([]);
      expect(pageErrors).toEqual([]);

      // Interactive: a sector button of the hydrated Market Monitor selects that sector.
      await page.goto(site(`${paths.products}?sector=energy`));
      await hydrated.waitFor({ state: 'attached' });
      await page.getByRole('button', { name: /food/i }).first().click();
      await expect(page).toHaveURL((url) => url.searchParams.get('sector') === 'food');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
      await expectHeading(page, 'Frequently Asked Questions');
      await waitForPath(page, paths.faq);
    });
  });

  test("the shell's main script and React DOM's client carry V8's compile hint and no other start-up script does", async () => {
    // webpack.config.base.js EagerCompileHintPlugin: the two start-up files whose functions run as soon as they arrive.
    const { html } = await plainGet(paths.home);
    const mainScript = html.match(/<script defer="defer" src="([^"]+)"/)?.[1];
    expect(mainScript, 'the page names its main script').toMatch(/\/main\.[0-9a-f]+\.js$/);
    const hinted: string[] = [];
    let reactDomClient = '';
    for (const url of startupScripts(html)) {
      const text = await (await fetch(url)).text();
      if (text.startsWith('//# allFunctionsCalledOnLoad\n')) hinted.push(url);
      if (/\bhydrateRoot=/.test(text)) reactDomClient = url;
    }
    expect(reactDomClient, "a preloaded script defines React DOM's hydrateRoot").not.toBe('');
    expect(hinted.sort()).toEqual([new URL(mainScript!, site('/')).href, reactDomClient].sort());
  });

  test("the early-input recorder in the page's <head> is minified: no comments, under 3.5 KB", async () => {
    // shell/webpack.server.js inlinedInPages: the recorder's source text goes into every page (shell/src/ssr/early-input.ts).
    const { html } = await plainGet(paths.home);
    const recorder = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]).find((text) => text.includes('__sbcEarlyInput'));
    expect(recorder, 'the page carries the early-input recorder').toBeDefined();
    expect(/^\s*\/\//m.test(recorder!), 'no line comments').toBe(false);
    expect(Buffer.byteLength(recorder!), 'its bytes').toBeLessThan(3_500);
  });

  test("the browser's start-up scripts and the render server carry React Router's production build, never its development one", async () => {
    // react-router-production.js: the package resolves to its development build (its warnings built on every render)
    // unless the production builds are told otherwise, and a bundle reaching both builds holds two routers.
    const { html } = await plainGet(paths.home);
    const routerFiles = new Set<string>();
    for (const url of startupScripts(html)) {
      const response = await fetch(`${url}.map`);
      if (!response.ok) continue; // a chunk webpack writes no source map for (a federation runtime stub): no module of a package
      const map = (await response.json()) as { sources: string[] };
      for (const source of map.sources) if (source.includes('node_modules/react-router/dist/')) routerFiles.add(source.replace(/^.*node_modules\//, ''));
    }
    const serverBundle = readFileSync(join(stack().dists.shellServer, 'render.js'), 'utf8');
    for (const match of serverBundle.matchAll(/^;?\/\/ \.\.\/node_modules\/(react-router\/dist\/[^\s]+)$/gm)) routerFiles.add(match[1]);
    const builds = new Set([...routerFiles].map((file) => file.split('/')[2]));
    expect([...builds], `React Router files in the start-up scripts and the render server: ${[...routerFiles].join(', ')}`).toEqual(['production']);
  });

  test('when the server render fails the visitor gets the client-rendered page', async () => {
    test.setTimeout(90_000);
    // The public-site Node build goes missing (a broken deploy: the root manifest names a release whose folder has no
    // Node build): the render fails and is logged. This group's copy of the build (lib/stack.ts groupDists): the other
    // group's pages are not broken with it.
    const rootManifest = join(stack().dists.publicSite, 'mf-manifest.json');
    const good = readFileSync(rootManifest, 'utf8');
    const manifest = JSON.parse(good);
    expect(manifest.sbcRelease, 'the root manifest names its release').toBeTruthy();
    writeFileSync(rootManifest, JSON.stringify({ ...manifest, sbcRelease: { id: 'broken-deploy', path: 'releases/broken-deploy/' } }));
    try {
      const { status, html, headers } = await plainGet(`${paths.materials}?fallback-check`);
      expect(status).toBe(200);
      expect(headers.get('x-render')).toBe('fallback');
      expect(html, 'the plain client page').toMatch(/<div id="root"><\/div>/);
      await withBrowser({}, async ({ page, pageErrors }) => {
        await page.goto(site(`${paths.materials}?fallback-check-2`));
        await expectHeading(page, 'Stock Ledger');
        await page.getByRole('table', { name: 'Stock Ledger' }).getByRole('link', { name: 'Copper', exact: true }).waitFor();
        expect(pageErrors).toEqual([]);
      });
    } finally {
      writeFileSync(rootManifest, good);
    }
  });
});
