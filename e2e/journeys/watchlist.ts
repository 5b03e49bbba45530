// The players' watchlist: a guest's star leads to registration and back; the new player stars two products and a
// material; the market moves (written as the game's servers write it, rules bypassed); the watchlist shows the
// changes since the previous visit and a fired alert (header badge, list), which re-arms when the price falls
// back. Also: the reads of opening the watchlist, sorting by mouse and keyboard, axe at 375 and 1280 px, and no
// overflow at 320 px.
import { expect, type Page } from '@playwright/test';
import { formatDelta } from '../../domain/src/format/delta';
import type { ALERT_THRESHOLD_NOT_A_NUMBER } from '../../domain/src/watchlist';
import type { GUEST_STAR_TEXT } from '../../public-site/src/components/StarToggle';
import { paths } from '../../shared/src/paths';
import { seriousViolations } from '../lib/axe';
import { withBrowser } from '../lib/browser';
import { expectHeading, waitForPath, watchItem } from '../lib/flows';
import { settled } from '../lib/settle';
import { documentsRoot } from '../lib/documents';
import { demoAccount, firestoreCounters, resetFirestoreCounters, site } from '../lib/stack';
import { test } from '../lib/test';

const GUEST_OFFER = 'Sign in to keep a watchlist of products and materials.' satisfies typeof GUEST_STAR_TEXT;

async function readNumberField(path: string, field: string): Promise<number> {
  const response = await fetch(`${documentsRoot()}/${path}`, { headers: { Authorization: 'Bearer owner' } });
  expect(response.status, `${path} exists`).toBe(200);
  const value = ((await response.json()) as { fields: Record<string, { doubleValue?: number; integerValue?: string }> }).fields[field];
  return Number(value.doubleValue ?? value.integerValue);
}

/** The market moves: only the named top-level fields change (an update mask), as the game's servers would write. */
async function marketWrite(path: string, fields: Record<string, number>): Promise<void> {
  const response = await fetch(`${documentsRoot()}:commit`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      writes: [
        {
          update: {
            name: `${documentsRoot().split('/v1/')[1]}/${path}`,
            fields: Object.fromEntries(
              Object.entries(fields).map(([k, v]) => [k, Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v }]),
            ),
          },
          updateMask: { fieldPaths: Object.keys(fields) },
        },
      ],
    }),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** No horizontal scrolling once the page has settled; on failure the message names the elements that stick out. */
async function noHorizontalOverflow(page: Page) {
  await settled(page);
  const widths = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > client + 0.5)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${Math.round(el.getBoundingClientRect().right)}px`);
    return { scroll: document.documentElement.scrollWidth, client, wide };
  });
  expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport: ${widths.wide.join('; ')}`).toBeLessThanOrEqual(widths.client);
}

const SOLAR = 'products/energy_solar_panel';
/** A row of the watchlist's table, by the item's link. */
const rowOf = (page: Page, name: string) =>
  page.getByRole('table').locator('tbody > tr').filter({ has: page.getByRole('link', { name }) });

