/**
 * What the browser journeys put on `window` inside the page (page.evaluate / addInitScript) and the
 * Chromium-only APIs they read; type-checked by tsconfig.scripts.json. Not part of any app build.
 */
interface Window {
  /** The real Firebase SDK loaded by e2e/lib/browser-sdk.mjs, and its instances. */
  sdk: any;
  db: any;
  auth: any;
  /** axe-core, injected by the accessibility checks. */
  axe: any;
  __itemsAt?: number;
  __renderedAt?: number;
  __longTasks: Array<{ startTime: number; duration: number }>;
}

interface Performance {
  /** Chromium only, coarse without --enable-precise-memory-info. */
  memory?: { usedJSHeapSize: number };
}
