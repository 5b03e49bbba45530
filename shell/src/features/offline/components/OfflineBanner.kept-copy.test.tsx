/**
 * The banner of a kept copy the service worker served without a connection, while the browser still claims one (so
 * only a read can tell): it stays until fresh figures have been read. A file of its own: the page's connection state
 * (../offline-state.ts) reads the worker's mark on <html> once, when the module loads.
 */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RootStore, StoreProvider } from '@sbc/shared';
import type { GameStats } from '@sbc/domain';
import { createFakeGateway, type FakeGateway } from '@sbc/shared/src/testing/fakes';
import { OFFLINE_COPY_ATTRIBUTE } from '../sw-policy';
import { formatFiguresTime } from '../offline-text';
import type * as OfflineState from '../offline-state';
import type * as Banner from './OfflineBanner';

const KEPT_AT = Date.now() - 60 * 60_000;
const STATS: GameStats = { totalHeadquarters: 12, totalMarketValue: 1_000_000, totalPlayers: 40, lastUpdated: new Date() };

let offlineState: typeof OfflineState;
let banner: typeof Banner;
beforeAll(() => {
  // The worker's mark, then the page's modules, as a kept page loads them.
  document.documentElement.setAttribute(OFFLINE_COPY_ATTRIBUTE, String(KEPT_AT));
  offlineState = require('../offline-state');
  banner = require('./OfflineBanner');
});
afterAll(() => document.documentElement.removeAttribute(OFFLINE_COPY_ATTRIBUTE));

/** The shell as it starts: reads timed by the offline state, the market clock started by the layout. */
function renderKeptPage(gateway: FakeGateway) {
  const store = new RootStore(offlineState.noteReads(gateway), { storage: null, marketClock: { visibility: null } });
  const stopClock = store.marketClock.start();
  render(
    <StoreProvider store={store}>
      <MemoryRouter>
        <banner.OfflineBanner />
      </MemoryRouter>
    </StoreProvider>,
  );
  return { store, stopClock };
}

/** The banner's reconnect checks fire (every RECONNECT_CHECK_MS) and their reads are answered. */
async function waitChecks(count: number) {
  for (let i = 0; i < count; i++) {
    await act(() => jest.advanceTimersByTimeAsync(banner.RECONNECT_CHECK_MS));
  }
}

describe('the banner of a kept copy opened offline', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.now() }));
  afterEach(() => jest.useRealTimers());

  it('stays while the reads of the game statistics fail (a signed-in player has Firebase loaded), and goes once fresh figures are read', async () => {
    // The real gateway answers a failed game-stats read with undefined (SPEC section 8), as the fake does.
    const gateway = createFakeGateway({ gameStats: STATS });
    gateway.fail('game.getStats', new Error('Failed to fetch'));
    const { store, stopClock } = renderKeptPage(gateway);
    const region = screen.getByRole('status', { name: 'Connection' });
    const offlineText = `Offline — figures from ${formatFiguresTime(KEPT_AT)}`;
    expect(region).toHaveTextContent(offlineText);

    // 20 s offline: two looks, both failed; the banner stays through both.
    await waitChecks(1);
    expect(region).toHaveTextContent(offlineText);
    await waitChecks(1);
    expect(region).toHaveTextContent(offlineText);
    expect(gateway.callCount('game.getStats')).toBe(2);

    // The connection is back: the next look reads the statistics, and the figures on screen are current.
    gateway.fail('game.getStats', undefined);
    await waitChecks(1);
    expect(region).toBeEmptyDOMElement();
    stopClock();
    store.dispose();
  });
});
