const register = jest.fn();
jest.mock('workbox-window', () => ({
  Workbox: jest.fn().mockImplementation(() => ({ addEventListener: jest.fn(), register, messageSW: jest.fn().mockResolvedValue(undefined), messageSkipWaiting: jest.fn() })),
}));

import { Workbox } from 'workbox-window';
import { REGISTRATION_REFUSED, registerServiceWorker } from './register';
import { PAGE_SEEN_MESSAGE } from './sw-policy';

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
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage } } });
  });
  afterEach(() => {
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
