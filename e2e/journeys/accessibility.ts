// axe-core on every page, as a guest and as the admin: no serious or critical violations.
import { expect, type Page } from '@playwright/test';
import { paths } from '../../shared/src/paths';
import { seriousViolations } from '../lib/axe';
import { withBrowser } from '../lib/browser';
import { signIn, waitForPath } from '../lib/flows';
import { settled } from '../lib/settle';
import { THEMES, switchSystemTheme } from '../lib/themes';
import { demoAccount, site } from '../lib/stack';
import { test } from '../lib/test';

/** axe looks at the page as the visitor then sees it: its heading shown, everything it loads loaded. */
async function settle(page: Page) {
  await page.locator('main h1').first().waitFor();
  await settled(page);
}

/**
 * Brings out what is hidden until the visitor acts, so axe checks it too: on home the onboarding cards (they
 * fade in when scrolled into view) and the bottom of the page; on the FAQ every answer.
 */
async function revealEverything(page: Page, path: string) {
  if (path === paths.home) {
    const cards = page.locator('.ps-onboarding__card');
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) await card.scrollIntoViewIfNeeded();
    for (const card of await cards.all()) await expect(card).toHaveAttribute('data-visible', 'true');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The fade (0.5 s, the last card delayed 360 ms) must end: axe measures contrast on what is painted.
    for (const card of await cards.all()) await expect(card).toHaveCSS('opacity', '1');
  }
  if (path === paths.faq) {
    const summaries = page.locator('details.ps-faq__item:not([open]) > summary');
    while ((await summaries.count()) > 0) await summaries.first().click();
  }
}

const VIEWPORTS: Array<[string, { width: number; height: number }]> = [
  ['desktop', { width: 1280, height: 900 }],
  ['375 px phone', { width: 375, height: 800 }],
];

test.describe('accessibility (axe-core)', () => {
  const publicPages = [
    paths.home,
    `${paths.products}?sector=energy`,
    paths.product('solar-panel'),
    paths.profitability,
    paths.product('no-such-asset'),
    paths.materials,
    paths.material('Copper'),
    paths.material('Nope'),
    paths.faq,
    paths.developersApi,
    paths.login,
    paths.register,
  ];
  /**
   * axe on the page as it is now, in the light theme and then the dark one (lib/themes.ts): each page is loaded once
   * per viewport and checked in both themes, every finding keyed by theme and what was checked.
   */
  async function checkBothThemes(page: Page, what: string, report: Record<string, string[]>) {
    for (const theme of THEMES) {
      await switchSystemTheme(page, theme);
      // The theme's colours change by transition: axe measures contrast on what is painted once they have ended.
      await settled(page);
      const violations = await seriousViolations(page);
      if (violations.length) report[`${theme}: ${what}`] = violations;
    }
  }

  // Desktop, then a phone (the phone layout is a different DOM: cards instead of tables, the mobile menu), each in
  // the light and the dark theme.
  for (const [label, viewport] of VIEWPORTS) {
    test(`public pages have no serious or critical violations (${label}, light and dark)`, async () => {
      test.setTimeout(240_000);
      await withBrowser({ viewport }, async ({ page }) => {
        await page.emulateMedia({ colorScheme: THEMES[0] });
        const report: Record<string, string[]> = {};
        for (const path of publicPages) {
          await page.goto(site(path));
          await settle(page);
          await revealEverything(page, path);
          await checkBothThemes(page, path, report);
        }
        // The header search with its results open and one highlighted (grouped listbox, live status).
        const search = page.getByRole('combobox', { name: 'Search the market' });
        await search.fill('ener');
        await page.getByRole('group', { name: 'Sectors' }).getByRole('option').first().waitFor();
        await search.press('ArrowDown');
        await checkBothThemes(page, 'header search, results open', report);
        expect(report).toEqual({});
      });
    });
  }

  for (const [label, viewport] of VIEWPORTS) {
    test(`admin pages have no serious or critical violations (${label}, light and dark)`, async () => {
      test.setTimeout(180_000);
      await withBrowser({ viewport }, async ({ page }) => {
        await page.emulateMedia({ colorScheme: THEMES[0] });
        await signIn(page, demoAccount('admin'));
        await waitForPath(page, paths.home);
        const report: Record<string, string[]> = {};
        for (const path of [paths.admin, paths.adminAddProduct, paths.adminAddMaterial, paths.adminUsers, paths.adminJsonEditor, paths.adminProducts]) {
          await page.goto(site(path));
          await settle(page);
          await checkBothThemes(page, path, report);
        }
        expect(report).toEqual({});
      });
    });
  }
});
