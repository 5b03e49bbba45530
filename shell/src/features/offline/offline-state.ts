/**
 * The page's side of offline reading, small enough for the first visit: whether the browser is online, when the
 * figures on screen were read, the update the service worker offers, and starting the worker once the page is
 * interactive (the registration code itself is a lazy chunk, ./register.ts).
 */
import { useSyncExternalStore } from 'react';
import { interceptReads, type DataGateway } from '@sbc/shared';
import { PAGE_SEEN_MESSAGE } from './sw-policy';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};
function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

let figuresAt: number | null = null;
let updateOffer: (() => void) | null = null;

/** The figures on screen were read at `at` (ms): a server render's time, or a read that reached the database. */
export function noteFiguresRead(at: number): void {
  if (figuresAt !== null && figuresAt >= at) return;
  figuresAt = at;
  notify();
}

/** The gateway, noting the time of every read that reached the database (for "figures from 14:30"). */
export function noteReads(gateway: DataGateway): DataGateway {
  return interceptReads(gateway, async (_key, run) => {
    const value = await run();
    noteFiguresRead(Date.now());
    return value;
  });
}

/** The service worker has a new version waiting: `accept` switches to it and reloads (./register.ts). */
export function offerUpdate(accept: (() => void) | null): void {
  updateOffer = accept;
  notify();
}

/** Online as the browser sees it; the server render and hydration count as online (nothing differs then). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function useFiguresReadAt(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => figuresAt,
    () => null,
  );
}

export function useUpdateOffer(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => updateOffer,
    () => null,
  );
}

/**
 * Tells the worker the page now shown (a client-side navigation never reaches it as a page request), so that the
 * worker keeps a copy for offline reading. Nothing without a controlling worker.
 */
export function notePageSeen(url: string): void {
  navigator.serviceWorker?.controller?.postMessage({ type: PAGE_SEEN_MESSAGE, url });
}

/**
 * Starts the service worker once the page is interactive (after hydration or the client render): after the load
 * event and when the browser is idle, so neither the worker's script nor its precache competes with the page.
 * Production builds only (the development server has no /sw.js).
 */
export function startOfflineSupport(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const start = () => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
    idle(() => {
      import(/* webpackChunkName: "offline-register" */ './register')
        .then((module) => module.registerServiceWorker())
        .catch((error: unknown) => console.error('[offline] the service worker could not start', error));
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
