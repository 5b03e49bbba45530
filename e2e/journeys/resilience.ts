// Bad conditions a visitor meets: the database is unreachable, the session cache is corrupt. The site shows
// its error states and never goes blank.
import { expect } from '@playwright/test';
import type { GAME_DATE_UNAVAILABLE, MISSING_METRIC } from '../../domain/src';
import { paths } from '../../shared/src/paths';
import { withBrowser } from '../lib/browser';
import { clientRenderedNavigations, expectHeading, expectNotBlank } from '../lib/flows';
import { E2E_PORTS, site } from '../lib/stack';
import { test } from '../lib/test';

const FIRESTORE = `http://127.0.0.1:${E2E_PORTS.firestore}/**`;
const UNAVAILABLE = 'Unavailable' satisfies typeof GAME_DATE_UNAVAILABLE;
const NO_FIGURE = '—' satisfies typeof MISSING_METRIC;

test.describe('resilience', () => {
  test('with the database unreachable the pages show their error states, not a blank page', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      await page.route(FIRESTORE, (route) => route.abort('connectionrefused'));
      await clientRenderedNavigations(page);
      await page.goto(site(paths.home));
      await expectHeading(page, /Build a business empire/);
      await page.getByRole('status', { name: 'Game date' }).filter({ hasText: UNAVAILABLE }).waitFor();
      await expect(page.locator('.ps-stats__item dd')).toHaveText([NO_FIGURE, NO_FIGURE, NO_FIGURE]);
      await page.goto(site(paths.products));
      await expectHeading(page, 'Product Categories');
      await page.getByText(/could not be loaded/).first().waitFor();
      await page.goto(site(paths.product('solar-panel')));
      await page.locator('main h1').first().waitFor();
      expect(pageErrors).toEqual([]);
    });
  });

  test('when the backend goes away while the site is open, what was shown stays and new pages show their error states', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page, pageErrors }) => {
      await page.goto(site(paths.materials));
      const ledger = page.getByRole('table', { name: 'Stock Ledger' });
      await ledger.getByRole('link', { name: 'Copper', exact: true }).waitFor();
      // From the browser's side a killed emulator is a refused connection on its port.
      await page.route(FIRESTORE, (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: /Refresh/ }).first().click();
      await page.getByRole('button', { name: /Refresh/ }).first().and(page.locator(':enabled')).waitFor();
      await ledger.getByRole('link', { name: 'Copper', exact: true }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await expectHeading(page, 'Product Categories');
      await page.getByText(/could not be loaded/).first().waitFor();
      await page.goto(site(paths.product('solar-panel')));
      await expectNotBlank(page);
      expect(pageErrors).toEqual([]);
    });
  });

  test('a corrupt session cache entry is ignored and the data is read again', async () => {
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.faq));
      await page.evaluate(() => {
        sessionStorage.setItem('app.materials.cache', '{not json');
        sessionStorage.setItem('app.marketStats.cache', JSON.stringify({ version: 999, data: 'old shape' }));
      });
      await page.goto(site(paths.materials));
      await expectHeading(page, 'Stock Ledger');
      await page.getByRole('table', { name: 'Stock Ledger' }).getByRole('link', { name: 'Copper', exact: true }).waitFor();
      await page.goto(site(`${paths.products}?sector=energy`));
      await page.getByRole('table', { name: 'Products trading in energy' }).getByRole('link', { name: 'Solar Panel' }).waitFor();
    });
  });
});
