// A page that looks ready must never ignore a tap. On a throttled phone (lib/phone-profile.ts) every control of
// the public pages is used as soon as it is painted — before the page's scripts have arrived, which the journey
// checks — and its effect is asserted once the page has settled. How each control works that early is in
// docs/first-paint.md: links and <summary> are plain HTML; the theme toggle has an inline handler; every other
// input is recorded by the page's inline early-input script and replayed after hydration
// (shell/src/ssr/early-input.ts). Then the plain-HTML ones again with JavaScript switched off.
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { FIRST_VIEW_ROWS } from '../../domain/src/constants';
import { paths } from '../../shared/src/paths';
import { THEME_STORAGE_KEY } from '../../shared/src/ui/theme';
import { type BrowserOptions, HYDRATED_ATTRIBUTE, withBrowser } from '../lib/browser';
import { bulkSectorDocuments, deleteDocumentsAsAdmin, writeDocumentsAsAdmin } from '../lib/bulk-sector';
import { openWithScriptsHeld, PHONE } from '../lib/phone-profile';
import { firestoreExport, purgeRenderCache, site } from '../lib/stack';
import { test } from '../lib/test';

/** After painting, the page hydrates within this (4x CPU, 1.6 Mbps): generous, it is only a ceiling. */
const SETTLE_MS = 30_000;

/**
 * Opens `path` on the phone and returns as soon as `ready` is visible, without waiting for any script: they are held
 * back until the test has acted (`pendingRelease`, lib/phone-profile.ts `openWithScriptsHeld`).
 */
async function openAtFirstPaint(page: Page, path: string, ready: Locator) {
  pendingRelease = await openWithScriptsHeld(page, site(path));
  await ready.waitFor({ state: 'visible', timeout: SETTLE_MS });
}

/** Lets the page's scripts load (after the visitor acted). */
let pendingRelease = () => {};

/** The journey means something only if the page was not hydrated yet when the visitor acted; then the scripts load. */
async function expectNotHydratedYet(page: Page) {
  // Read once, on purpose: the state at the moment the visitor acted (waiting would see the page hydrate).
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'no'), 'the visitor acted before hydration').toBe('no');
  pendingRelease();
}

async function expectHydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute(HYDRATED_ATTRIBUTE, 'true', { timeout: SETTLE_MS });
}

const onPhone: BrowserOptions = { viewport: PHONE.viewport, waitForHydration: false, contextOptions: PHONE.contextOptions };