test.describe('watchlist', () => {
  test('a new player stars products and a material, sees what moved and a fired alert, which re-arms', async () => {
    test.setTimeout(150_000);
    const startPrice = await readNumberField(SOLAR, 'average_market_price');
    const startCopper = await readNumberField('materials/Copper', 'value');
    await withBrowser({}, async ({ page, pageErrors }) => {
      // A guest presses the star on a detail page: sign-in is offered, and registration comes back here.
      await page.goto(site(paths.product('solar-panel')));
      await expectHeading(page, 'Solar Panel');
      await page.getByRole('button', { name: 'Watch Solar Panel' }).click();
      await page.getByText(GUEST_OFFER).waitFor();
      await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login?returnUrl=%2Fproducts%2Fsolar-panel');
      await page.getByRole('link', { name: 'Create account' }).click();
      await waitForPath(page, paths.register);
      await page.getByLabel('Full name').fill('Wanda Watcher');
      await page.getByLabel('Email').fill(`watcher-${Date.now()}@sbc-tycoon.test`);
      await page.getByLabel('Password', { exact: true }).fill('secret-123');
      await page.getByLabel('Confirm password').fill('secret-123');
      await page.getByRole('button', { name: 'Create Account' }).click();
      // Registration goes through the Functions emulator, which can be slow on a busy machine.
      await expect(page).toHaveURL((url) => url.pathname === paths.product('solar-panel'), { timeout: 45_000 });

      // Signed in: the star toggles. Solar Panel, then another energy product from the sector table, then Copper.
      const solarStar = page.getByRole('button', { name: 'Watch Solar Panel' });
      await solarStar.click();
      await expect(solarStar).toHaveAttribute('aria-pressed', 'true');

      await page.goto(site(`${paths.products}?sector=energy`));
      await page.getByRole('table').waitFor();
      const otherStar = page.getByRole('table').getByRole('button', { name: /^Watch /, pressed: false }).first();
      const otherProduct = (await otherStar.evaluate((el) => el.textContent ?? '')).replace(/^[☆★]?\s*Watch /, '').trim();
      await otherStar.click();
      await page.getByRole('table').getByRole('button', { name: `Watch ${otherProduct}`, pressed: true }).waitFor();
      await expect(page.getByRole('table').getByRole('button', { name: 'Watch Solar Panel' })).toHaveAttribute('aria-pressed', 'true');

      await page.goto(site(paths.material('Copper')));
      await expectHeading(page, 'Copper');
      await page.getByRole('button', { name: 'Watch Copper' }).click();
      await page.getByRole('button', { name: 'Watch Copper', pressed: true }).waitFor();

      // The watchlist (in the navigation now): three items; an alert on Solar Panel's price.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlist' }).click();
      await waitForPath(page, paths.watchlist);
      await expectHeading(page, 'Watchlist');
      const table = page.getByRole('table');
      await table.getByRole('link', { name: 'Copper' }).waitFor();
      await expect(table.locator('tbody > tr')).toHaveCount(3);
      await table.getByRole('button', { name: 'Set alert for Solar Panel' }).click();
      const alertForm = page.getByRole('form', { name: 'Alert for Solar Panel' });
      await alertForm.getByLabel('Threshold').fill('abc');
      await alertForm.getByRole('button', { name: 'Save alert' }).click();
      await alertForm
        .getByRole('alert')
        .filter({ hasText: 'The threshold must be a number, for example 12.5' satisfies typeof ALERT_THRESHOLD_NOT_A_NUMBER })
        .waitFor();
      const threshold = Math.round(startPrice + 10);
      await alertForm.getByLabel('Threshold').fill(String(threshold));
      await alertForm.getByRole('button', { name: 'Save alert' }).click();
      await table.getByText(`Price above ${threshold}`).waitFor();
      await expect(page.getByRole('link', { name: /watchlist alert/ }), 'no badge before the market moves').toHaveCount(0);

      // The market moves: Solar Panel 50 above its price (over the threshold), Copper +1.25 per unit.
      await marketWrite(SOLAR, { average_market_price: startPrice + 50 });
      await marketWrite('materials/Copper', { value: startCopper + 1.25 });

      // Opening the site again: the alert fires, the header badge and the home summary show it.
      await page.goto(site(paths.home));
      const badge = page.getByRole('link', { name: '1 watchlist alert' });
      await badge.waitFor();
      await page.getByText('3 watched items · 1 alert fired').waitFor();

      // Opening the watchlist from the badge: one read per watched item (the entries were read on opening).
      // Counted from when home has read all it reads.
      await settled(page);
      await resetFirestoreCounters();
      await badge.click();
      await waitForPath(page, paths.watchlist);
      const alerts = page.getByRole('region', { name: 'Alerts' });
      await alerts.getByRole('link', { name: 'Solar Panel' }).waitFor();
      await alerts.getByText(`Price above ${threshold}`).waitFor();
      await rowOf(page, 'Solar Panel').getByText(formatDelta(50).text).waitFor();
      await rowOf(page, 'Copper').getByText(formatDelta(1.25).text).waitFor();
      await settled(page);
      const { reads } = await firestoreCounters();
      expect(
        { watchlist: reads.watchlist ?? 0, items: (reads.products ?? 0) + (reads.materials ?? 0) },
        `opening the watchlist read ${JSON.stringify(reads)}`,
      ).toEqual({ watchlist: 0, items: 3 });

      // Sorting: click the Price header (descending first), then the Item header with the keyboard.
      const priceHeader = page.getByRole('columnheader', { name: /^Price/ }).first();
      await priceHeader.getByRole('button').click();
      await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
      const itemHeader = page.getByRole('columnheader', { name: /^Item/ });
      await itemHeader.getByRole('button').focus();
      await page.keyboard.press('Enter');
      await expect(itemHeader).toHaveAttribute('aria-sort', 'ascending');
      await expect(priceHeader).not.toHaveAttribute('aria-sort');
      await page.keyboard.press(' ');
      await expect(itemHeader).toHaveAttribute('aria-sort', 'descending');

      // The price falls back under the threshold: on the next opening the alert re-arms (no badge, no list).
      await marketWrite(SOLAR, { average_market_price: threshold - 5 });
      await page.goto(site(paths.watchlist));
      await page.getByRole('table').getByText(`Price above ${threshold}`).waitFor();
      // Measured from the previous visit (the one the badge opened, at startPrice + 50).
      const fall = threshold - 5 - (startPrice + 50);
      await rowOf(page, 'Solar Panel').getByText(formatDelta(fall).text).waitFor();
      await expect(page.getByRole('region', { name: 'Alerts' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /watchlist alert/ })).toHaveCount(0);

      // Crossing again fires again.
      await marketWrite(SOLAR, { average_market_price: threshold + 1 });
      await page.goto(site(paths.home));
      await page.getByRole('link', { name: '1 watchlist alert' }).waitFor();

      // Unstarring from the watchlist removes the item.
      await page.goto(site(paths.watchlist));
      await page.getByRole('table').getByRole('button', { name: 'Watch Copper' }).click();
      await page.getByRole('table').getByRole('link', { name: 'Copper' }).waitFor({ state: 'detached' });
      expect(pageErrors).toEqual([]);
    });
    await marketWrite(SOLAR, { average_market_price: startPrice });
    await marketWrite('materials/Copper', { value: startCopper });
  });

  test('a guest typing /watchlist goes to login and comes back after signing in', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(paths.watchlist));
      await expect(page).toHaveURL((url) => url.pathname === paths.login && url.searchParams.get('returnUrl') === paths.watchlist);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlist' })).toHaveCount(0);
      const player = demoAccount('player');
      await page.getByLabel('Email').fill(player.email);
      await page.getByLabel('Password', { exact: true }).fill(player.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(page, paths.watchlist);
      await expectHeading(page, 'Watchlist');
    });
  });

  for (const width of [375, 1280]) {
    test(`the watchlist, its alert editor and the guest's star offer are axe-clean at ${width} px`, async () => {
      test.setTimeout(90_000);
      await withBrowser({ viewport: { width, height: 900 } }, async ({ page }) => {
        await page.goto(site(paths.material('Copper')));
        await expectHeading(page, 'Copper');
        await page.getByRole('button', { name: 'Watch Copper' }).click();
        await page.getByText(GUEST_OFFER).waitFor();
        expect(await seriousViolations(page), 'guest star offer').toEqual([]);

        const player = demoAccount('player');
        await page.getByRole('link', { name: 'Sign in', exact: true }).click();
        await waitForPath(page, paths.login);
        await page.getByLabel('Email').fill(player.email);
        await page.getByLabel('Password', { exact: true }).fill(player.password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await waitForPath(page, paths.material('Copper'));
        await watchItem(page, 'Copper');

        await page.goto(site(paths.watchlist));
        await expectHeading(page, 'Watchlist');
        await page.getByRole('link', { name: 'Copper' }).first().waitFor();
        await page.getByRole('button', { name: 'Set alert for Copper' }).first().click();
        await page.getByRole('form', { name: 'Alert for Copper' }).waitFor();
        await settled(page);
        expect(await seriousViolations(page), `/watchlist at ${width}px`).toEqual([]);
        await noHorizontalOverflow(page);
        if (width === 375) {
          await page.setViewportSize({ width: 320, height: 800 });
          await noHorizontalOverflow(page);
          await page.goto(site(`${paths.products}?sector=energy`));
          await page.getByRole('button', { name: /^Watch / }).first().waitFor();
          await noHorizontalOverflow(page);
        }
        // Leave the shared demo player's watchlist as it was.
        await page.goto(site(paths.material('Copper')));
        await page.getByRole('button', { name: 'Watch Copper', pressed: true }).click();
        await page.getByRole('button', { name: 'Watch Copper', pressed: false }).waitFor();
      });
    });
  }
});
