// Headless Debian Chromium driven by playwright-core. `launch()` refuses --user-data-dir in args, so every
// context is a persistent one in a fresh temporary profile (see /work/shared/design/toolchain-notes.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const EXECUTABLE = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps dialling Google hosts this machine cannot reach.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * A fresh browser profile (no cookies, no IndexedDB auth session, no cache) with one page whose console
 * errors, page errors and requests are recorded.
 */
export async function openBrowser({ viewport = { width: 1280, height: 900 } } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'sbc-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: EXECUTABLE,
    headless: true,
    args: ARGS,
    viewport,
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const requests = [];
  const pageErrors = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return {
    context,
    page,
    requests,
    pageErrors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` with a fresh browser and always closes it. */
export async function withBrowser(options, fn) {
  const browser = await openBrowser(options);
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}
