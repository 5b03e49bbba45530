// Headless Debian Chromium, one per test worker (the runner's `browser`, launched with these options by
// playwright.config.mjs); every visitor of a journey gets a fresh context in it: no cookies, no IndexedDB auth
// session, no cache.
import { currentBrowser } from './test.mjs';

export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps dialling Google hosts this machine cannot reach.
export const BROWSER_ARGS = [
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
 * A fresh browser context with one page whose page errors and requests are recorded. The runner traces it
 * and, when the test fails, keeps the trace and a screenshot of its pages. `waitForHydration: false` is for a
 * journey that acts on a page as soon as it is painted, as a person on a slow phone does; `contextOptions` go to
 * the new context (a phone's screen, JavaScript off…).
 * @param {{ viewport?: { width: number, height: number }, waitForHydration?: boolean, contextOptions?: import('@playwright/test').BrowserContextOptions }} [options]
 */
export async function openBrowser({ viewport = { width: 1280, height: 900 }, waitForHydration = true, contextOptions = {} } = {}) {
  const context = await currentBrowser().newContext({ viewport, ...contextOptions });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const requests = [];
  const pageErrors = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  if (waitForHydration) waitForHydrationOnGoto(page);
  return {
    context,
    page,
    requests,
    pageErrors,
    async close() {
      await context.close();
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

/**
 * A server-rendered page (X-Render: render or cache) shows its content before its JavaScript has hydrated
 * it, and a click in that moment does nothing, for a person as for a script. A person sees the page settle;
 * the journeys wait for the mark the shell sets once hydrated (shell/src/ssr/hydrate.tsx), so that `goto`
 * returns an interactive page as it did when every page rendered in the browser.
 */
function waitForHydrationOnGoto(page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const rendered = response?.headers()['x-render'];
    if (rendered === 'render' || rendered === 'cache') {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 });
    }
    return response;
  };
}
