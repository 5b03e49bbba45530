const register = jest.fn();
jest.mock('workbox-window', () => ({
  Workbox: jest.fn().mockImplementation(() => ({ addEventListener: jest.fn(), register, messageSW: jest.fn().mockResolvedValue(undefined), messageSkipWaiting: jest.fn() })),
}));

import { Workbox } from 'workbox-window';
import { REGISTRATION_REFUSED, registerServiceWorker } from './register';
import { PAGE_SEEN_MESSAGE } from './sw-policy';
import {
  keepPagesSeenBeforeWorker,
  noteActiveWorker,
  notePageLoadedWithoutWorker,
  notePageSeen,
  PAGES_BEFORE_WORKER_KEY,
  PAGES_REMEMBERED_BEFORE_WORKER,
} from './offline-state';

it('a browser that refuses service workers gets the site as before, with a warning and no error', async () => {
  // What Chromium's blocked service workers gave workbox-window (seen in the version-skew journey).
  register.mockRejectedValue(new TypeError("Cannot read properties of undefined (reading 'waiting')"));
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  registerServiceWorker();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(warn).toHaveBeenCalledWith(REGISTRATION_REFUSED, expect.any(TypeError));
  expect(error).not.toHaveBeenCalled();
});

describe('a page the first worker took before it registered (opened while the worker was installing)', () => {
  const postMessage = jest.fn();
  beforeEach(() => {
    register.mockResolvedValue(undefined);
    postMessage.mockClear();
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: { postMessage }, ready: Promise.resolve({ active: { postMessage } }) },
    });
  });
  afterEach(() => {
    // The page's module state: the active worker a registration noted.
    noteActiveWorker(null);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: undefined });
  });
  // The page's Navigation Timing (jsdom has none): when a worker started for its document, and the files it loaded.
  const entries = (workerStart: number) =>
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: (type: string) => (type === 'navigation' ? [{ workerStart }] : [{ name: 'http://localhost/main.js' }]),
    });
  const workbox = () => (Workbox as unknown as jest.Mock).mock.results.at(-1)?.value as { messageSW: jest.Mock };

  it('is kept as the first page is: its files fetched through the worker, and the page itself', async () => {
    entries(0);
    window.history.replaceState(null, '', '/products/solar-panel?range=7');
    registerServiceWorker();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(workbox().messageSW).toHaveBeenCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: ['http://localhost/main.js'] } });
    expect(postMessage).toHaveBeenCalledWith({ type: PAGE_SEEN_MESSAGE, url: '/products/solar-panel?range=7' });
  });

  it('a page that came through the worker is kept already: nothing more', async () => {
    entries(12.5);
    registerServiceWorker();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(workbox().messageSW).not.toHaveBeenCalled();
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('pages the tab showed before any worker was active (a first visit, while the first worker installed)', () => {
  const postMessage = jest.fn();
  /** The tab's worker: the one that controls it, and the registration's active one (the controller, unless given). */
  const worker = (controller: { postMessage: jest.Mock } | null, active = controller) =>
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      // Never active: `ready` never resolves, as in a browser.
      value: { controller, ready: active ? Promise.resolve({ active }) : new Promise(() => {}) },
    });
  const kept = () => postMessage.mock.calls.map(([message]) => message.url);
  beforeEach(() => {
    register.mockResolvedValue(undefined);
    postMessage.mockClear();
    sessionStorage.clear();
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: (type: string) => (type === 'navigation' ? [{ workerStart: 0 }] : []),
    });
  });
  afterEach(() => {
    // The page's module state: the active worker a registration noted.
    noteActiveWorker(null);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: undefined });
  });

  it('are all kept, each once, when the first worker takes the tab: a page loaded, a page opened in it, the page shown', async () => {
    worker(null);
    // The player's first page load (the sign-in page's redirect home), then a product opened for a second.
    window.history.replaceState(null, '', '/');
    notePageLoadedWithoutWorker();
    notePageSeen('/products/solar-panel');
    notePageSeen('/');
    // The next page load, still before the worker took the tab: the worker takes it now.
    window.history.replaceState(null, '', '/materials/copper');
    notePageLoadedWithoutWorker();
    worker({ postMessage });
    registerServiceWorker();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kept().sort()).toEqual(['/', '/materials/copper', '/products/solar-panel']);
    // Kept once: the list is gone, a later page of the tab keeps nothing more.
    postMessage.mockClear();
    keepPagesSeenBeforeWorker();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('are kept from a later page that came through the worker, when the page that saw them left before the worker took it', async () => {
    worker(null);
    notePageSeen('/products/solar-panel');
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: (type: string) => (type === 'navigation' ? [{ workerStart: 8 }] : []),
    });
    worker({ postMessage });
    registerServiceWorker();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kept()).toEqual(['/products/solar-panel']);
  });

  it('are kept by the active worker when it never controls the page (it loaded while the worker activated), as are pages opened in it', async () => {
    worker(null);
    window.history.replaceState(null, '', '/products/solar-panel');
    notePageLoadedWithoutWorker();
    window.history.replaceState(null, '', '/materials/copper');
    notePageLoadedWithoutWorker();
    worker(null, { postMessage });
    registerServiceWorker();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kept().sort()).toEqual(['/materials/copper', '/products/solar-panel']);
    postMessage.mockClear();
    notePageSeen('/materials');
    expect(kept()).toEqual(['/materials']);
  });

  it(`remembers the ${PAGES_REMEMBERED_BEFORE_WORKER} most recent only, and reads a corrupt list as empty`, () => {
    worker(null);
    for (let page = 1; page <= PAGES_REMEMBERED_BEFORE_WORKER + 2; page += 1) notePageSeen(`/products/p${page}`);
    worker({ postMessage });
    keepPagesSeenBeforeWorker();
    expect(kept()).toEqual(Array.from({ length: PAGES_REMEMBERED_BEFORE_WORKER }, (_, index) => `/products/p${index + 3}`));
    for (const corrupt of ['{not json', '{"a":1}', '[42,"https://elsewhere.example/x"]']) {
      sessionStorage.setItem(PAGES_BEFORE_WORKER_KEY, corrupt);
      postMessage.mockClear();
      expect(() => keepPagesSeenBeforeWorker('/faq')).not.toThrow();
      expect(kept()).toEqual(['/faq']);
    }
  });

  it('offline, nothing is remembered: a page shown from a kept copy is no page seen online', () => {
    worker(null);
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    notePageSeen('/products/solar-panel');
    onLine.mockRestore();
    expect(sessionStorage.getItem(PAGES_BEFORE_WORKER_KEY)).toBeNull();
  });
});
