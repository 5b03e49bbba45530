// axe-core on every page, as a guest and as the admin: no serious or critical violations.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from '../lib/test.mjs';
import { withBrowser } from '../lib/browser.mjs';
import { demoAccount, site } from '../lib/stack.mjs';
import { signIn, waitForPath } from '../lib/flows.mjs';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE_SOURCE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function settle(page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * Brings out what is hidden until the visitor acts, so axe checks it too: on home the onboarding cards (they
 * fade in when scrolled into view) and the bottom of the page; on the FAQ every answer.
 */
async function revealEverything(page, path) {
  if (path === '/') {
    const cards = page.locator('.ps-onboarding__card');
    for (let i = 0; i < (await cards.count()); i += 1) await cards.nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const all = [...document.querySelectorAll('.ps-onboarding__card')];
      return all.length === 4 && all.every((card) => card.getAttribute('data-visible') === 'true');
    });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The fade (0.5 s, the last card delayed 360 ms) must end: axe measures contrast on what is painted.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.ps-onboarding__card')].every((card) => getComputedStyle(card).opacity === '1'),
    );
  }
  if (path === '/faq') {
    const summaries = page.locator('details.ps-faq__item:not([open]) > summary');
    while ((await summaries.count()) > 0) await summaries.first().click();
  }
}

test.describe('accessibility (axe-core)', () => {
  const publicPages = [
    '/',
    '/products?sector=energy',
    '/products/solar-panel',
    '/market/profitability',
    '/products/no-such-asset',
    '/materials',
    '/materials/Copper',
    '/materials/Nope',
    '/faq',
    '/login',
    '/register',
  ];
  // Desktop, then a phone (the phone layout is a different DOM: cards instead of tables, the mobile menu), each in
  // the light and the dark theme (prefers-color-scheme; the toggle sets the same tokens).
  for (const theme of ['light', 'dark']) {
    for (const [label, viewport] of [['desktop', { width: 1280, height: 900 }], ['375 px phone', { width: 375, height: 800 }]]) {
      test(`public pages have no serious or critical violations (${label}, ${theme})`, async () => {
        test.setTimeout(180_000);
        await withBrowser({ viewport }, async ({ page }) => {
          await page.emulateMedia({ colorScheme: theme });
          const report = {};
          for (const path of publicPages) {
            await page.goto(site(path));
            await settle(page);
            await revealEverything(page, path);
            const violations = await seriousViolations(page);
            if (violations.length) report[path] = violations;
          }
          // The header search with its results open and one highlighted (grouped listbox, live status).
          const search = page.getByRole('combobox', { name: 'Search the market' });
          await search.fill('ener');
          await page.getByRole('group', { name: 'Sectors' }).getByRole('option').first().waitFor();
          await search.press('ArrowDown');
          const searchViolations = await seriousViolations(page);
          if (searchViolations.length) report['header search, results open'] = searchViolations;
          assert.deepEqual(report, {});
        });
      });
    }
  }

  for (const theme of ['light', 'dark']) {
    for (const [label, viewport] of [['desktop', { width: 1280, height: 900 }], ['375 px phone', { width: 375, height: 800 }]]) {
      test(`admin pages have no serious or critical violations (${label}, ${theme})`, async () => {
        test.setTimeout(120_000);
        await withBrowser({ viewport }, async ({ page }) => {
          await page.emulateMedia({ colorScheme: theme });
          await signIn(page, demoAccount('admin'));
          await waitForPath(page, '/');
          const report = {};
          for (const path of ['/admin', '/admin/add-product', '/admin/add-material', '/admin/users', '/admin/json-editor']) {
            await page.goto(site(path));
            await settle(page);
            const violations = await seriousViolations(page);
            if (violations.length) report[path] = violations;
          }
          assert.deepEqual(report, {});
        });
      });
    }
  }
});
