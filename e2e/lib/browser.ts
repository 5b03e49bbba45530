// Headless Debian Chromium, one per test worker (the runner's `browser`, launched with these options by
// playwright.config.ts); every visitor of a journey gets a fresh context in it: no cookies, no IndexedDB auth
// session, no cache.
import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { trackRequests } from './settle';
import { currentBrowser } from './test';

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

export interface BrowserOptions {
  viewport?: { width: number; height: number };
  /** false: `goto` returns at once, for a journey that acts as soon as the page is painted. */
  waitForHydration?: boolean;
  /**
   * Options of the new context (a phone's screen, JavaScript off…). Service workers are blocked unless
   * `serviceWorkers: 'allow'`: once the site's worker controls a page, its requests go through the worker, which
   * `page.route` does not see (a journey's simulated outage would not happen) and which fetches pages again to keep
   * them (the reads a journey counts would include them). The offline journey allows it and tests what it does.
   */
  contextOptions?: BrowserContextOptions;
}

export interface OpenBrowser {
  context: BrowserContext;
  page: Page;
  /** Every URL the page requested, in order (a journey may empty it between steps). */
  requests: string[];
  /** The message of every uncaught error in the page. */
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * A fresh browser context with one page whose page errors and requests are recorded. The runner traces it
 * and, when the test fails, keeps the trace and a screenshot of its pages. `waitForHydration: false` is for a
 * journey that acts on a page as soon as it is painted, as a person on a slow phone does.
 */
export async function openBrowser({
  viewport = { width: 1280, height: 900 },
  waitForHydration = true,
  contextOptions = {},
}: BrowserOptions = {}): Promise<OpenBrowser> {
  const context = await currentBrowser().newContext({ viewport, serviceWorkers: 'block', ...contextOptions });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const requests: string[] = [];
  const pageErrors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  trackRequests(page);
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
export async function withBrowser<T>(options: BrowserOptions, fn: (browser: OpenBrowser) => Promise<T>): Promise<T> {
  const browser = await openBrowser(options);
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}

/** The attribute the shell sets on <html> once React has hydrated the server's HTML (shell/src/ssr/hydrate.tsx). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * A server-rendered page (X-Render: render or cache) shows its content before its JavaScript has hydrated
 * it, and a click in that moment does nothing, for a person as for a script. A person sees the page settle;
 * the journeys wait for the mark the shell sets once hydrated, so that `goto` returns an interactive page as it
 * did when every page rendered in the browser.
 */
function waitForHydrationOnGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const rendered = response?.headers()['x-render'];
    if (rendered === 'render' || rendered === 'cache') {
      await page.locator(`html[${HYDRATED_ATTRIBUTE}="true"]`).waitFor({ state: 'attached', timeout: 15_000 });
    }
    return response;
  };
}
