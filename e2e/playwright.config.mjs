// The browser journeys on @playwright/test: the local stack as global setup, one worker (the journeys share
// one stack and one database, in the order of journeys.spec.mjs), one browser with a fresh context per
// visitor, no retries (a flake is a bug to fix, not to hide), and a trace and a screenshot kept for every
// failure under e2e/artifacts/test-results (the list reporter prints their paths).
import { defineConfig } from '@playwright/test';
import { BROWSER_ARGS, CHROMIUM_EXECUTABLE } from './lib/browser.mjs';

// A run on moved ports (SBC_E2E_PORT_OFFSET, a second run on the machine) keeps its artifacts apart too: each run
// empties its output folder when it starts.
const OFFSET = Number(process.env.SBC_E2E_PORT_OFFSET ?? 0);

export default defineConfig({
  testDir: '.',
  testMatch: 'journeys.spec.mjs',
  globalSetup: './lib/global-setup.mjs',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  outputDir: OFFSET ? `artifacts/test-results-${OFFSET}` : 'artifacts/test-results',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: BROWSER_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
