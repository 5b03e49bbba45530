// The live market: with a page open, the market advances (the local stack's market advance, written as the game's
// servers write it) and the page shows the new figures in place within its market clock's poll window, without a
// reload: a sector table keeps its sort, filter, typed text, focus and scroll; the home statistics, a product, the
// ledger and a material follow too; a polite announcement says so. A watchlist alert the update crosses shows at
// once (badge, alert list, announcement) and as a browser notification once the player allowed it. A hidden tab reads
// nothing while the market moves and catches up once when shown. The reads of each update per open page are counted
// by the emulator and printed. The pages' market period is 4 s through the clock's test hook (docs/live-market.md),
// so a page notices an advance within seconds; the market documents are put back at the end.
import assert from 'node:assert/strict';
import { expect } from '@playwright/test';
import { test } from '../lib/test.mjs';
import { withBrowser } from '../lib/browser.mjs';
import {
  advanceMarket,
  demoAccount,
  firestoreCounters,
  firestoreExport,
  planMarketAdvance,
  resetFirestoreCounters,
  restoreDocuments,
  site,
} from '../lib/stack.mjs';
import { expectHeading, signIn, waitForPath } from '../lib/flows.mjs';

/** The market period the pages' clocks are told (MARKET_CLOCK_HOOK): they look 1–5 s after an advance. */
const PERIOD_SECONDS = 4;
/** How long a page may take to show an update: a period, the retries, the refetch, on a busy machine. */
const FOLLOW_MS = 20_000;
const UPDATED = 'Market updated: the figures on this page are the new ones.';
const MARKET_DOCUMENT = /^(products|materials|marketStats|marketMaterialStats|gameParameters)\/[^/]+$/;
const SOLAR = 'products/energy_solar_panel';

/** Reads per collection of one update on each page, printed at the end. */
const measured = [];
let savedMarket = [];

test.beforeAll(async () => {
  savedMarket = (await firestoreExport()).documents.filter((d) => MARKET_DOCUMENT.test(d.path));
});
test.afterAll(async () => {
  // The other journeys of the group find the demo economy as it was (an import fires no trigger).
  if (savedMarket.length > 0) await restoreDocuments(savedMarket);
  if (measured.length > 0) console.log(`live-market: reads of one market update per open page\n${measured.map((m) => `  ${m.page}: ${JSON.stringify(m.reads)}`).join('\n')}`);
});

/** The pages of this context get the short market period before any script runs. */
async function shortMarketPeriod(context) {
  await context.addInitScript((seconds) => {
    window.__SBC_MARKET_CLOCK__ = { updateIntervalSeconds: seconds };
  }, PERIOD_SECONDS);
}

/** The stored market documents, plain numbers and strings, by path. */
async function market() {
  const plain = (value) => {
    if ('integerValue' in value) return Number(value.integerValue);
    if ('doubleValue' in value) return Number(value.doubleValue);
    if ('stringValue' in value) return value.stringValue;
    if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(plain);
    if ('mapValue' in value) return Object.fromEntries(Object.entries(value.mapValue.fields ?? {}).map(([k, v]) => [k, plain(v)]));
    return value.timestampValue ?? null;
  };
  const { documents } = await firestoreExport();
  return new Map(documents.filter((d) => MARKET_DOCUMENT.test(d.path)).map((d) => [d.path, Object.fromEntries(Object.entries(d.fields).map(([k, v]) => [k, plain(v)]))]));
}
const inCollection = (docs, collection) => [...docs].filter(([path]) => path.startsWith(`${collection}/`));

/** As the site shows money and counts (SPEC section 9: en-US grouping, 2 decimals, the SBC suffix). */
const sbc = (value) => `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} SBC`;
const count = (value) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
/** The home metric of SPEC section 5 for a value of a billion or more: 'B', up to 2 decimals, trailing zeros trimmed. */
const billions = (value) => `${(value / 1e9).toFixed(value >= 1e10 ? 1 : 2).replace(/\.?0+$/, '')}B`;
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page has followed the update stamped `lastUpdated`: its freshness line says so. */
async function followed(page, lastUpdated) {
  await expect(page.getByTestId('freshness').locator('time')).toHaveAttribute('datetime', lastUpdated.toISOString(), { timeout: FOLLOW_MS });
  await expect(page.getByTestId('freshness')).toContainText('Updated just now');
}

