// axe-core in the page: the accessibility journeys' one check.
import type { Page } from '@playwright/test';

const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

/** axe-core's serious and critical violations on the page as it is now, each with up to three of its elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
