// What visitors come for, against the seeded demo economy.
import { expect } from '@playwright/test';
import { paths } from '../../shared/src/paths';
import { withBrowser } from '../lib/browser';
import { expectHeading, waitForPath } from '../lib/flows';
import { settled } from '../lib/settle';
import { site } from '../lib/stack';
import { test } from '../lib/test';

test.describe('public site', () => {
  test('home shows the three live statistics with real figures, not dashes', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.home));
      // Seeded: 1,232 HQs → '1k+', market value ≈ 3.49e9 → '3.49B SBC', 4,637 players (stored as a string) → '4k+'.
      await expect(page.locator('.ps-stats__item dd')).toHaveText(['1k+', '3.49B SBC', '4k+']);
    });
  });

  test('select a sector, share its URL, and open a product from it', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.products));
      await expectHeading(page, 'Product Categories');
      await page.getByText('Tap a sector to drill into tradable assets.').waitFor();
      const energy = page.getByRole('button', { name: /energy/i }).first();
      await energy.click();
      await expect(page).toHaveURL((url) => url.searchParams.get('sector') === 'energy');
      // The pressed state follows the URL's sector: it shows once React has applied the change, after the URL.
      await expect(energy).toHaveAttribute('aria-pressed', 'true');
      const table = page.getByRole('table', { name: 'Products trading in energy' });
      await table.getByRole('link', { name: 'Solar Panel' }).waitFor();
      // The sector survives a reload.
      await page.reload();
      await page.getByRole('table', { name: 'Products trading in energy' }).getByRole('link', { name: 'Solar Panel' }).click();
      await waitForPath(page, paths.product('solar-panel'));
      await expectHeading(page, 'Solar Panel');
      await page.getByText('Production Enabled').waitFor();
      await page.getByText('Request Index Trend').first().waitFor();
      await page.getByRole('link', { name: 'Back to sectors' }).click();
      await waitForPath(page, paths.products);
    });
  });

  test('the detail charts follow their container width and show a tooltip on hover', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      await page.goto(site(paths.product('solar-panel')));
      const demand = page.getByRole('img', { name: /^Request index over \d+ days/ });
      // The chart code downloads when the chart comes near the screen, as a reader scrolls to it (the heading
      // stays put; the chart's box is replaced by the chart).
      await page.getByRole('heading', { name: 'Request Index Trend' }).scrollIntoViewIfNeeded();
      const canvas = demand.locator('canvas');
      await canvas.waitFor();
      const width = () => canvas.evaluate((c) => Math.round(c.getBoundingClientRect().width));
      const wide = await width();
      await page.setViewportSize({ width: 700, height: 900 });
      // It changes with the window (wider or narrower, as the grid reflows) and fills its chart box.
      await expect.poll(async () => Math.abs((await width()) - wide), { message: 'the canvas follows the window' }).toBeGreaterThan(50);
      const gapToItsBox = () =>
        canvas.evaluate((c) => Math.abs(c.getBoundingClientRect().width - (c.closest('[role="img"]')?.getBoundingClientRect().width ?? 0)));
      await expect.poll(gapToItsBox, { message: `the canvas fills its chart box (${wide} px before)` }).toBeLessThan(2);
      await demand.scrollIntoViewIfNeeded();
      const box = await demand.boundingBox();
      if (!box) throw new Error('the chart has no box');
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
      await demand.getByText(/Request index/).waitFor();
      await demand.getByText(/\d+%/).first().waitFor();
      expect(pageErrors).toEqual([]);
    });
  });

  test('every public page carries its own search-engine and share metadata; a product page has Product structured data', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      const meta = () =>
        page.evaluate(() => {
          const content = (attr: string, key: string) => document.head.querySelector(`meta[${attr}="${key}"]`)?.getAttribute('content') ?? null;
          const ld = document.head.querySelector('script[type="application/ld+json"]');
          return {
            title: document.title,
            description: content('name', 'description'),
            robots: content('name', 'robots'),
            ogTitle: content('property', 'og:title'),
            ogUrl: content('property', 'og:url'),
            ogImage: content('property', 'og:image'),
            canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
            twitterCard: content('name', 'twitter:card'),
            twitterImage: content('name', 'twitter:image'),
            jsonLd: ld ? JSON.parse(ld.textContent ?? 'null') : null,
          };
        });
      const titles = new Set<string>();
      const images = new Set<string>();
      const pages: Array<[string, string | RegExp]> = [
        [paths.home, /Build a business empire/],
        [paths.products, 'Product Categories'],
        [paths.materials, 'Stock Ledger'],
        [paths.faq, 'Frequently Asked Questions'],
        [paths.material('Copper'), 'Copper'],
        [paths.product('solar-panel'), 'Solar Panel'],
      ];
      for (const [path, heading] of pages) {
        await page.goto(site(path));
        await expectHeading(page, heading);
        // A detail page first titles itself as loading; its own title follows the record.
        if (typeof heading === 'string' && path.split('/').length > 2) await expect(page).toHaveTitle(new RegExp(`^${heading}`));
        // The head as the page keeps it, once it has settled on it (every tag is the page's own, in one update).
        await expect
          .poll(async () => {
            const m = await meta();
            return {
              titleAndDescription: Boolean(m.title && m.description),
              ogTitleIsTheTitle: m.ogTitle === m.title,
              robots: m.robots,
              twitterCard: m.twitterCard,
              ogUrl: m.ogUrl,
              canonicalIsOgUrl: m.canonical === m.ogUrl,
              absoluteOgImage: /^https?:\/\//.test(m.ogImage ?? ''),
              twitterImageIsOgImage: m.twitterImage === m.ogImage,
            };
          }, { message: `${path}: its title, description, robots, Open Graph and Twitter tags, canonical link` })
          .toEqual({
            titleAndDescription: true,
            ogTitleIsTheTitle: true,
            robots: 'index, follow',
            twitterCard: 'summary_large_image',
            ogUrl: new URL(path, page.url()).href,
            canonicalIsOgUrl: true,
            absoluteOgImage: true,
            twitterImageIsOgImage: true,
          });
        const m = await meta();
        titles.add(m.title);
        if (m.ogImage) images.add(m.ogImage);
      }
      expect(titles.size, 'each page has its own title').toBe(pages.length);
      // The site's share card is served, and is a raster image (link previews do not accept SVG).
      for (const image of images) {
        const response = await page.request.get(image);
        expect(response.status(), `${image} is served`).toBe(200);
        expect(response.headers()['content-type'] ?? '', `${image} is a PNG or JPEG`).toMatch(/^image\/(png|jpeg)/);
      }
      await expect(page).toHaveTitle(/Solar Panel/);
      await expect
        .poll(async () => {
          const product = (await meta()).jsonLd;
          return { type: product?.['@type'], name: product?.name, priceCurrency: product?.offers?.priceCurrency };
        })
        .toEqual({ type: 'Product', name: 'Solar Panel', priceCurrency: 'USD' });
    });
  });

  test('a missing product slug shows Asset not found with a way back', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.product('no-such-asset')));
      await expectHeading(page, 'Asset not found');
      await page.getByRole('link', { name: 'Return to sectors' }).click();
      await waitForPath(page, paths.products);
    });
  });

  test('open a material from the Stock Ledger', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.materials));
      await expectHeading(page, 'Stock Ledger');
      await page.getByRole('table', { name: 'Stock Ledger' }).getByRole('link', { name: 'Copper', exact: true }).click();
      await waitForPath(page, paths.material('Copper'));
      await expectHeading(page, 'Copper');
      await page.getByRole('link', { name: 'Back to materials' }).waitFor();
    });
  });

  test('several FAQ answers can be open at once', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.faq));
      await expectHeading(page, 'Frequently Asked Questions');
      const summaries = page.locator('details.ps-faq__item > summary');
      await expect(summaries).toHaveCount(6);
      await summaries.nth(0).click();
      await summaries.nth(4).click();
      await expect(page.locator('details.ps-faq__item[open]')).toHaveCount(2);
      await page.getByRole('link', { name: 'Look at the sectors' }).waitFor();
    });
  });

  test('a phone-width screen shows cards instead of tables', async () => {
    await withBrowser({ viewport: { width: 375, height: 800 } }, async ({ page }) => {
      await page.goto(site(paths.materials));
      await expectHeading(page, 'Stock Ledger');
      const cards = page.getByRole('list', { name: 'Stock Ledger' });
      await cards.getByRole('link', { name: 'Copper', exact: true }).waitFor();
      await expect(page.getByRole('table', { name: 'Stock Ledger' })).toBeHidden();
      // A tap on the card's figures, not on its name link, opens the material (the link stretches over the card).
      // (Playwright's own click refuses: it sees the link covering the figures, which is the point.)
      const inventory = cards.getByRole('listitem').filter({ hasText: 'Copper' }).getByText('Inventory');
      await inventory.scrollIntoViewIfNeeded();
      const figures = await inventory.boundingBox();
      if (!figures) throw new Error('the inventory figure has no box');
      await page.mouse.click(figures.x + figures.width / 2, figures.y + figures.height / 2);
      await waitForPath(page, paths.material('Copper'));
      await expectHeading(page, 'Copper');
      await page.goto(site(`${paths.products}?sector=energy`));
      await page.getByRole('list', { name: 'Products trading in energy' }).getByRole('link', { name: /Solar Panel/ }).waitFor();
      await expect(page.getByRole('table', { name: 'Products trading in energy' })).toBeHidden();
      await waitForPath(page, paths.products);
    });
  });

  test('a player finds the open data API from the footer and its examples answer as the page says', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.faq));
      await page.getByRole('contentinfo').getByRole('link', { name: 'Open data API' }).click();
      await waitForPath(page, paths.developersApi);
      await expectHeading(page, 'Open data API');
      // Once hydrated, the examples carry this site's own address, ready to copy.
      const origin = new URL(site()).origin;
      const curl = page.getByRole('figure', { name: 'The five first products of the energy sector (curl)' });
      await expect(curl).toContainText(`curl "${origin}/api/v1/products?sector=energy&limit=5"`);
      // What the examples promise: the curl example's JSON, the spreadsheet's CSV, the OpenAPI document.
      const products = await page.request.get(`${origin}/api/v1/products?sector=energy&limit=5`);
      expect(products.status()).toBe(200);
      const body = (await products.json()) as { data: Array<{ sector: string }> };
      expect(body.data).toHaveLength(5);
      expect(new Set(body.data.map((product) => product.sector))).toEqual(new Set(['energy']));
      const sheet = page.getByRole('figure', { name: 'Google Sheets: the energy sector in a sheet, refreshed by Sheets' });
      await expect(sheet).toContainText(`=IMPORTDATA("${origin}/api/v1/products.csv?sector=energy")`);
      const csv = await page.request.get(`${origin}/api/v1/products.csv?sector=energy`);
      expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
      expect((await csv.text()).split('\n').length).toBeGreaterThan(2);
      await page.getByRole('link', { name: '/api/v1/openapi.json' }).click();
      await expect(page).toHaveURL(`${origin}/api/v1/openapi.json`);
      expect(JSON.parse((await page.locator('body').textContent()) ?? '{}')).toMatchObject({ openapi: '3.1.0' });
    });
  });

  test('no public page scrolls sideways on a 360 px phone', async () => {
    test.setTimeout(60_000);
    await withBrowser({ viewport: { width: 360, height: 800 } }, async ({ page }) => {
      const overflowing: Record<string, number> = {};
      const routes = [paths.home, `${paths.products}?sector=energy`, paths.product('solar-panel'), paths.materials, paths.material('Copper'), paths.faq, paths.developersApi, paths.login, paths.register];
      for (const path of routes) {
        await page.goto(site(path));
        await page.locator('main h1').first().waitFor();
        // Measured once the page shows all it loaded, as the visitor then sees it.
        await settled(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 360) overflowing[path] = width;
      }
      expect(overflowing).toEqual({});
    });
  });
});
