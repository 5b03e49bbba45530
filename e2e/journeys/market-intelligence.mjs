// Market intelligence for players: production margins, tables that sort, filter and export, freshness.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from '../lib/test.mjs';
import { withBrowser } from '../lib/browser.mjs';
import { site } from '../lib/stack.mjs';
import { expectHeading } from '../lib/flows.mjs';

/** The signed number of a delta cell such as '+1.20 sbc' or '−0.40 sbc' (U+2212). */
const signed = (text) => Number(text.replace(/\u2212/g, '-').replace(/[^0-9.+-]/g, ''));

/** The table after React has applied a URL change: waits until `aria-sort` shows on the named column header. */
const sortedBy = (page, column, direction) =>
  page.locator(`th[aria-sort="${direction}"]`).filter({ hasText: column }).first().waitFor();

const columnTexts = (page, index) =>
  page.$$eval(`table tbody tr`, (rows, i) => rows.map((r) => r.children[i].textContent.trim()), index);

test.describe('market intelligence', () => {
  test('search from the header: "/" focuses it, a partial name with a typo finds the product, Enter opens it', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      let indexQueries = 0;
      page.on('request', (request) => {
        if (request.url().includes(':runQuery') && (request.postData() ?? '').includes('"catalogIndex"')) indexQueries += 1;
      });
      await page.goto(site('/faq'));
      await expectHeading(page, 'Frequently Asked Questions');
      assert.equal(indexQueries, 0, 'a page that is only read does not load the index');
      await page.keyboard.press('/');
      const search = page.getByRole('combobox', { name: 'Search the market' });
      assert.ok(await search.evaluate((el) => el === document.activeElement), '"/" focuses the search');
      await page.keyboard.type('solr pan');
      const listbox = page.getByRole('listbox', { name: 'Search results' });
      await listbox.getByRole('group', { name: 'Products' }).getByRole('option', { name: /^Solar Panel/ }).waitFor();
      await page.keyboard.press('ArrowDown');
      assert.equal(await page.getByRole('option', { selected: true }).count(), 1);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/products/solar-panel');
      await expectHeading(page, 'Solar Panel');
      // A second search in the same page reads nothing more: one query of the index shards per page.
      await page.keyboard.press('Control+k');
      await page.keyboard.type('coper');
      await page.getByRole('group', { name: 'Materials' }).getByRole('option', { name: /^Copper/ }).click();
      await page.waitForURL((url) => url.pathname === '/materials/Copper');
      assert.equal(indexQueries, 1, 'one index query for both searches');
      assert.deepEqual(pageErrors, []);
    });
  });

  test('search on a phone: a full-width field, results fit the screen, a sector opens the dashboard on it', async () => {
    test.setTimeout(60_000);
    await withBrowser({ viewport: { width: 360, height: 740 } }, async ({ page }) => {
      await page.goto(site('/'));
      const search = page.getByRole('combobox', { name: 'Search the market' });
      await search.fill('energ');
      const option = page.getByRole('group', { name: 'Sectors' }).getByRole('option').first();
      await option.waitFor();
      const box = await page.locator('.shell-search-popup').boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `the results fit the screen: ${JSON.stringify(box)}`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');
      await option.click();
      await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('sector') === 'energy');
      // Phones get the sector's products as cards.
      await page.getByRole('link', { name: 'Solar Panel' }).first().waitFor();
    });
  });

  test('sort the stock ledger by price change, and the sort survives a reload', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      await page.goto(site('/materials'));
      await expectHeading(page, 'Stock Ledger');
      const header = page.getByRole('columnheader', { name: 'Price vs previous' });
      await header.getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'priceChange' && url.searchParams.get('dir') === 'desc');
      await sortedBy(page, 'Price vs previous', 'descending');
      const changes = (await columnTexts(page, 5)).map(signed);
      assert.ok(changes.length > 10, `the ledger lists the demo materials (${changes.length})`);
      assert.deepEqual(changes, [...changes].sort((a, b) => b - a), 'largest rise first');
      await page.reload();
      await expectHeading(page, 'Stock Ledger');
      await page.locator('table tbody tr').first().waitFor();
      await sortedBy(page, 'Price vs previous', 'descending');
      assert.deepEqual((await columnTexts(page, 5)).map(signed), changes);
      // Keyboard: Enter on a header button flips the order.
      await page.getByRole('columnheader', { name: 'Price vs previous' }).getByRole('button').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('dir') === 'asc');
      await sortedBy(page, 'Price vs previous', 'ascending');
      assert.deepEqual((await columnTexts(page, 5)).map(signed), [...changes].reverse().sort((a, b) => a - b));
      assert.deepEqual(pageErrors, []);
    });
  });

  test('filter the ledger and export what is shown as CSV', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await page.goto(site('/materials?sort=price&dir=desc'));
      await expectHeading(page, 'Stock Ledger');
      await page.locator('table tbody tr').first().waitFor();
      await page.getByRole('searchbox', { name: 'Filter materials' }).fill('o');
      await page.waitForURL((url) => url.searchParams.get('q') === 'o');
      await page.waitForFunction(() => [...document.querySelectorAll('table tbody th a')].every((a) => a.textContent.toLowerCase().includes('o')));
      const shown = await page.$$eval('table tbody th a', (links) => links.map((a) => a.textContent.trim()));
      assert.ok(shown.length > 0 && shown.every((name) => name.toLowerCase().includes('o')), `filtered: ${shown.join(', ')}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      assert.equal(download.suggestedFilename(), 'stock-ledger.csv');
      const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
      const lines = text.trimEnd().split('\r\n');
      assert.equal(lines[0], 'Material,Space / unit,Unit,Unit price,Inventory,Qty vs previous,Price vs previous');
      const rows = lines.slice(1).map((line) => line.split(','));
      assert.deepEqual(rows.map((r) => r[0]), shown, 'the rows shown, in the order shown');
      const prices = rows.map((r) => Number(r[3]));
      assert.deepEqual(prices, [...prices].sort((a, b) => b - a), 'sorted by unit price, highest first');
    });
  });

  test('every data page says when its numbers were updated; the demo market is old enough to be stale', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      for (const path of ['/products', '/materials', '/products/solar-panel', '/materials/Copper', '/market/profitability']) {
        await page.goto(site(path));
        const line = page.getByTestId('freshness');
        await line.waitFor();
        const text = (await line.locator('time').innerText()).trim();
        // The demo economy was stamped 2025-06-01: far more than two 30-minute cycles ago.
        assert.match(text, /^Updated \d+ days ago · the next market update is overdue$/, `${path}: ${text}`);
        assert.ok(await line.getByText('Stale').isVisible(), `${path}: stale badge`);
        const stamp = await line.locator('time').getAttribute('datetime');
        assert.equal(stamp, '2025-06-01T09:00:00.000Z');
      }
    });
  });

  test('the ranking’s old address /products/profitability leads to /market/profitability with its query, from the server and in the page', async () => {
    test.setTimeout(60_000);
    // The render server answers the old address itself: a 301 to the new one, the query kept.
    const answer = await fetch(site('/products/profitability?sort=margin&dir=asc'), { redirect: 'manual' });
    assert.equal(answer.status, 301);
    assert.equal(answer.headers.get('location'), '/market/profitability?sort=margin&dir=asc');
    await withBrowser({}, async ({ page, pageErrors }) => {
      const response = await page.goto(site('/products/profitability?sort=margin'));
      const redirected = response?.request().redirectedFrom();
      assert.equal((await redirected?.response())?.status(), 301, 'the browser was sent on by the server');
      const url = new URL(page.url());
      assert.equal(`${url.pathname}${url.search}`, '/market/profitability?sort=margin');
      await expectHeading(page, 'Profitability ranking');
      await sortedBy(page, 'Margin / Unit', 'descending');
      // An old link followed inside the page: the browser's router replaces it, query kept, no reload.
      await page.evaluate(() => {
        document.documentElement.dataset.sameDocument = 'yes';
        history.pushState(null, '', '/products/profitability?sort=marginPercent&dir=asc&sector=energy');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.waitForURL((u) => u.pathname === '/market/profitability' && u.search === '?sort=marginPercent&dir=asc&sector=energy');
      await sortedBy(page, 'Margin %', 'ascending');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.sameDocument), 'yes', 'no page load');
      assert.deepEqual(pageErrors, []);
    });
  });

  test('rank products by margin from the dashboard, re-sort by margin %, and read one product’s economics', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      await page.goto(site('/products'));
      await page.getByRole('link', { name: /Profitability ranking/ }).click();
      await page.waitForURL((url) => url.pathname === '/market/profitability');
      await expectHeading(page, 'Profitability ranking');
      const header = page.getByRole('columnheader', { name: 'Margin / Unit' });
      assert.equal(await header.getAttribute('aria-sort'), 'descending');
      await page.locator('table tbody tr').first().waitFor();
      const money = (t) => (t === '—' ? null : Number(t.replace(/\u2212/g, '-').replace(/[^0-9.-]/g, '')));
      const margins = (await columnTexts(page, 6)).map(money).filter((v) => v !== null);
      assert.ok(margins.length > 50, `the whole catalogue is ranked (${margins.length})`);
      assert.deepEqual(margins, [...margins].sort((a, b) => b - a));
      await page.getByRole('columnheader', { name: 'Margin %' }).getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'marginPercent');
      await sortedBy(page, 'Margin %', 'descending');
      const sector = page.getByRole('combobox', { name: 'Sector' });
      await sector.selectOption('energy');
      await page.waitForURL((url) => url.searchParams.get('sector') === 'energy');
      await page.waitForFunction(() => [...document.querySelectorAll('table tbody tr')].every((r) => r.children[1].textContent.trim() === 'energy'));
      const sectors = await columnTexts(page, 1);
      assert.ok(sectors.length > 0 && sectors.every((s) => s === 'energy'));
      const first = page.locator('table tbody tr th a').first();
      const name = (await first.innerText()).trim();
      await first.click();
      await expectHeading(page, name);
      const panel = page.getByRole('region', { name: 'Production economics' });
      await panel.getByText('Margin per unit = average price − materials cost − production cost.', { exact: false }).waitFor();
      await panel.getByRole('rowheader', { name: 'Margin per unit' }).waitFor();
      assert.deepEqual(pageErrors, []);
    });
  });
});
