// "The page has settled": what a person waits for before judging a page, and what the journeys wait for before
// measuring one (its layout, its accessibility, the requests it made), instead of Playwright's networkidle
// (at least 500 ms of silence after every page, and discouraged by Playwright) or a fixed sleep.
import type { Page, Request } from '@playwright/test';

const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts `page`'s requests under way from now on (lib/browser.ts does it for every page it opens). */
export function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  // The order requests started in, to tell the old document's from the new one's.
  const order = new Map<Request, number>();
  let started = 0;
  let lastDocument = 0;
  page.on('request', (request) => {
    started += 1;
    order.set(request, started);
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) lastDocument = started;
    pending.add(request);
  });
  const done = (request: Request) => {
    pending.delete(request);
    order.delete(request);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // A new document in the main frame ends the old one's requests: a fetch the old page had under way is cancelled
  // with it, and Chromium does not always report that cancellation (a home page's fetch cut short by the next `goto`
  // stayed "under way" for good). Requests started before the new document's own request are dropped then; a
  // client-side route (no new document) drops nothing.
  page.on('domcontentloaded', () => {
    for (const request of pending) if ((order.get(request) ?? 0) < lastDocument) pending.delete(request);
  });
  inFlight.set(page, pending);
}

/** Every request the page has started has been answered (or has failed). */
async function noRequestUnderWay(page: Page, deadline: number): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('settled() needs a page opened by lib/browser.ts (its requests are counted)');
  while (pending.size > 0) {
    if (Date.now() > deadline) throw new Error(`the page did not settle: still loading ${[...pending].map((r) => r.url()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Runs in the page: once the fonts are in, two animation frames have been rendered (what the last answer or
 * scroll changed is laid out and painted) and every finite animation or transition has finished (a theme's
 * colours, a card fading in). Infinite ones (a spinner) never end, so they are not waited for. Returns whether
 * anything still shows that it is loading (aria-busy).
 */
async function stillInThePage(): Promise<boolean> {
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  await document.fonts.ready;
  for (;;) {
    await frame();
    await frame();
    const running = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    if (running.length === 0) break;
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  }
  return document.querySelector('[aria-busy="true"]') !== null;
}

/**
 * Waits until the page has settled: no request under way, nothing busy (aria-busy, the site's loading states),
 * the last change laid out and painted, no animation running. Repeats until all hold at once, since an answer
 * can start another request or an animation (a lazily loaded chart, a card that fades in).
 */
export async function settled(page: Page, { timeout = 15_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    await noRequestUnderWay(page, deadline);
    const busy = await page.evaluate(stillInThePage);
    if (!busy && inFlight.get(page)?.size === 0) return;
    if (Date.now() > deadline) throw new Error(`the page did not settle within ${timeout} ms: ${busy ? 'something is still aria-busy' : 'requests under way'}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
