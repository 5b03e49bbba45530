// The browser journeys on @playwright/test: two groups of journeys (journeys.ts) side by side, each a project
// with one worker and a local stack of its own (started by the global setup), its journeys in order; one browser
// per worker with a fresh context per visitor, no retries (a flake is a bug to fix, not to hide), and a trace and
// a screenshot kept for every failure under e2e/artifacts/test-results (the list reporter prints their paths).
// SBC_E2E_WORKERS=1 runs the groups one after the other (a machine with one core).
import { defineConfig } from '@playwright/test';
import { activeGroups } from './journeys';
import { BROWSER_ARGS, CHROMIUM_EXECUTABLE } from './lib/browser';

// A run on moved ports (SBC_E2E_PORT_OFFSET, a second run on the machine) keeps its artifacts apart too: each run
// empties its output folder when it starts.
const OFFSET = Number(process.env.SBC_E2E_PORT_OFFSET ?? 0);

export default defineConfig({
  testDir: '.',
  // Playwright compiles every file it loads outside node_modules; the built apps (the shell's 10 MB render bundle,
  // which the stack's server loads) run as built.
  build: { external: ['**/dist/**', '**/dist-server/**'] },
  globalSetup: './lib/global-setup.ts',
  projects: activeGroups().map((group) => ({ name: `journeys-${group + 1}`, testMatch: `journeys-${group + 1}.spec.ts` })),
  workers: Number(process.env.SBC_E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  // Web-first assertions wait as long as a step does (lib/browser.ts: 15 s), not Playwright's 5 s: the stack
  // shares a small machine with the other group's.
  expect: { timeout: 15_000 },
  outputDir: OFFSET ? `artifacts/test-results-${OFFSET}` : 'artifacts/test-results',
  // The JSON report is read by `npm test` (scripts/test-all.mjs), which repeats each failure's message at the end of
  // its output: CI keeps only the last lines.
  reporter: [['list'], ['json', { outputFile: OFFSET ? `artifacts/report-${OFFSET}.json` : 'artifacts/report.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: BROWSER_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
