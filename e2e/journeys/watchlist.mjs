// The players' watchlist: a guest's star leads to registration and back; the new player stars two products and a
// material; the market moves (written as the game's servers write it, rules bypassed); the watchlist shows the
// changes since the previous visit and a fired alert (header badge, list), which re-arms when the price falls
// back. Also: the reads of opening the watchlist, sorting by mouse and keyboard, axe at 375 and 1280 px, and no
// overflow at 320 px.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from '../lib/test.mjs';
import { withBrowser } from '../lib/browser.mjs';
import { firestoreCounters, resetFirestoreCounters, site, stack } from '../lib/stack.mjs';
import { expectHeading, waitForPath } from '../lib/flows.mjs';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE_SOURCE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** The emulator's REST root, called as the admin SDK does (`Bearer owner`: rules bypassed). */
function documentsRoot() {
  const { firestore } = stack();
  return `${firestore.url}/v1/projects/${firestore.projectId}/databases/(default)/documents`;
}

async function readNumberField(path, field) {
  const response = await fetch(`${documentsRoot()}/${path}`, { headers: { Authorization: 'Bearer owner' } });
  assert.equal(response.status, 200, `${path} exists`);
  const value = (await response.json()).fields[field];
  return Number(value.doubleValue ?? value.integerValue);
}

/** The market moves: only the named top-level fields change (an update mask), as the game's servers would write. */
async function marketWrite(path, fields) {
  const response = await fetch(`${documentsRoot()}:commit`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      writes: [
        {
          update: {
            name: `${documentsRoot().split('/v1/')[1]}/${path}`,
            fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v }])),
          },
          updateMask: { fieldPaths: Object.keys(fields) },
        },
      ],
    }),
  });
  assert.equal(response.status, 200, await response.text());
}

