// Every route at seven widths, light and dark, with data loaded: no sideways page scroll, no text spilling out of
// its box, no two text boxes on top of each other. Measured in the page on every element, screenshots kept under
// e2e/artifacts/layout/ so a finding can be looked at.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from '../lib/test.mjs';
import { withBrowser } from '../lib/browser.mjs';
import { demoAccount, site } from '../lib/stack.mjs';
import { signIn, waitForPath } from '../lib/flows.mjs';

export const WIDTHS = [320, 375, 480, 768, 1024, 1280, 1440];
const THEMES = ['light', 'dark'];
const ARTIFACTS = new URL('../artifacts/layout/', import.meta.url);

const PUBLIC_ROUTES = [
  '/',
  '/products?sector=energy',
  '/products?sector=industry',
  '/products/solar-panel',
  '/products/no-such-asset',
  '/materials',
  '/materials/Copper',
  '/faq',
  '/login',
  '/register',
];
const ADMIN_ROUTES = ['/admin', '/admin/add-product', '/admin/add-material', '/admin/users', '/admin/json-editor'];

/**
 * Runs in the page. Returns a list of findings, each a short sentence naming the element:
 * - the document wider than the viewport (sideways scroll);
 * - an element whose content is wider than its box while its overflow is visible (text spilling out). Boxes
 *   that scroll or clip on purpose (overflow auto/hidden, e.g. a table wrapper, an ellipsis) are not findings;
 * - two text boxes (Range client rects of different text nodes) overlapping by more than 2 px each way.
 * Hidden things (display none, visibility hidden, opacity 0, clipped 1 px helpers) are ignored; so is Monaco's
 * own editor surface, which positions its lines absolutely by design.
 */
function measureLayout() {
  const findings = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) findings.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);

  const describeEl = (el) => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${cls} "${text}"`;
  };
  const ignored = (el) => Boolean(el.closest('.monaco-editor, [aria-hidden="true"], .visually-hidden, .ps-visually-hidden, svg, canvas'));
  const isShown = (el) => {
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
      if (node.tagName === 'DETAILS' && !node.open && node !== el && !el.closest('summary')) return false;
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
  const boxes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
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
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i];
    for (let j = i + 1; j < boxes.length && boxes[j].rect.top < a.rect.bottom - 2; j += 1) {
      const b = boxes[j];
      if (a.node === b.node) continue;
      const dx = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const dy = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (dx > 2 && dy > 2) {
        findings.push(`text overlaps: "${a.node.textContent.trim().slice(0, 30)}" and "${b.node.textContent.trim().slice(0, 30)}" (${describeEl(a.parent)})`);
      }
    }
  }
  return [...new Set(findings)];
}

async function settle(page, path) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  if (path.startsWith('/admin/json-editor')) await page.locator('.monaco-editor').first().waitFor().catch(() => {});
  // Content that fades in when scrolled into view (home's onboarding cards) is measured as the visitor sees it.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(650);
}

function fileName(theme, width, path) {
  const slug = path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || 'home';
  return `${theme}-${width}-${slug}.png`;
}

async function measureRoutes(page, routes, report) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of routes) {
        await page.goto(site(path));
        await settle(page, path);
        const findings = await page.evaluate(measureLayout);
        // Every page ends with the footer: links, the store listing, the data note.
        if ((await page.getByRole('contentinfo').count()) !== 1) findings.push('no footer');
        await page.screenshot({ path: new URL(fileName(theme, width, path), ARTIFACTS).pathname, fullPage: true });
        if (findings.length) report[`${theme} ${width}px ${path}`] = findings;
      }
    }
  }
}

test.describe('layout at every width (320–1440 px), light and dark', () => {
  mkdirSync(ARTIFACTS, { recursive: true });

  test('public routes: no sideways scroll, no overflowing or overlapping text', async () => {
    test.setTimeout(900_000);
    await withBrowser({}, async ({ page }) => {
      const report = {};
      await measureRoutes(page, PUBLIC_ROUTES, report);
      assert.deepEqual(report, {});
    });
  });

  test('admin routes: no sideways scroll, no overflowing or overlapping text', async () => {
    test.setTimeout(600_000);
    await withBrowser({}, async ({ page }) => {
      await signIn(page, demoAccount('admin'));
      await waitForPath(page, '/');
      const report = {};
      await measureRoutes(page, ADMIN_ROUTES, report);
      assert.deepEqual(report, {});
    });
  });

  test('the theme toggle switches light/dark and is remembered; the system preference is the default', async () => {
    test.setTimeout(120_000);
    await withBrowser({}, async ({ page }) => {
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(site('/faq'));
      await page.locator('main h1').waitFor();
      const darkBySystem = await background();
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
      const light = await background();
      assert.notEqual(light, darkBySystem);
      await page.reload();
      await page.locator('main h1').waitFor();
      assert.equal(await background(), light, 'the choice survives a reload');
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      assert.equal(await background(), darkBySystem);
    });
  });

  test('an unknown or materials-only ?sector= falls back to the first sector with a notice, never an empty list', async () => {
    test.setTimeout(120_000);
    await withBrowser({}, async ({ page }) => {
      await page.goto(site('/products?sector=nonexistent'));
      await page.getByRole('status').filter({ hasText: 'No sector is called “nonexistent”' }).waitFor();
      await page.waitForURL((url) => url.searchParams.get('sector') !== 'nonexistent');
      const shown = new URL(page.url()).searchParams.get('sector');
      assert.ok(shown);
      await page.getByRole('link', { name: 'Solar Panel' }).or(page.locator('.ps-table__row').first()).first().waitFor();
      assert.ok((await page.locator('.ps-table__row').count()) > 0, 'the fallback sector lists its products');

      await page.goto(site('/products?sector=industry'));
      await page.getByRole('status').filter({ hasText: 'trades raw materials' }).waitFor();
      // The materials sector's card leads to the materials it describes.
      await page.getByRole('link', { name: /industry.*raw materials/i }).click();
      await page.waitForURL((url) => url.pathname === '/materials');
    });
  });

  test('on a phone, tapping a sector brings its product list into view and focus', async () => {
    test.setTimeout(120_000);
    await withBrowser({ viewport: { width: 375, height: 800 } }, async ({ page }) => {
      await page.goto(site('/products?sector=energy'));
      await page.locator('.ps-product-card').first().waitFor();
      await page.getByRole('button', { name: /^Rank 3\b/ }).click();
      await page.waitForFunction(() => document.activeElement?.id === 'ps-active-sector-title');
      const top = await page.evaluate(() => document.getElementById('ps-active-sector-title').getBoundingClientRect().top);
      assert.ok(top >= 0 && top < 800, `the list heading is on screen (top ${top})`);
    });
  });
});
