/**
 * Runs `work` once the page has loaded and the browser is idle: for what a page can do without (the service worker,
 * the telemetry reporter), which must never compete with the first paint or hydration.
 *
 * The idle wait is bounded: a page that is never idle (a live market ticking, an animation, a busy phone) would
 * otherwise never start them. After IDLE_WAIT_LIMIT_MS the browser runs `work` at its next chance.
 */
export const IDLE_WAIT_LIMIT_MS = 3000;

export function afterPageIsIdle(work: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: IDLE_WAIT_LIMIT_MS });
    else setTimeout(work, 1);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
