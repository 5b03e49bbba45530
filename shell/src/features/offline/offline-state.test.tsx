import { OFFLINE_COPY_ATTRIBUTE } from './sw-policy';
import { OFFLINE_BANNER_PREFIX } from './offline-text';
import type * as OfflineState from './offline-state';

/** The module as a page loads it: it reads the worker's mark on <html> once, when it loads. */
function loadPage(mark: string | null): typeof OfflineState {
  if (mark === null) document.documentElement.removeAttribute(OFFLINE_COPY_ATTRIBUTE);
  else document.documentElement.setAttribute(OFFLINE_COPY_ATTRIBUTE, mark);
  let module!: typeof OfflineState;
  jest.isolateModules(() => {
    module = require('./offline-state');
  });
  return module;
}
const gatewayReading = (read: () => Promise<unknown>) => ({ game: { getStats: read } }) as never;

afterEach(() => document.documentElement.removeAttribute(OFFLINE_COPY_ATTRIBUTE));

describe('the connection state of a page', () => {
  it('a page from the network is online while the browser is', () => {
    const state = loadPage(null);
    expect(state.isOffline()).toBe(false);
    expect(state.isUnconfirmedOfflineCopy()).toBe(false);
  });

  it('a kept copy served offline is offline whatever the browser says, until a read reaches the database', async () => {
    const state = loadPage('1764081000000');
    expect(state.isOffline()).toBe(true);
    expect(state.isUnconfirmedOfflineCopy()).toBe(true);
    const failing = state.noteReads(gatewayReading(() => Promise.reject(new Error('Failed to fetch'))));
    await expect(failing.game.getStats()).rejects.toThrow('Failed to fetch');
    expect(state.isOffline()).toBe(true);
    // The game statistics answer a failed read with undefined instead of rejecting (SPEC section 8): no figures read.
    const unanswered = state.noteReads(gatewayReading(() => Promise.resolve(undefined)));
    expect(await unanswered.game.getStats()).toBeUndefined();
    expect(state.isOffline()).toBe(true);
    const working = state.noteReads(gatewayReading(() => Promise.resolve({ lastUpdated: new Date() })));
    await working.game.getStats();
    expect(state.isOffline()).toBe(false);
  });

  it('a kept copy that cannot hydrate stays as rendered, with the banner written in at the time of its figures', () => {
    document.body.innerHTML = '<div id="root"><div class="shell-offline-banner" role="status"></div><h1>Copper</h1></div>';
    const state = loadPage('1764081000000');
    expect(state.keepOfflineCopyAsRendered()).toBe(true);
    expect(document.querySelector('.shell-offline-banner')?.textContent).toMatch(new RegExp(`^${OFFLINE_BANNER_PREFIX} `));
    expect(document.querySelector('h1')?.textContent).toBe('Copper');
    expect(loadPage(null).keepOfflineCopyAsRendered()).toBe(false);
  });
});