const announcement = (page) => page.getByRole('status', { name: 'Market updates' });

/** The value of a figure shown as a term and its definition (`<dt>label</dt><dd>value</dd>`). */
function figure(page, label) {
  return page
    .locator('div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .last()
    .getByRole('definition')
    .first();
}

/** The reads since the last reset, once the page has settled; recorded for the summary. */
async function readsOfUpdate(page, label) {
  await page.waitForLoadState('networkidle');
  const { reads } = await firestoreCounters();
  measured.push({ page: label, reads });
  return reads;
}

/** The looks of the market clock: one per update that lands on time, a retry or two when the advance lands late. */
function assertLooks(reads, label) {
  assert.ok(reads.gameParameters >= 1 && reads.gameParameters <= 3, `${label}: ${reads.gameParameters} reads of the game stats`);
}

async function setVisibility(page, state) {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test.describe('live market', () => {
  test('an open sector table follows the market in place: sort, filter, typed text, focus and scroll kept', async () => {
    test.setTimeout(120_000);
    // The demo economy is stamped 2025-06-01: one advance makes the market current before the page opens.
    await advanceMarket();
    await withBrowser({ viewport: { width: 1280, height: 700 } }, async ({ page, context, pageErrors }) => {
      await shortMarketPeriod(context);
      await page.goto(site('/products?sector=energy&sort=price&dir=desc'));
      await expectHeading(page, 'Product Categories');
      const table = page.getByRole('table', { name: 'Products trading in energy' });
      await expect(table).toBeVisible();
      // The visitor filters (typing, the cursor stays in the field) and scrolls down.
      const filter = page.getByRole('searchbox', { name: 'Filter products' });
      await filter.click();
      await filter.pressSequentially('a');
      await expect(page).toHaveURL(/[?&]q=a(&|$)/);
      const url = page.url();
      await page.evaluate(() => window.scrollTo(0, 240));
      const scrollY = await page.evaluate(() => window.scrollY);
      assert.ok(scrollY > 100, `the page scrolled (${scrollY})`);
      await expect(announcement(page)).toBeEmpty();

      await resetFirestoreCounters();
      const summary = await advanceMarket();
      await followed(page, summary.lastUpdated);
      await expect(announcement(page)).toHaveText(UPDATED);

      // The rows are the new figures, still filtered by "a" and sorted by price, highest first.
      const docs = await market();
      const energy = inCollection(docs, 'products')
        .map(([, p]) => p)
        .filter((p) => p.category === 'energy');
      const shown = energy
        .filter((p) => `${p.name} ${p.slug}`.toLowerCase().includes('a'))
        .sort((a, b) => b.average_market_price - a.average_market_price || a.name.localeCompare(b.name));
      assert.ok(shown.length >= 3 && shown.length < energy.length, `the filter keeps ${shown.length} of ${energy.length} rows`);
      await expect(table.locator('tbody > tr')).toHaveText(shown.map((p) => new RegExp(`${literal(p.name)}[\\s\\S]*${literal(sbc(p.average_market_price))}`)));
      // What the visitor was doing is untouched.
      await expect(filter).toBeFocused();
      await expect(filter).toHaveValue('a');
      assert.equal(page.url(), url);
      assert.equal(await page.evaluate(() => window.scrollY), scrollY);
      await page.keyboard.type('r');
      await expect(filter).toHaveValue('ar');

      // One update cost the page the game stats, the heatmap's rows and the shown sector: nothing else.
      const reads = await readsOfUpdate(page, '/products?sector=energy (heatmap + sector table)');
      assertLooks(reads, 'products');
      const { gameParameters: _looks, ...data } = reads;
      assert.deepEqual(data, {
        marketStats: inCollection(docs, 'marketStats').length,
        marketMaterialStats: inCollection(docs, 'marketMaterialStats').length,
        products: energy.length,
      });
      assert.deepEqual(pageErrors, []);
    });
  });

  test('the home statistics, a product, the ledger and a material follow too, each reading only what it shows', async () => {
    test.setTimeout(150_000);
    await withBrowser({ viewport: { width: 1280, height: 900 } }, async ({ page, context, pageErrors }) => {
      await shortMarketPeriod(context);
      const before = await market();
      const recipe = Object.keys(before.get(SOLAR).requested_materials ?? {}).filter((name) => before.has(`materials/${name}`));
      const pages = [
        {
          path: '/',
          heading: 'Build a business empire in a living economy',
          async check(docs, summary) {
            await expect(announcement(page)).toHaveText(UPDATED, { timeout: FOLLOW_MS });
            const value = docs.get('gameParameters/gameStats').totalMarketValue;
            await expect(page.getByRole('region', { name: 'Live statistics' }).getByText(`${billions(value)} SBC`)).toBeVisible();
            assert.equal(summary.marketValue, value);
          },
          expected: {},
        },
        {
          path: '/products/solar-panel',
          heading: 'Solar Panel',
          async check(docs, summary) {
            await followed(page, summary.lastUpdated);
            await expect(figure(page, 'Average price')).toHaveText(sbc(docs.get(SOLAR).average_market_price));
          },
          // The product (its document id is not its slug: a lookup by id that finds nothing, which the emulator does not
          // count and Firestore bills as 1, then the slug query), then its recipe's materials, one each.
          expected: { products: 1, ...(recipe.length > 0 ? { materials: recipe.length } : {}) },
        },
        {
          path: '/materials',
          heading: 'Stock Ledger',
          async check(docs, summary) {
            await followed(page, summary.lastUpdated);
            const copper = page.getByRole('table').locator('tbody > tr').filter({ has: page.getByText('Copper', { exact: true }) });
            await expect(copper).toContainText(sbc(docs.get('materials/Copper').value));
          },
          expected: { materials: inCollection(before, 'materials').length },
        },
        {
          path: '/materials/Copper',
          heading: 'Copper',
          async check(docs, summary) {
            await followed(page, summary.lastUpdated);
            await expect(figure(page, 'Units on market')).toHaveText(count(docs.get('materials/Copper').amount));
          },
          expected: { materials: 1 },
        },
      ];
      for (const open of pages) {
        await page.goto(site(open.path));
        await expectHeading(page, open.heading);
        await resetFirestoreCounters();
        const summary = await advanceMarket();
        await open.check(await market(), summary);
        const reads = await readsOfUpdate(page, open.path);
        assertLooks(reads, open.path);
        const { gameParameters: _looks, ...data } = reads;
        assert.deepEqual(data, open.expected, `${open.path}: ${JSON.stringify(reads)}`);
      }
      assert.deepEqual(pageErrors, []);
    });
  });

  test('an alert the update crosses shows at once: badge, alert list, announcement, and a notification once allowed', async () => {
    test.setTimeout(150_000);
    const player = demoAccount('player');
    await withBrowser({ viewport: { width: 1280, height: 900 } }, async ({ page, context, pageErrors }) => {
      await shortMarketPeriod(context);
      // The notifications the page shows (the browser's own, recorded).
      await context.addInitScript(() => {
        const Real = window.Notification;
        if (!Real) return;
        window.__notifications = [];
        window.Notification = class extends Real {
          constructor(title, options) {
            super(title, options);
            window.__notifications.push({ title, body: options?.body });
          }
        };
      });
      await signIn(page, player);
      await waitForPath(page, '/');
      for (const [path, name] of [
        ['/products/solar-panel', 'Solar Panel'],
        ['/materials/Copper', 'Copper'],
      ]) {
        await page.goto(site(path));
        await expectHeading(page, name);
        const star = page.getByRole('button', { name: `Watch ${name}` });
        if ((await star.getAttribute('aria-pressed')) !== 'true') await star.click();
        await expect(page.getByRole('button', { name: `Watch ${name}`, pressed: true })).toBeVisible();
      }

      // The next period's move of Solar Panel, known in advance (the advance is a pure function of the data, the
      // seed and the period): the alert's threshold lies between today's price and that one.
      const now = new Date();
      let seed = 42;
      let plan = await planMarketAdvance({ seed, now });
      const price = (await market()).get(SOLAR).average_market_price;
      const next = (p) => p.writes.find((w) => w.path === SOLAR).data.average_market_price;
      while (Math.abs(next(plan) - price) < 0.5) plan = await planMarketAdvance({ seed: ++seed, now });
      const direction = next(plan) > price ? 'above' : 'below';
      const threshold = Math.round(((price + next(plan)) / 2) * 100) / 100;

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlist' }).click();
      await waitForPath(page, '/watchlist');
      const table = page.getByRole('table');
      await table.getByRole('link', { name: 'Copper' }).waitFor();
      await table.getByRole('button', { name: 'Set alert for Solar Panel' }).click();
      const form = page.getByRole('form', { name: 'Alert for Solar Panel' });
      await form.getByLabel('When it goes').selectOption(direction);
      await form.getByLabel('Threshold').fill(String(threshold));
      await form.getByRole('button', { name: 'Save alert' }).click();
      await expect(table.getByText(`Price ${direction} ${threshold}`)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Alerts' })).toHaveCount(0);

      // The player allows notifications with the page's button (the browser's prompt answers yes).
      const allow = page.getByRole('button', { name: 'Also notify me in this browser' });
      await expect(allow).toBeVisible();
      await context.grantPermissions(['notifications'], { origin: new URL(site('/')).origin });
      await allow.click();
      await expect(page.getByText('Browser notifications are on', { exact: false })).toBeVisible();

      await resetFirestoreCounters();
      await advanceMarket({ seed, now });
      const alerts = page.getByRole('region', { name: 'Alerts' });
      await expect(alerts.getByRole('link', { name: 'Solar Panel' })).toBeVisible({ timeout: FOLLOW_MS });
      const said = `Solar Panel: Price ${direction} ${threshold} · now ${sbc(next(plan))}`;
      await expect(announcement(page)).toHaveText(`${UPDATED} Watchlist alert: ${said}.`);
      await expect(page.getByRole('link', { name: '1 watchlist alert' })).toBeVisible();
      await expect(table.locator('tbody > tr').filter({ has: page.getByRole('link', { name: 'Solar Panel' }) })).toContainText(sbc(next(plan)));
      await expect.poll(() => page.evaluate(() => window.__notifications)).toEqual([{ title: 'SBC Tycoon: watchlist alert', body: said }]);

      // The watchlist page reads every item again (its figures are on screen): Solar Panel and Copper.
      const reads = await readsOfUpdate(page, '/watchlist (2 items, 1 alert), signed in');
      assertLooks(reads, 'watchlist');
      assert.equal(reads.products, 1);
      assert.equal(reads.materials, 1);

      // The demo player's watchlist as it was.
      for (const name of ['Solar Panel', 'Copper']) {
        await table.getByRole('button', { name: `Watch ${name}` }).click();
        await expect(table.getByRole('link', { name })).toHaveCount(0);
      }
      assert.deepEqual(pageErrors, []);
    });
  });

  test('a hidden tab reads nothing while the market moves, and catches up once when shown', async () => {
    test.setTimeout(120_000);
    await withBrowser({ viewport: { width: 1280, height: 900 } }, async ({ page, context, pageErrors }) => {
      await shortMarketPeriod(context);
      await page.goto(site('/materials'));
      await expectHeading(page, 'Stock Ledger');
      const shownStamp = await page.getByTestId('freshness').locator('time').getAttribute('datetime');
      await setVisibility(page, 'hidden');
      await resetFirestoreCounters();
      const summary = await advanceMarket();
      // Three market periods pass with the tab hidden (a wait for the page's clock, not for anything to appear:
      // this shows that nothing is read meanwhile).
      const until = Date.now() + 3 * PERIOD_SECONDS * 1000;
      await page.waitForFunction((t) => Date.now() >= t, until, { timeout: 30_000, polling: 500 });
      assert.deepEqual((await firestoreCounters()).reads, {});
      await expect(page.getByTestId('freshness').locator('time')).toHaveAttribute('datetime', shownStamp);

      await setVisibility(page, 'visible');
      await followed(page, summary.lastUpdated);
      await expect(announcement(page)).toHaveText(UPDATED);
      const docs = await market();
      await expect(page.getByRole('table').locator('tbody > tr').filter({ has: page.getByText('Copper', { exact: true }) })).toContainText(
        sbc(docs.get('materials/Copper').value),
      );
      const reads = await readsOfUpdate(page, '/materials, hidden during the update, then shown');
      assert.deepEqual(reads, { gameParameters: 1, materials: inCollection(docs, 'materials').length });
      assert.deepEqual(pageErrors, []);
    });
  });
});
