// The journeys' `test`: @playwright/test's, with the worker's one browser handed to `withBrowser`
// (lib/browser.mjs), which opens a fresh context per visitor. Contexts made from the fixture's browser are
// traced and screenshotted by the runner like its own `page` (playwright.config.mjs keeps both on failure).
import { test as base } from '@playwright/test';

/** @type {import('@playwright/test').Browser | undefined} */
let workerBrowser;

/** @typedef {{ shareBrowser: void }} WorkerFixtures */

export const test = base.extend(
  /** @type {import('@playwright/test').Fixtures<{}, WorkerFixtures, import('@playwright/test').PlaywrightTestArgs & import('@playwright/test').PlaywrightTestOptions, import('@playwright/test').PlaywrightWorkerArgs & import('@playwright/test').PlaywrightWorkerOptions>} */ ({
    shareBrowser: [
      async ({ browser }, use) => {
        workerBrowser = browser;
        await use(undefined);
      },
      { scope: 'worker', auto: true },
    ],
  }),
);

/** The browser of the running test's worker (only inside a test or hook). */
export function currentBrowser() {
  if (!workerBrowser) throw new Error('No browser: withBrowser runs inside a test');
  return workerBrowser;
}
