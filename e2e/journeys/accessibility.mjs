// axe-core on every page, as a guest and as the admin: no serious or critical violations.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
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

describe('accessibility (axe-core)', () => {
  const publicPages = ['/', '/products?sector=energy', '/products/solar-panel', '/materials', '/materials/Copper', '/faq', '/login', '/register'];
  test('public pages have no serious or critical violations', { timeout: 120_000 }, async () => {
    await withBrowser({}, async ({ page }) => {
      const report = {};
      for (const path of publicPages) {
        await page.goto(site(path));
        await settle(page);
        const violations = await seriousViolations(page);
        if (violations.length) report[path] = violations;
      }
      assert.deepEqual(report, {});
    });
  });

  test('admin pages have no serious or critical violations', { timeout: 120_000 }, async () => {
    await withBrowser({}, async ({ page }) => {
      await signIn(page, demoAccount('admin'));
      await waitForPath(page, '/');
      const report = {};
      for (const path of ['/admin', '/admin/add-product', '/admin/json-editor']) {
        await page.goto(site(path));
        await settle(page);
        const violations = await seriousViolations(page);
        if (violations.length) report[path] = violations;
      }
      assert.deepEqual(report, {});
    });
  });
});