test.describe('a tap at first paint takes effect (phone profile: 4x CPU, slow 4G)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an FAQ question opens, and stays open once the page is hydrated', async () => {
    await withBrowser(onPhone, async ({ page }) => {
      const question = page.locator('summary').first();
      await openAtFirstPaint(page, paths.faq, question);
      await question.click();
      await expectNotHydratedYet(page);
      await expectHydrated(page);
      await expect(page.locator('details').first()).toHaveAttribute('open', '');
    });
  });

  test('a row of the stock ledger opens its material', async () => {
    await withBrowser(onPhone, async ({ page }) => {
      await page.setViewportSize({ width: 1024, height: 800 });
      const cell = page.locator('table tbody tr').first().locator('td').first();
      await openAtFirstPaint(page, paths.materials, cell);
      await cell.click();
      await expectNotHydratedYet(page);
      await expect(page).toHaveURL(/\/materials\/[^/]+$/, { timeout: SETTLE_MS });
    });
  });

  test('"Return to sectors" on an unknown product goes to the sectors', async () => {
    await withBrowser(onPhone, async ({ page }) => {
      const back = page.getByRole('link', { name: 'Return to sectors' });
      await openAtFirstPaint(page, paths.product('no-such-asset'), back);
      await back.click();
      await expect(page).toHaveURL(/\/products$/, { timeout: SETTLE_MS });
      await expect(page.getByRole('heading', { level: 1, name: 'Product Categories' })).toBeVisible();
    });
  });

  test('a sector in the heatmap becomes the selected sector', async () => {
    await withBrowser(onPhone, async ({ page }) => {
      const sector = page.getByRole('button', { name: /^Rank 2\b/ });
      await openAtFirstPaint(page, paths.products, sector);
      await sector.click();
      await expectNotHydratedYet(page);
      await expect(sector).toHaveAttribute('aria-pressed', 'true', { timeout: SETTLE_MS });
      await expect(page).toHaveURL(/[?&]sector=/);
    });
  });

  test('"Colour by" in the heatmap colours the sectors by the chosen figure', async () => {
    await withBrowser(onPhone, async ({ page }) => {
      const colourBy = page.getByRole('combobox', { name: 'Colour by' });
      await openAtFirstPaint(page, paths.products, colourBy);
      await colourBy.selectOption({ label: 'Listings' });
      await expectNotHydratedYet(page);
      await expect(page).toHaveURL(/[?&]heat=listings\b/, { timeout: SETTLE_MS });
      await expect(page.getByText('Listings: lighter is lower, darker is higher')).toBeVisible();
      await expect(colourBy).toHaveValue('listings');
    });
  });

  test('the theme toggle switches the theme at once, and the choice is remembered', async () => {
    await withBrowser(onPhone, async ({ page }) => {
      const toggle = page.getByRole('button', { name: 'Switch to dark theme' });
      await openAtFirstPaint(page, paths.faq, toggle);
      await toggle.click();
      await expectNotHydratedYet(page);
      // Before any script of the page: the inline handler switched it.
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expectHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');
    });
  });

  test('typing "sol" in the header search shows Solar Panel', async () => {
    await withBrowser(onPhone, async ({ page }) => {
      const search = page.getByRole('combobox', { name: 'Search the market' });
      await openAtFirstPaint(page, paths.faq, search);
      await search.click();
      await search.pressSequentially('sol');
      await expectNotHydratedYet(page);
      await expect(page.getByRole('option', { name: /^Solar Panel/ })).toBeVisible({ timeout: SETTLE_MS });
      await expect(search).toHaveValue('sol');
      await expect(search).toBeFocused();
    });
  });

  test("a guest's watch star offers sign-in", async () => {
    await withBrowser(onPhone, async ({ page }) => {
      const star = page.getByRole('button', { name: 'Watch Solar Panel' });
      await openAtFirstPaint(page, paths.product('solar-panel'), star);
      await star.click();
      await expectNotHydratedYet(page);
      await expect(page.getByText('Sign in to keep a watchlist of products and materials.')).toBeVisible({ timeout: SETTLE_MS });
    });
  });

  test("a guest's watch star on a sector's product card offers sign-in (the cards hydrate apart, after the page)", async () => {
    await withBrowser(onPhone, async ({ page }) => {
      const star = page.getByRole('list', { name: 'Products trading in energy' }).getByRole('button', { name: 'Watch Solar Panel' });
      await openAtFirstPaint(page, `${paths.products}?sector=energy`, star);
      await star.click();
      await expectNotHydratedYet(page);
      await expect(page.getByText('Sign in to keep a watchlist of products and materials.')).toBeVisible({ timeout: SETTLE_MS });
    });
  });

  test('a column sort on /materials sorts the ledger', async () => {
    await withBrowser(onPhone, async ({ page }) => {
      await page.setViewportSize({ width: 1024, height: 800 });
      const sortByPrice = page.getByRole('columnheader', { name: /Unit price/i }).getByRole('button');
      await openAtFirstPaint(page, paths.materials, sortByPrice);
      await sortByPrice.click();
      await expectNotHydratedYet(page);
      await expect(page.getByRole('columnheader', { name: /Unit price/i })).toHaveAttribute('aria-sort', /ascending|descending/, { timeout: SETTLE_MS });
      await expect(page).toHaveURL(/[?&]sort=/);
    });
  });

  test.describe(`a sector larger than its first page: its page holds ${FIRST_VIEW_ROWS} rows, a control at first paint acts on every product (issue 36)`, () => {
    const { products, statRow } = bulkSectorDocuments({ category: 'bulk', count: 120, prefix: 'Bulk' });
    const path = `${paths.products}?sector=bulk`;
    test.beforeAll(async () => {
      await writeDocumentsAsAdmin([...products, statRow]);
      purgeRenderCache();
    });
    test.afterAll(async () => {
      await deleteDocumentsAsAdmin([...products, statRow].map((doc) => doc.path));
      purgeRenderCache();
    });

    test('a column sort sorts the whole sector, read once the page is hydrated', async () => {
      const prices = products.map((doc) => ({ name: String(doc.data.name), price: Number(doc.data.average_market_price) }));
      const top = Math.max(...prices.map((p) => p.price));
      const dearest = prices.filter((p) => p.price === top).map((p) => p.name);
      const firstPage = prices.map((p) => p.name).sort((a, b) => a.localeCompare(b)).slice(0, FIRST_VIEW_ROWS);
      // The test means something only if the dearest product is not among the rows the page arrived with.
      expect(dearest.some((name) => firstPage.includes(name))).toBe(false);
      await withBrowser(onPhone, async ({ page }) => {
        await page.setViewportSize({ width: 1280, height: 800 });
        const sortByPrice = page.getByRole('columnheader', { name: /Avg Price/ }).getByRole('button');
        await openAtFirstPaint(page, path, sortByPrice);
        await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(FIRST_VIEW_ROWS);
        await sortByPrice.click();
        await expectNotHydratedYet(page);
        await expect(page.getByRole('columnheader', { name: /Avg Price/ })).toHaveAttribute('aria-sort', 'descending', { timeout: SETTLE_MS });
        await expect(page.getByRole('table').getByRole('rowheader').first()).toHaveText(new RegExp(`^${dearest[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), { timeout: SETTLE_MS });
        await expect(page.getByText('120 rows', { exact: true })).toBeVisible();
      });
    });

    test('Export CSV holds every product of the sector', async () => {
      await withBrowser({ ...onPhone, contextOptions: { ...PHONE.contextOptions, acceptDownloads: true } }, async ({ page }) => {
        const exportCsv = page.getByRole('button', { name: 'Export CSV' });
        await openAtFirstPaint(page, path, exportCsv);
        const download = page.waitForEvent('download', { timeout: SETTLE_MS });
        await exportCsv.click();
        await expectNotHydratedYet(page);
        const file = await download;
        expect(file.suggestedFilename()).toBe('bulk-products.csv');
        const text = readFileSync(await file.path(), 'utf8');
        // The header and one line per product.
        expect(text.trim().split('\r\n')).toHaveLength(121);
      });
    });
  });

  test.describe(`a ledger larger than its first rows: /materials holds ${FIRST_VIEW_ROWS} rows, a control at first paint acts on every material (issue 36)`, () => {
    // 80 materials beside the demo's 44, named to sort after them: the dearest is not among the first rows.
    const materials = Array.from({ length: 80 }, (_, i) => ({
      path: `materials/Zz Bulk Material ${String(i).padStart(3, '0')}`,
      data: { id: 9000 + i, unit: 'kg', spaceRequired: 1, value: i === 79 ? 999_999 : 1 + i / 100, amount: 10 + i, lastqty: 10, lastvalue: 1, startqty: 10, startvalue: 1 },
    }));
    const dearest = 'Zz Bulk Material 079';
    /** The ledger's number of materials, as the stack holds them (the demo's and these). */
    const ledgerTotal = async () => (await firestoreExport()).documents.filter((doc) => doc.path.startsWith('materials/') && doc.path !== 'materials/list').length;
    test.beforeAll(async () => {
      await writeDocumentsAsAdmin(materials);
      purgeRenderCache();
    });
    test.afterAll(async () => {
      await deleteDocumentsAsAdmin(materials.map((doc) => doc.path));
      purgeRenderCache();
    });

    test('a column sort sorts the whole ledger, read once the page is hydrated', async () => {
      await withBrowser(onPhone, async ({ page }) => {
        await page.setViewportSize({ width: 1280, height: 800 });
        const sortByPrice = page.getByRole('columnheader', { name: /Unit price/i }).getByRole('button');
        await openAtFirstPaint(page, paths.materials, sortByPrice);
        const rows = page.getByRole('table', { name: 'Stock Ledger' }).getByRole('rowheader');
        await expect(rows).toHaveCount(FIRST_VIEW_ROWS);
        await expect(page.getByRole('table', { name: 'Stock Ledger' }).getByRole('link', { name: dearest })).toHaveCount(0);
        await sortByPrice.click();
        await expectNotHydratedYet(page);
        await expect(page.getByRole('columnheader', { name: /Unit price/i })).toHaveAttribute('aria-sort', /ascending|descending/, { timeout: SETTLE_MS });
        await expect(page).toHaveURL(/[?&]sort=price/);
        // Sorted high to low (a numeric column's first click), the dearest material, read with the rest, comes first.
        await expect(page.getByRole('columnheader', { name: /Unit price/i })).toHaveAttribute('aria-sort', 'descending');
        await expect(rows.first().getByRole('link', { name: dearest, exact: true })).toBeVisible({ timeout: SETTLE_MS });
        await expect(page.getByText(`${await ledgerTotal()} rows`, { exact: true })).toBeVisible({ timeout: SETTLE_MS });
      });
    });

    test('Export CSV holds every material of the ledger', async () => {
      await withBrowser({ ...onPhone, contextOptions: { ...PHONE.contextOptions, acceptDownloads: true } }, async ({ page }) => {
        const exportCsv = page.getByRole('button', { name: 'Export CSV' });
        await openAtFirstPaint(page, paths.materials, exportCsv);
        const download = page.waitForEvent('download', { timeout: SETTLE_MS });
        await exportCsv.click();
        await expectNotHydratedYet(page);
        const file = await download;
        expect(file.suggestedFilename()).toBe('stock-ledger.csv');
        const text = readFileSync(await file.path(), 'utf8');
        // The header and one line per material: the demo's and these 80.
        expect(text.trim().split('\r\n')).toHaveLength((await ledgerTotal()) + 1);
        expect(text).toContain(dearest);
      });
    });
  });

  test('the chart range on a product keeps the chosen range', async () => {
    await withBrowser(onPhone, async ({ page }) => {
      // The daily-average charts' range (the recorded history has a range control of its own).
      const week = page.getByRole('group', { name: 'Chart range' }).getByRole('radio', { name: '7 days' });
      await openAtFirstPaint(page, paths.product('solar-panel'), week);
      await week.check();
      await expectNotHydratedYet(page);
      await expectHydrated(page);
      await expect(page).toHaveURL(/[?&]range=7/, { timeout: SETTLE_MS });
      await expect(week).toBeChecked();
    });
  });

  test('Export CSV downloads the ledger', async () => {
    await withBrowser({ ...onPhone, contextOptions: { ...PHONE.contextOptions, acceptDownloads: true } }, async ({ page }) => {
      const exportCsv = page.getByRole('button', { name: 'Export CSV' });
      await openAtFirstPaint(page, paths.materials, exportCsv);
      const download = page.waitForEvent('download', { timeout: SETTLE_MS });
      await exportCsv.click();
      await expectNotHydratedYet(page);
      expect((await download).suggestedFilename()).toBe('stock-ledger.csv');
    });
  });
});

test.describe('the plain-HTML controls with JavaScript switched off', () => {
  const noScript: BrowserOptions = { waitForHydration: false, contextOptions: { javaScriptEnabled: false } };

  test('"Return to sectors" and "Back to sectors" are links that work without JavaScript', async () => {
    await withBrowser(noScript, async ({ page }) => {
      await page.goto(site(paths.product('no-such-asset')));
      await page.getByRole('link', { name: 'Return to sectors' }).click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Product Categories' })).toBeVisible();
      await page.goto(site(paths.product('solar-panel')));
      await page.getByRole('link', { name: 'Back to sectors' }).click();
      await expect(page).toHaveURL(/\/products$/);
    });
  });

  test('an FAQ answer opens and a material opens from the ledger without JavaScript', async () => {
    await withBrowser(noScript, async ({ page }) => {
      await page.goto(site(paths.faq));
      await page.locator('summary').first().click();
      await expect(page.locator('details').first()).toHaveAttribute('open', '');
      await page.goto(site(paths.materials));
      await page.locator('table tbody tr').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/materials\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});
