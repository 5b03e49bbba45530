// Market intelligence for players: production margins, tables that sort, filter and export, freshness.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { FIRST_VIEW_ROWS } from '../../domain/src/constants';
import { CSV_BOM } from '../../domain/src/csv';
import { MINUS_SIGN } from '../../domain/src/format/delta';
import { paths } from '../../shared/src/paths';
import { withBrowser } from '../lib/browser';
import { expectHeading, waitForPath } from '../lib/flows';
import { site } from '../lib/stack';
import { test } from '../lib/test';

/** The signed number of a delta cell such as '+1.20 sbc' or '−0.40 sbc' (U+2212). */
const signed = (text: string) => Number(text.replaceAll(MINUS_SIGN, '-').replace(/[^0-9.+-]/g, ''));

/** The table after React has applied a URL change: waits until `aria-sort` shows on the named column header. */
const sortedBy = (page: Page, column: string, direction: 'ascending' | 'descending') =>
  page.locator(`th[aria-sort="${direction}"]`).filter({ hasText: column }).first().waitFor();

const columnTexts = (page: Page, index: number) =>
  page.$$eval('table tbody tr', (rows, i) => rows.map((r) => r.children[i].textContent?.trim() ?? ''), index);

/**
 * Column `index` of the table, parsed, once `check` passes on it: the rows are re-rendered after the URL (sort,
 * filter) changes, so the check is retried until they show it or the time is up.
 */
async function columnOnce<T>(page: Page, index: number, parse: (text: string) => T, check: (values: T[]) => void): Promise<T[]> {
  let values: T[] = [];
  await expect(async () => {
    values = (await columnTexts(page, index)).map(parse);
    check(values);
  }).toPass();
  return values;
}

const descending = (values: number[]) => [...values].sort((a, b) => b - a);
const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

