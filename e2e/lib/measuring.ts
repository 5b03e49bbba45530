// What the measuring journeys (first-paint, hydration-profile) share: the in-page marks of a visit and a trace
// paused while it is measured, so that what they measure is the page's own work, not Playwright's.
import type { BrowserContext } from '@playwright/test';
import { test } from './test';

/**
 * Runs in the page before any of its own scripts. The paint entry is buffered, so observing late would do too;
 * the hydrated mark is not an entry, so a MutationObserver on the document (html's attributes among them) notes
 * the time it appears. `done` settles once both are known: the test awaits it instead of polling the throttled
 * page. Long tasks (main thread busy > 50 ms) tell a window spent waiting for bytes from one spent running scripts.
 */
export function observeFirstPaint(attribute: string): void {
  if (window !== window.top) return;
  let finish = () => {};
  const marks: Window['__firstPaint'] = {
    fcp: null,
    hydrated: null,
    longTasks: [],
    done: new Promise<void>((resolve) => {
      finish = resolve;
    }),
  };
  window.__firstPaint = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const settle = () => {
    if (marks.fcp !== null && marks.hydrated !== null) finish();
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint' && marks.fcp === null) marks.fcp = entry.startTime;
    }
    settle();
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    if (marks.hydrated === null && document.documentElement?.getAttribute(attribute) === 'true') {
      marks.hydrated = performance.now();
      settle();
    }
  };
  new MutationObserver(check).observe(document, { attributes: true, attributeFilter: [attribute], subtree: true });
  check();
}

/**
 * The runner traces every context (playwright.config.ts keeps the trace of a failure), and the trace's screencast
 * encodes frames on the same two cores as the throttled page: it is paused while a visit is measured.
 */
export async function untraced<T>(context: BrowserContext, measure: () => Promise<T>): Promise<T> {
  const { trace = 'off' } = test.info().project.use;
  if ((typeof trace === 'string' ? trace : trace.mode) === 'off') return measure();
  await context.tracing.stopChunk();
  try {
    return await measure();
  } finally {
    // The runner stops this chunk when the context closes.
    await context.tracing.startChunk();
  }
}
