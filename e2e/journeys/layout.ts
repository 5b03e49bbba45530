// Every route at seven widths, light and dark, with data loaded: no sideways page scroll, no text spilling out of
// its box, no two text boxes on top of each other. Measured in the page on every element. Each route is loaded
// once and measured as the window is resized through the widths and the system theme switches (the site is
// responsive and follows prefers-color-scheme live), as a visitor resizing a window or switching their system
// to dark sees it; a finding keeps a screenshot under e2e/artifacts/layout/ to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { paths } from '../../shared/src/paths';
import { withBrowser } from '../lib/browser';
import { signIn, waitForPath } from '../lib/flows';
import { settled } from '../lib/settle';
import { THEMES, switchSystemTheme } from '../lib/themes';
import { demoAccount, site } from '../lib/stack';
import { test } from '../lib/test';

export const WIDTHS = [320, 375, 480, 768, 1024, 1280, 1440];
const ARTIFACTS = join(__dirname, '..', 'artifacts', 'layout');

const PUBLIC_ROUTES = [
  paths.home,
  `${paths.products}?sector=energy`,
  `${paths.products}?sector=industry`,
  paths.product('solar-panel'),
  paths.product('no-such-asset'),
  paths.materials,
  paths.material('Copper'),
  paths.profitability,
  `${paths.planner}?sbc=5000&slots=200&hours=12`,
  paths.faq,
  paths.developersApi,
  paths.login,
  paths.register,
];
const ADMIN_ROUTES = [paths.admin, paths.adminAddProduct, paths.adminAddMaterial, paths.adminUsers, paths.adminJsonEditor, paths.adminProducts];
/** A player's own pages (signed in), and a shared plan. */
const PLAYER_ROUTES = [paths.watchlist, paths.tradeBook, `${paths.planner}?p=solar-panel&q=2`];

/**
 * Runs in the page. Returns a list of findings, each a short sentence naming the element:
 * - the document wider than the viewport (sideways scroll);
 * - an element whose content is wider than its box while its overflow is visible (text spilling out). Boxes
 *   that scroll or clip on purpose (overflow auto/hidden, e.g. a table wrapper, an ellipsis) are not findings;
 * - two text boxes (Range client rects of different text nodes) overlapping by more than 2 px each way.
 * Hidden things (display none, visibility hidden, opacity 0, clipped 1 px helpers) are ignored; so is Monaco's
 * own editor surface, which positions its lines absolutely by design.
 */