/** No horizontal scrolling; on failure the message names the elements that stick out. */
async function noHorizontalOverflow(page) {
  const widths = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > client + 0.5)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${Math.round(el.getBoundingClientRect().right)}px`);
    return { scroll: document.documentElement.scrollWidth, client, wide };
  });
  assert.ok(widths.scroll <= widths.client, `page is ${widths.scroll}px wide in a ${widths.client}px viewport: ${widths.wide.join('; ')}`);
}

const SOLAR = 'products/energy_solar_panel';

test.describe('watchlist', () => {
  test('a new player stars products and a material, sees what moved and a fired alert, which re-arms', async () => {
    test.setTimeout(150_000);
    const startPrice = await readNumberField(SOLAR, 'average_market_price');
    const startCopper = await readNumberField('materials/Copper', 'value');
    await withBrowser({}, async ({ page, pageErrors }) => {
      // A guest presses the star on a detail page: sign-in is offered, and registration comes back here.
      await page.goto(site('/products/solar-panel'));
      await expectHeading(page, 'Solar Panel');
      await page.getByRole('button', { name: 'Watch Solar Panel' }).click();
      await page.getByText('Sign in to keep a watchlist of products and materials.').waitFor();
      const signInHref = await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href');
      assert.equal(signInHref, '/login?returnUrl=%2Fproducts%2Fsolar-panel');
      await page.getByRole('link', { name: 'Create account' }).click();
      await waitForPath(page, '/register');
      await page.getByLabel('Full name').fill('Wanda Watcher');
      await page.getByLabel('Email').fill(`watcher-${Date.now()}@sbc-tycoon.test`);
      await page.getByLabel('Password', { exact: true }).fill('secret-123');
      await page.getByLabel('Confirm password').fill('secret-123');
      await page.getByRole('button', { name: 'Create Account' }).click();
      // Registration goes through the Functions emulator, which can be slow on a busy machine.
      await page.waitForURL((url) => url.pathname === '/products/solar-panel', { timeout: 45_000 });

      // Signed in: the star toggles. Solar Panel, then another energy product from the sector table, then Copper.
      const solarStar = page.getByRole('button', { name: 'Watch Solar Panel' });
      await solarStar.click();
      await page.waitForFunction(() => document.querySelector('button[aria-pressed="true"]') !== null);
      assert.equal(await solarStar.getAttribute('aria-pressed'), 'true');

      await page.goto(site('/products?sector=energy'));
      await page.getByRole('table').waitFor();
      const otherStar = page.getByRole('table').getByRole('button', { name: /^Watch /, pressed: false }).first();
      const otherProduct = (await otherStar.evaluate((el) => el.textContent ?? '')).replace(/^[☆★]?\s*Watch /, '').trim();
      await otherStar.click();
      await page.getByRole('table').getByRole('button', { name: `Watch ${otherProduct}`, pressed: true }).waitFor();
      assert.equal(await page.getByRole('table').getByRole('button', { name: 'Watch Solar Panel' }).getAttribute('aria-pressed'), 'true');

      await page.goto(site('/materials/Copper'));
      await expectHeading(page, 'Copper');
      await page.getByRole('button', { name: 'Watch Copper' }).click();
      await page.getByRole('button', { name: 'Watch Copper', pressed: true }).waitFor();

      // The watchlist (in the navigation now): three items; an alert on Solar Panel's price.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlist' }).click();
      await waitForPath(page, '/watchlist');
      await expectHeading(page, 'Watchlist');
      const table = page.getByRole('table');
      await table.getByRole('link', { name: 'Copper' }).waitFor();
      assert.equal(await table.locator('tbody > tr').count(), 3);
      await table.getByRole('button', { name: 'Set alert for Solar Panel' }).click();
      const alertForm = page.getByRole('form', { name: 'Alert for Solar Panel' });
      await alertForm.getByLabel('Threshold').fill('abc');
      await alertForm.getByRole('button', { name: 'Save alert' }).click();
      await alertForm.getByRole('alert').filter({ hasText: 'The threshold must be a number, for example 12.5' }).waitFor();
      const threshold = Math.round(startPrice + 10);
      await alertForm.getByLabel('Threshold').fill(String(threshold));
      await alertForm.getByRole('button', { name: 'Save alert' }).click();
      await table.getByText(`Price above ${threshold}`).waitFor();
      assert.equal(await page.getByRole('link', { name: /watchlist alert/ }).count(), 0, 'no badge before the market moves');

      // The market moves: Solar Panel 50 above its price (over the threshold), Copper +1.25 per unit.
      await marketWrite(SOLAR, { average_market_price: startPrice + 50 });
      await marketWrite('materials/Copper', { value: startCopper + 1.25 });

      // Opening the site again: the alert fires, the header badge and the home summary show it.
      await page.goto(site('/'));
      const badge = page.getByRole('link', { name: '1 watchlist alert' });
      await badge.waitFor();
      await page.getByText('3 watched items · 1 alert fired').waitFor();

      // Opening the watchlist from the badge: one read per watched item (the entries were read on opening).
      await page.waitForLoadState('networkidle');
      await resetFirestoreCounters();
      await badge.click();
      await waitForPath(page, '/watchlist');
      const alerts = page.getByRole('region', { name: 'Alerts' });
      await alerts.getByRole('link', { name: 'Solar Panel' }).waitFor();
      await alerts.getByText(`Price above ${threshold}`).waitFor();
      const solarRow = page.getByRole('table').locator('tbody > tr').filter({ has: page.getByRole('link', { name: 'Solar Panel' }) });
      await solarRow.getByText('+50.00').waitFor();
      const copperRow = page.getByRole('table').locator('tbody > tr').filter({ has: page.getByRole('link', { name: 'Copper' }) });
      await copperRow.getByText('+1.25').waitFor();
      await page.waitForLoadState('networkidle');
      const { reads } = (await firestoreCounters());
      assert.deepEqual(
        { watchlist: reads.watchlist ?? 0, items: (reads.products ?? 0) + (reads.materials ?? 0) },
        { watchlist: 0, items: 3 },
        `opening the watchlist read ${JSON.stringify(reads)}`,
      );

      // Sorting: click the Price header (descending first), then the Item header with the keyboard.
      const priceHeader = page.getByRole('columnheader', { name: /^Price/ }).first();
      await priceHeader.getByRole('button').click();
      assert.equal(await priceHeader.getAttribute('aria-sort'), 'descending');
      const itemHeader = page.getByRole('columnheader', { name: /^Item/ });
      await itemHeader.getByRole('button').focus();
      await page.keyboard.press('Enter');
      assert.equal(await itemHeader.getAttribute('aria-sort'), 'ascending');
      assert.equal(await priceHeader.getAttribute('aria-sort'), null);
      await page.keyboard.press(' ');
      assert.equal(await itemHeader.getAttribute('aria-sort'), 'descending');

      // The price falls back under the threshold: on the next opening the alert re-arms (no badge, no list).
      await marketWrite(SOLAR, { average_market_price: threshold - 5 });
      await page.goto(site('/watchlist'));
      await page.getByRole('table').getByText(`Price above ${threshold}`).waitFor();
      // Measured from the previous visit (the one the badge opened, at startPrice + 50).
      const fall = (startPrice + 50 - (threshold - 5)).toFixed(2);
      await page.getByRole('table').locator('tbody > tr').filter({ has: page.getByRole('link', { name: 'Solar Panel' }) }).getByText(`\u2212${fall}`).waitFor();
      assert.equal(await page.getByRole('region', { name: 'Alerts' }).count(), 0);
      assert.equal(await page.getByRole('link', { name: /watchlist alert/ }).count(), 0);

      // Crossing again fires again.
      await marketWrite(SOLAR, { average_market_price: threshold + 1 });
      await page.goto(site('/'));
      await page.getByRole('link', { name: '1 watchlist alert' }).waitFor();

      // Unstarring from the watchlist removes the item.
      await page.goto(site('/watchlist'));
      await page.getByRole('table').getByRole('button', { name: 'Watch Copper' }).click();
      await page.getByRole('table').getByRole('link', { name: 'Copper' }).waitFor({ state: 'detached' });
      assert.deepEqual(pageErrors, []);
    });
    await marketWrite(SOLAR, { average_market_price: startPrice });
    await marketWrite('materials/Copper', { value: startCopper });
  });

  test('a guest typing /watchlist goes to login and comes back after signing in', async () => {
    test.setTimeout(60_000);
    await withBrowser({}, async ({ page }) => {
      await page.goto(site('/watchlist'));
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).searchParams.get('returnUrl'), '/watchlist');
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlist' }).count(), 0);
      const player = stack().accounts.find((a) => !a.isAdmin);
      await page.getByLabel('Email').fill(player.email);
      await page.getByLabel('Password', { exact: true }).fill(player.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await waitForPath(page, '/watchlist');
      await expectHeading(page, 'Watchlist');
    });
  });

  for (const width of [375, 1280]) {
    test(`the watchlist, its alert editor and the guest's star offer are axe-clean at ${width} px`, async () => {
      test.setTimeout(90_000);
      await withBrowser({ viewport: { width, height: 900 } }, async ({ page }) => {
        await page.goto(site('/materials/Copper'));
        await expectHeading(page, 'Copper');
        await page.getByRole('button', { name: 'Watch Copper' }).click();
        await page.getByText('Sign in to keep a watchlist of products and materials.').waitFor();
        assert.deepEqual(await seriousViolations(page), [], 'guest star offer');

        const player = stack().accounts.find((a) => !a.isAdmin);
        await page.getByRole('link', { name: 'Sign in', exact: true }).click();
        await waitForPath(page, '/login');
        await page.getByLabel('Email').fill(player.email);
        await page.getByLabel('Password', { exact: true }).fill(player.password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await waitForPath(page, '/materials/Copper');
        const star = page.getByRole('button', { name: 'Watch Copper' });
        if ((await star.getAttribute('aria-pressed')) !== 'true') await star.click();
        await page.getByRole('button', { name: 'Watch Copper', pressed: true }).waitFor();

        await page.goto(site('/watchlist'));
        await expectHeading(page, 'Watchlist');
        await page.getByRole('link', { name: 'Copper' }).first().waitFor();
        await page.getByRole('button', { name: 'Set alert for Copper' }).first().click();
        await page.getByRole('form', { name: 'Alert for Copper' }).waitFor();
        await page.waitForLoadState('networkidle');
        assert.deepEqual(await seriousViolations(page), [], `/watchlist at ${width}px`);
        await noHorizontalOverflow(page);
        if (width === 375) {
          await page.setViewportSize({ width: 320, height: 800 });
          await noHorizontalOverflow(page);
          await page.goto(site('/products?sector=energy'));
          await page.getByRole('button', { name: /^Watch / }).first().waitFor();
          await noHorizontalOverflow(page);
        }
        // Leave the shared demo player's watchlist as it was.
        await page.goto(site('/materials/Copper'));
        await page.getByRole('button', { name: 'Watch Copper', pressed: true }).click();
        await page.getByRole('button', { name: 'Watch Copper', pressed: false }).waitFor();
      });
    });
  }
});
