// The journeys' `test`: @playwright/test's, with the worker's one browser handed to `withBrowser`
// (lib/browser.ts), which opens a fresh context per visitor. Contexts made from the fixture's browser are
// traced and screenshotted by the runner like its own `page` (playwright.config.ts keeps both on failure).
import { test as base, type Browser } from '@playwright/test';

let workerBrowser: Browser | undefined;

export const test = base.extend<object, { shareBrowser: undefined }>({
  shareBrowser: [
    async ({ browser }, use) => {
      workerBrowser = browser;
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
});

/** The browser of the running test's worker (only inside a test or hook). */
export function currentBrowser(): Browser {
  if (!workerBrowser) throw new Error('No browser: withBrowser runs inside a test');
  return workerBrowser;
}
