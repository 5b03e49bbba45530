// Public pages arrive as HTML: a client without JavaScript (a link-preview crawler) gets each public route's
// heading, title and share metadata in the first answer; the browser hydrates that HTML without hydration
// errors and the page is interactive; a render that fails falls back to the client-rendered page.
import assert from 'node:assert/strict';
import { readFileSync, renameSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../lib/test.mjs';
import { withBrowser } from '../lib/browser.mjs';
import { firestoreCounters, resetFirestoreCounters, site, stack } from '../lib/stack.mjs';
import { expectHeading, pathOf } from '../lib/flows.mjs';

/** The first answer to a plain GET, as a crawler sees it (no JavaScript, no cookies). */
async function plainGet(path) {
  const response = await fetch(site(path), { headers: { Accept: 'text/html' } });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const decode = (text) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const title = (html) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const meta = (html, attr, key) => {
  const match = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]) : undefined;
};
const h1 = (html) => decode((/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ''));

const PUBLIC_ROUTES = [
  { path: '/', heading: 'Build a business empire in a living economy', title: 'Build your business empire | SBC Tycoon' },
  { path: '/products', heading: 'Product Categories', title: / · Market Monitor \| SBC Tycoon$/ },
  { path: '/products?sector=energy', heading: 'Product Categories', title: 'energy · Market Monitor | SBC Tycoon', text: 'Solar Panel' },
  { path: '/products/solar-panel', heading: 'Solar Panel', title: /^Solar Panel/ },
  { path: '/materials', heading: 'Stock Ledger', title: /SBC Tycoon$/, text: 'Copper' },
  { path: '/materials/Copper', heading: 'Copper', title: /Copper/ },
  { path: '/faq', heading: 'Frequently Asked Questions', title: 'FAQ | SBC Tycoon' },
];

test.describe('server-rendered public pages', () => {
  test('a plain HTTP request to each public route gets its heading, title and Open Graph tags', async () => {
    test.setTimeout(60_000);
    for (const route of PUBLIC_ROUTES) {
      const { status, html, headers } = await plainGet(route.path);
      assert.equal(status, 200, route.path);
      assert.match(headers.get('cache-control') ?? '', /s-maxage=\d+/, `${route.path} is cached at the CDN for the period`);
      assert.equal(h1(html), route.heading, `${route.path} <h1>`);
      if (typeof route.title === 'string') assert.equal(title(html), route.title, `${route.path} <title>`);
      else assert.match(title(html), route.title, `${route.path} <title>`);
      assert.equal(meta(html, 'property', 'og:title'), title(html), `${route.path} og:title`);
      assert.ok(meta(html, 'property', 'og:description'), `${route.path} og:description`);
      assert.match(meta(html, 'property', 'og:image') ?? '', /^http:\/\/localhost:\d+\/.+\.png$/, `${route.path} og:image is absolute`);
      assert.ok(meta(html, 'name', 'twitter:card'), `${route.path} twitter:card`);
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      assert.equal(canonical, site(route.path.split('?')[0]), `${route.path} canonical`);
      if (route.text) assert.ok(html.includes(route.text), `${route.path} holds ${route.text}`);
    }
  });

  test("a product page's og:title is the product's name and it carries product JSON-LD", async () => {
    const { html } = await plainGet('/products/solar-panel');
    assert.match(meta(html, 'property', 'og:title') ?? '', /^Solar Panel\b/);
    const jsonLd = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    assert.ok(jsonLd, 'JSON-LD present');
    const data = JSON.parse(jsonLd);
    assert.equal(data['@type'], 'Product');
    assert.equal(data.name, 'Solar Panel');
  });

  test('an unknown product or material answers 404 with noindex and the not-found page', async () => {
    for (const path of ['/products/no-such-product', '/materials/No-Such-Material']) {
      const { status, html } = await plainGet(path);
      assert.equal(status, 404, path);
      assert.match(meta(html, 'name', 'robots') ?? '', /noindex/, `${path} robots`);
      assert.match(h1(html), /not found/i, `${path} <h1>`);
    }
  });

  test('N visitors within one period cost one render: repeated requests make no Firestore reads', async () => {
    await plainGet('/products?sector=food'); // the first render of this URL reads
    await resetFirestoreCounters();
    for (let i = 0; i < 5; i++) {
      const { headers } = await plainGet('/products?sector=food');
      assert.equal(headers.get('x-render'), 'cache');
    }
    const reads = Object.values((await firestoreCounters()).reads ?? {}).reduce((sum, n) => sum + n, 0);
    assert.equal(reads, 0, 'no reads after the first render of the period');
  });

  test('the browser hydrates the server HTML without hydration errors, reads nothing from Firestore, and the page is interactive', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async ({ page, pageErrors, requests }) => {
      const consoleErrors = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
      });
      for (const path of ['/', '/products?sector=energy', '/products/solar-panel', '/materials', '/materials/Copper', '/faq']) {
        requests.length = 0;
        await page.goto(site(path));
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        assert.deepEqual(
          requests.filter((url) => url.includes(':documents') || url.includes('/documents/') || url.includes(':batchGet') || url.includes(':runQuery')),
          [],
          `${path}: no Firestore request while hydrating or after (the server's reads are replayed into the store, so a visitor costs none)`,
        );
      }
      assert.deepEqual(consoleErrors.filter((text) => /hydrat|did not match|mismatch/i.test(text)), [], 'no hydration warnings');
      assert.deepEqual(pageErrors, []);

      // Interactive: a sector button of the hydrated Market Monitor selects that sector.
      await page.goto(site('/products?sector=energy'));
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.getByRole('button', { name: /food/i }).first().click();
      await page.waitForFunction(() => new URL(location.href).searchParams.get('sector') === 'food');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
      await expectHeading(page, 'Frequently Asked Questions');
      assert.equal(pathOf(page), '/faq');
    });
  });

  test('when the server render fails the visitor gets the client-rendered page', async () => {
    test.setTimeout(90_000);
    // The public-site Node build goes missing (a broken deploy): the render fails and is logged.
    // This group's copy of the build (lib/stack.mjs groupDists): the other group's pages are not broken with it.
    const built = join(stack().dists.publicSite, 'server', 'public-site.server.js');
    const aside = `${built}.aside`;
    assert.ok(existsSync(built), 'the public-site server build exists');
    renameSync(built, aside);
    try {
      const { status, html, headers } = await plainGet('/materials?fallback-check');
      assert.equal(status, 200);
      assert.equal(headers.get('x-render'), 'fallback');
      assert.match(html, /<div id="root"><\/div>/, 'the plain client page');
      await withBrowser({}, async ({ page, pageErrors }) => {
        await page.goto(site('/materials?fallback-check-2'));
        await expectHeading(page, 'Stock Ledger');
        await page.getByRole('table', { name: 'Stock Ledger' }).getByRole('link', { name: 'Copper', exact: true }).waitFor();
        assert.deepEqual(pageErrors, []);
      });
    } finally {
      renameSync(aside, built);
    }
    assert.ok(readFileSync(built).length > 0);
  });
});