test.describe('market intelligence', () => {
  test('search from the header: "/" focuses it, a partial name with a typo finds the product, Enter opens it', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      let indexQueries = 0;
      page.on('request', (request) => {
        if (request.url().includes(':runQuery') && (request.postData() ?? '').includes('"catalogIndex"')) indexQueries += 1;
      });
      await page.goto(site(paths.faq));
      await expectHeading(page, 'Frequently Asked Questions');
      expect(indexQueries, 'a page that is only read does not load the index').toBe(0);
      await page.keyboard.press('/');
      const search = page.getByRole('combobox', { name: 'Search the market' });
      await expect(search, '"/" focuses the search').toBeFocused();
      await page.keyboard.type('solr pan');
      const listbox = page.getByRole('listbox', { name: 'Search results' });
      await listbox.getByRole('group', { name: 'Products' }).getByRole('option', { name: /^Solar Panel/ }).waitFor();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('option', { selected: true })).toHaveCount(1);
      await page.keyboard.press('Enter');
      await waitForPath(page, paths.product('solar-panel'));
      await expectHeading(page, 'Solar Panel');
      // A second search in the same page reads nothing more: one query of the index shards per page.
      await page.keyboard.press('Control+k');
      await page.keyboard.type('coper');
      await page.getByRole('group', { name: 'Materials' }).getByRole('option', { name: /^Copper/ }).click();
      await waitForPath(page, paths.material('Copper'));
      expect(indexQueries, 'one index query for both searches').toBe(1);
      expect(pageErrors).toEqual([]);
    });
  });

  test('search on a phone: a full-width field, results fit the screen, a sector opens the dashboard on it', async () => {
    test.setTimeout(60_000);
    await withBrowser({ viewport: { width: 360, height: 740 } }, async ({ page }) => {
      await page.goto(site(paths.home));
      const search = page.getByRole('combobox', { name: 'Search the market' });
      await search.fill('energ');
      const option = page.getByRole('group', { name: 'Sectors' }).getByRole('option').first();
      await option.waitFor();
      await expect
        .poll(async () => {
          const box = await page.locator('.shell-search-popup').boundingBox();
          return box && box.x >= 0 && box.x + box.width <= 360;
        }, { message: 'the results fit the screen' })
        .toBe(true);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { message: 'no sideways scroll' }).toBe(true);
      await option.click();
      await expect(page).toHaveURL((url) => url.pathname === paths.products && url.searchParams.get('sector') === 'energy');
      // Phones get the sector's products as cards.
      await page.getByRole('link', { name: 'Solar Panel' }).first().waitFor();
    });
  });

  test('sort the stock ledger by price change, and the sort survives a reload', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      await page.goto(site(paths.materials));
      await expectHeading(page, 'Stock Ledger');
      const header = page.getByRole('columnheader', { name: 'Price vs previous' });
      await header.getByRole('button').click();
      await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'priceChange' && url.searchParams.get('dir') === 'desc');
      await sortedBy(page, 'Price vs previous', 'descending');
      const changes = await columnOnce(page, 5, signed, (values) => {
        expect(values.length, `the ledger lists the demo materials (${values.length})`).toBeGreaterThan(10);
        expect(values, 'largest rise first').toEqual(descending(values));
      });
      await page.reload();
      await expectHeading(page, 'Stock Ledger');
      await page.locator('table tbody tr').first().waitFor();
      await sortedBy(page, 'Price vs previous', 'descending');
      await columnOnce(page, 5, signed, (values) => expect(values).toEqual(changes));
      // Keyboard: Enter on a header button flips the order.
      await page.getByRole('columnheader', { name: 'Price vs previous' }).getByRole('button').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.searchParams.get('dir') === 'asc');
      await sortedBy(page, 'Price vs previous', 'ascending');
      // The first rows of the other end of the whole ledger (more materials than its first view): smallest first, none
      // above the smallest of the first rows high to low.
      await columnOnce(page, 5, signed, (values) => {
        expect(values).toEqual(ascending(values));
        expect(values[0]).toBeLessThanOrEqual(changes[changes.length - 1]);
      });
      expect(pageErrors).toEqual([]);
    });
  });

  test('filter the ledger and export what is shown as CSV', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(`${paths.materials}?sort=price&dir=desc`));
      await expectHeading(page, 'Stock Ledger');
      await page.locator('table tbody tr').first().waitFor();
      await page.getByRole('searchbox', { name: 'Filter materials' }).fill('o');
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'o');
      let shown: string[] = [];
      await expect(async () => {
        shown = await page.$$eval('table tbody th a', (links) => links.map((a) => a.textContent?.trim() ?? ''));
        expect(shown.length > 0 && shown.every((name) => name.toLowerCase().includes('o')), `filtered: ${shown.join(', ')}`).toBe(true);
      }).toPass();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('stock-ledger.csv');
      const text = readFileSync(await download.path(), 'utf8');
      expect(text.startsWith(CSV_BOM), 'a byte order mark first, for spreadsheets').toBe(true);
      const lines = text.slice(CSV_BOM.length).trimEnd().split('\r\n');
      expect(lines[0]).toBe('Material,Space / unit,Unit,Unit price,Inventory,Qty vs previous,Price vs previous');
      const rows = lines.slice(1).map((line) => line.split(','));
      expect(rows.map((r) => r[0]), 'the rows shown, in the order shown').toEqual(shown);
      const prices = rows.map((r) => Number(r[3]));
      expect(prices, 'sorted by unit price, highest first').toEqual(descending(prices));
    });
  });

  test('every data page says when its numbers were updated; the demo market is old enough to be stale', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      for (const path of [paths.products, paths.materials, paths.product('solar-panel'), paths.material('Copper'), paths.profitability]) {
        await page.goto(site(path));
        const line = page.getByTestId('freshness');
        await line.waitFor();
        // The demo economy was stamped 2025-06-01: far more than two 30-minute cycles ago.
        await expect(line.locator('time'), path).toHaveText(/^Updated \d+ days ago · the next market update is overdue$/, { useInnerText: true });
        await expect(line.getByText('Stale'), `${path}: stale badge`).toBeVisible();
        await expect(line.locator('time')).toHaveAttribute('datetime', '2025-06-01T09:00:00.000Z');
      }
    });
  });

  test('the ranking’s old address /products/profitability leads to /market/profitability with its query, from the server and in the page', async () => {
    test.setTimeout(60_000);
    // The render server answers the old address itself: a 301 to the new one, the query kept.
    const answer = await fetch(site('/products/profitability?sort=margin&dir=asc'), { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(`${paths.profitability}?sort=margin&dir=asc`);
    await withBrowser({}, async ({ page, pageErrors }) => {
      const response = await page.goto(site('/products/profitability?sort=margin'));
      const redirected = response?.request().redirectedFrom();
      expect((await redirected?.response())?.status(), 'the browser was sent on by the server').toBe(301);
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === `${paths.profitability}?sort=margin`);
      await expectHeading(page, 'Profitability ranking');
      await sortedBy(page, 'Margin / Unit', 'descending');
      // An old link followed inside the page: the browser's router replaces it, query kept, no reload.
      await page.evaluate(() => {
        document.documentElement.dataset.sameDocument = 'yes';
        history.pushState(null, '', '/products/profitability?sort=marginPercent&dir=asc&sector=energy');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page).toHaveURL((u) => u.pathname === paths.profitability && u.search === '?sort=marginPercent&dir=asc&sector=energy');
      await sortedBy(page, 'Margin %', 'ascending');
      await expect(page.locator('html'), 'no page load').toHaveAttribute('data-same-document', 'yes');
      expect(pageErrors).toEqual([]);
    });
  });

  test("the ranking arrives as HTML with its first rows, ranked where the catalogue is; a sort reads that sort's first rows, \"Show all\" the whole compact ranking once", async () => {
    test.setTimeout(90_000);
    type Row = { slug: string; name: string };
    const apiSlugs = async (search: string) => ((await (await fetch(site(`/api/v1/plan/profitability?limit=${FIRST_VIEW_ROWS}${search}`))).json()) as { data: Row[] }).data.map((row) => row.slug);
    const renderedSlugs = (html: string) => [...html.matchAll(/<th scope="row"><a[^>]*href="\/products\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));
    const response = await fetch(site(paths.profitability));
    expect(response.headers.get('x-render')).toMatch(/render|cache/);
    // Issue 36: the page records the ranking's first rows (plan.getProfitability), never the product list or the ledger.
    const html = await response.text();
    const state = /<script[^>]*id="sbc-ssr-state"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const reads = [...new Set([...state.matchAll(/"key":"([a-zA-Z]+\.[a-zA-Z]+)\(/g)].map((m) => m[1]))].sort();
    expect(reads).toEqual(['game.getDate', 'game.getStats', 'plan.getProfitability']);
    // The rows in the HTML are the API's first rows, in its order; a sorted address's are the API's first rows of that sort.
    const ranked = await apiSlugs('');
    expect(ranked).toHaveLength(FIRST_VIEW_ROWS);
    expect(renderedSlugs(html)).toEqual(ranked);
    const quickest = await apiSlugs('&sort=leadTime&dir=asc');
    expect(quickest).not.toEqual(ranked);
    expect(renderedSlugs(await (await fetch(site(`${paths.profitability}?sort=leadTime&dir=asc`))).text())).toEqual(quickest);
    await withBrowser({}, async ({ page, pageErrors }) => {
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/v1/') || url.pathname.startsWith('/v1/projects/')) asked.push(`${url.pathname}${url.search}`);
      });
      await page.goto(site(paths.profitability));
      await expectHeading(page, 'Profitability ranking');
      await expect(page.locator('table tbody tr')).toHaveCount(FIRST_VIEW_ROWS);
      await page.waitForLoadState('networkidle');
      expect(asked, 'hydrated from the HTML: nothing read').toEqual([]);
      const shownSlugs = () => page.locator('table tbody th a').evaluateAll((links) => links.map((a) => decodeURIComponent(new URL((a as HTMLAnchorElement).href).pathname.split('/').pop() ?? '')));
      await page.getByRole('columnheader', { name: 'Avg Price' }).getByRole('button').click();
      await sortedBy(page, 'Avg Price', 'descending');
      // The dearest 20 of the whole catalogue, sorted where it is: the API's first rows of that sort.
      const dearest = await apiSlugs('&sort=price&dir=desc');
      await expect.poll(shownSlugs).toEqual(dearest);
      const prices = (t: string) => Number(t.replace(/[^0-9.-]/g, ''));
      await columnOnce(page, 3, prices, (values) => expect(values).toEqual(descending(values)));
      expect(asked, "the sort's first rows, from the open data API").toEqual([`/api/v1/plan/profitability?limit=${FIRST_VIEW_ROWS}&sort=price&dir=desc`]);
      // Every row: the whole compact ranking, read once; a sector chosen then narrows it in the page.
      await page.getByRole('button', { name: /^Show all \d+$/ }).click();
      await expect(page.getByText(/^Showing \d+ of/)).toHaveCount(0);
      await page.getByRole('combobox', { name: 'Sector' }).selectOption('energy');
      await columnOnce(page, 1, String, (sectors) => expect(sectors.length > 0 && sectors.every((s) => s === 'energy')).toBe(true));
      await columnOnce(page, 3, prices, (values) => expect(values).toEqual(descending(values)));
      expect(asked.slice(1), 'one read of the whole compact ranking').toEqual(['/api/v1/plan/profitability']);
      expect(pageErrors).toEqual([]);
    });
  });

  test('rank products by margin from the dashboard, re-sort by margin %, and read one product’s economics', async () => {
    test.setTimeout(90_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      await page.goto(site(paths.products));
      await page.getByRole('link', { name: /Profitability ranking/ }).click();
      await waitForPath(page, paths.profitability);
      await expectHeading(page, 'Profitability ranking');
      await expect(page.getByRole('columnheader', { name: 'Margin / Unit' })).toHaveAttribute('aria-sort', 'descending');
      await page.locator('table tbody tr').first().waitFor();
      // The first 20 of the ranking (issue 36: a page renders what it shows), then the whole catalogue, still ranked.
      await expect(page.locator('table tbody tr')).toHaveCount(FIRST_VIEW_ROWS);
      await expect(page.getByText(new RegExp(`^Showing ${FIRST_VIEW_ROWS} of \\d+ products\\.$`))).toBeVisible();
      await page.getByRole('button', { name: /^Show all \d+$/ }).click();
      await expect(page.getByText(/^Showing \d+ of/)).toHaveCount(0);
      const money = (t: string) => (t === '—' ? null : Number(t.replaceAll(MINUS_SIGN, '-').replace(/[^0-9.-]/g, '')));
      await columnOnce(page, 6, money, (values) => {
        const margins = values.filter((v): v is number => v !== null);
        expect(margins.length, `the whole catalogue is ranked (${margins.length})`).toBeGreaterThan(50);
        expect(margins).toEqual(descending(margins));
      });
      await page.getByRole('columnheader', { name: 'Margin %' }).getByRole('button').click();
      await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'marginPercent');
      await sortedBy(page, 'Margin %', 'descending');
      await page.getByRole('combobox', { name: 'Sector' }).selectOption('energy');
      await expect(page).toHaveURL((url) => url.searchParams.get('sector') === 'energy');
      await columnOnce(page, 1, String, (sectors) => expect(sectors.length > 0 && sectors.every((s) => s === 'energy')).toBe(true));
      const first = page.locator('table tbody tr th a').first();
      const name = (await first.innerText()).trim();
      await first.click();
      await expectHeading(page, name);
      const panel = page.getByRole('region', { name: 'Production economics' });
      await panel.getByText('Margin per unit = average price − materials cost − production cost.', { exact: false }).waitFor();
      await panel.getByRole('rowheader', { name: 'Margin per unit' }).waitFor();
      expect(pageErrors).toEqual([]);
    });
  });
});