function measureLayout(): string[] {
  const findings: string[] = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) findings.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);

  const describeEl = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${cls} "${text}"`;
  };
  const ignored = (el: Element) => Boolean(el.closest('.monaco-editor, [aria-hidden="true"], .visually-hidden, .ps-visually-hidden, svg, canvas'));
  const isShown = (el: Element) => {
    for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
      if (node instanceof HTMLDetailsElement && !node.open && node !== el && !el.closest('summary')) return false;
    }
    const rect = el.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1;
  };

  for (const el of document.body.querySelectorAll('*')) {
    if (ignored(el)) continue;
    if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
    const style = getComputedStyle(el);
    if (style.overflowX !== 'visible') continue;
    if (!isShown(el)) continue;
    findings.push(`overflows its box by ${el.scrollWidth - el.clientWidth}px: ${describeEl(el)}`);
  }

  // Text boxes: one rect per line of every visible text node.
  const boxes: Array<{ rect: DOMRect; parent: Element; node: Node }> = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue;
    const parent = node.parentElement;
    if (!parent || ignored(parent) || !isShown(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width < 2 || rect.height < 2) continue;
      boxes.push({ rect, parent, node });
    }
  }
  boxes.sort((a, b) => a.rect.top - b.rect.top);
  const textOf = (node: Node) => (node.textContent ?? '').trim().slice(0, 30);
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i];
    for (let j = i + 1; j < boxes.length && boxes[j].rect.top < a.rect.bottom - 2; j += 1) {
      const b = boxes[j];
      if (a.node === b.node) continue;
      const dx = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const dy = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (dx > 2 && dy > 2) findings.push(`text overlaps: "${textOf(a.node)}" and "${textOf(b.node)}" (${describeEl(a.parent)})`);
    }
  }
  return [...new Set(findings)];
}

/**
 * Brings the page to rest at its current width and theme: content that fades in when scrolled into view (home's
 * onboarding cards) or loads near the screen (a product's charts) is scrolled through, so it is measured as the
 * visitor sees it, then everything it loaded has arrived and every animation and transition has ended.
 */
async function settleAfterChange(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    await frame();
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
  });
  await settled(page);
}

function fileName(theme: string, width: number, path: string): string {
  const slug = path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || 'home';
  return `${theme}-${width}-${slug}.png`;
}

/** Every route, once loaded, at every width in both themes; what is found goes into `report`. */
async function measureRoutes(page: Page, routes: string[], report: Record<string, string[]>) {
  for (const path of routes) {
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.emulateMedia({ colorScheme: THEMES[0] });
    await page.goto(site(path));
    await page.locator('main h1').first().waitFor();
    if (path === paths.adminJsonEditor) await page.locator('.monaco-editor').first().waitFor();
    for (const theme of THEMES) {
      await switchSystemTheme(page, theme);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await settleAfterChange(page);
        const where = `${theme} ${width}px ${path}`;
        const findings = await page.evaluate(measureLayout);
        // Every page ends with the footer: links, the store listing, the data note.
        await expect.soft(page.getByRole('contentinfo'), `${where}: one footer`).toHaveCount(1);
        if (findings.length) {
          report[where] = findings;
          await page.screenshot({ path: join(ARTIFACTS, fileName(theme, width, path)), fullPage: true });
        }
      }
    }
  }
}

test.describe('layout at every width (320–1440 px), light and dark', () => {
  mkdirSync(ARTIFACTS, { recursive: true });

  test('public routes: no sideways scroll, no overflowing or overlapping text', async () => {
    test.setTimeout(600_000);
    await withBrowser({}, async ({ page }) => {
      const report: Record<string, string[]> = {};
      await measureRoutes(page, PUBLIC_ROUTES, report);
      expect(report).toEqual({});
    });
  });

  // Signed in: the console's pages as an admin, a player's own pages as the demo player.
  for (const [pages, account, routes] of [
    ['admin routes', 'admin', ADMIN_ROUTES],
    ["a player's pages", 'player', PLAYER_ROUTES],
  ] as const) {
    test(`${pages}: no sideways scroll, no overflowing or overlapping text`, async () => {
      test.setTimeout(300_000);
      await withBrowser({}, async ({ page }) => {
        await signIn(page, demoAccount(account));
        await waitForPath(page, paths.home);
        const report: Record<string, string[]> = {};
        await measureRoutes(page, [...routes], report);
        expect(report).toEqual({});
      });
    });
  }

  test('the theme toggle switches light/dark and is remembered; the system preference is the default', async () => {
    test.setTimeout(120_000);
    await withBrowser({}, async ({ page }) => {
      const body = page.locator('body');
      const background = () => body.evaluate((el) => getComputedStyle(el).backgroundColor);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(site(paths.faq));
      await page.locator('main h1').waitFor();
      await settled(page);
      const darkBySystem = await background();
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await expect.poll(background).not.toBe(darkBySystem);
      await settled(page);
      const light = await background();
      await page.reload();
      await page.locator('main h1').waitFor();
      await expect(body, 'the choice survives a reload').toHaveCSS('background-color', light);
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect(body).toHaveCSS('background-color', darkBySystem);
    });
  });

  test('an unknown or materials-only ?sector= falls back to the first sector with a notice, never an empty list', async () => {
    test.setTimeout(120_000);
    await withBrowser({}, async ({ page }) => {
      await page.goto(site(`${paths.products}?sector=nonexistent`));
      await page.getByRole('status').filter({ hasText: 'No sector is called “nonexistent”' }).waitFor();
      await expect(page).toHaveURL((url) => url.searchParams.get('sector') !== 'nonexistent');
      expect(new URL(page.url()).searchParams.get('sector'), 'another sector is shown').toBeTruthy();
      await page.getByRole('link', { name: 'Solar Panel' }).or(page.locator('.ps-table__row').first()).first().waitFor();
      await expect(page.locator('.ps-table__row').first(), 'the fallback sector lists its products').toBeAttached();

      await page.goto(site(`${paths.products}?sector=industry`));
      await page.getByRole('status').filter({ hasText: 'trades raw materials' }).waitFor();
      // The materials sector's card leads to the materials it describes.
      await page.getByRole('link', { name: /industry.*raw materials/i }).click();
      await waitForPath(page, paths.materials);
    });
  });

  test('on a phone, tapping a sector brings its product list into view and focus', async () => {
    test.setTimeout(120_000);
    await withBrowser({ viewport: { width: 375, height: 800 } }, async ({ page }) => {
      await page.goto(site(`${paths.products}?sector=energy`));
      await page.locator('.ps-product-card').first().waitFor();
      await page.getByRole('button', { name: /^Rank 3\b/ }).click();
      const title = page.locator('#ps-active-sector-title');
      await expect(title).toBeFocused();
      await expect
        .poll(() => title.evaluate((el) => el.getBoundingClientRect().top), { message: 'the list heading is on screen' })
        .toBeGreaterThanOrEqual(0);
      await expect.poll(() => title.evaluate((el) => el.getBoundingClientRect().top), { message: 'the list heading is on screen' }).toBeLessThan(800);
    });
  });
});
