import { afterPageIsIdle } from '../../lib/after-page-is-idle';
import { notePageLoadedWithoutWorker } from './offline-state';

/**
 * Starts the service worker once the page is interactive (after hydration or the client render): after the load
 * event and when the browser is idle, so neither the worker's script nor its precache competes with the page.
 * Production builds only (the development server has no /sw.js). A file of its own: it loads ./register.ts lazily,
 * and ./register.ts imports ./offline-state.ts, so this cannot live there without an import circle.
 */
let offlineSupportStarted = false;
export function startOfflineSupport(): void {
  // Once per page: both start-up paths call it, and a development StrictMode runs effects twice.
  if (offlineSupportStarted || process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  offlineSupportStarted = true;
  // Remembered now, not once the worker is registered: a visitor may leave this page before the page is idle.
  notePageLoadedWithoutWorker();
  afterPageIsIdle(() => {
    import(/* webpackChunkName: "offline-register" */ './register')
      .then((module) => module.registerServiceWorker())
      .catch((error: unknown) => console.error('[offline] the service worker could not start', error));
  });
}
