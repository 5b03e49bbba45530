// The browser journeys on @playwright/test: the local stack as global setup, one worker (the journeys share
// one stack and one database, in the order of journeys.spec.mjs), one browser with a fresh context per
// visitor, no retries (a flake is a bug to fix, not to hide), and a trace and a screenshot kept for every
// failure under e2e/artifacts/test-results (the list reporter prints their paths).
import { defineConfig } from '@playwright/test';
import { BROWSER_ARGS, CHROMIUM_EXECUTABLE } from './lib/browser.mjs';

export default defineConfig({
  testDir: '.',
  testMatch: 'journeys.spec.mjs',
  globalSetup: './lib/global-setup.mjs',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  outputDir: 'artifacts/test-results',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: BROWSER_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
