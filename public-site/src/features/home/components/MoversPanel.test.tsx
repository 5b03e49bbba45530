import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { RootStore, StoreProvider } from '@sbc/shared';
import { createFakeGateway } from '@sbc/shared/src/testing/fakes';
import { marketMovers, type HistoryItems } from '@sbc/domain';
// The site's real API handler answers the page's fetches (tests may read across workspaces).
import { createOpenDataHandler } from '../../../../../functions/src/open-data/handler';
import { fakeOpenDataFetch, type ApiFake } from '../../../test/open-data-fetch';
import { MoversPanel, NO_MOVERS_TEXT } from './MoversPanel';

const T = Date.parse('2026-11-27T09:30:00Z');
const info = { 'p/solar-panel': { name: 'Solar Panel', sector: 'energy' }, 'p/bread': { name: 'Bread', sector: 'food' }, 'm/Copper': { name: 'Copper', sector: 'materials' } };
const now: HistoryItems = { 'p/solar-panel': [110, 60, 40], 'p/bread': [1.8, 10, 500], 'm/Copper': [8.4, null, 100] };
const movers = marketMovers(new Date(T), now, info, [
  { at: new Date(T - 1_800_000), items: { 'p/solar-panel': [100, 60, 40], 'p/bread': [2, 10, 500], 'm/Copper': [8, null, 100] } },
]);

let api: ApiFake;
afterEach(() => api.restore());

/** The game stats of the market update at `at`, as the market clock hands them to the store. */
const statsAt = (at: number) => ({ totalPlayers: 10, totalHeadquarters: 2, totalMarketValue: 1000, lastUpdated: new Date(at) });

function renderPanel(seed: { movers?: typeof movers }, store?: RootStore) {
  api = fakeOpenDataFetch(createOpenDataHandler, seed);
  const gateway = createFakeGateway({});
  render(
    <StoreProvider store={store ?? new RootStore(gateway, { storage: null })}>
      <MemoryRouter>
        <MoversPanel />
      </MemoryRouter>
    </StoreProvider>,
  );
  return gateway;
}

describe('MoversPanel (home)', () => {
  it('lists the biggest price risers and fallers since the previous update, linked to their pages, from the open data API', async () => {
    const gateway = renderPanel({ movers });
    const risers = await screen.findByRole('list', { name: 'Price risers' });
    expect(within(risers).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Solar Panel +10.0%', 'Copper +5.0%']);
    expect(within(risers).getByRole('link', { name: 'Copper' })).toHaveAttribute('href', '/materials/Copper');
    const fallers = screen.getByRole('list', { name: 'Price fallers' });
    expect(within(fallers).getByRole('listitem').textContent).toBe('Bread \u221210.0%');
    expect(within(fallers).getByRole('link', { name: 'Bread' })).toHaveAttribute('href', '/products/bread');
    expect(api.urls).toEqual(['/api/v1/movers?window=period']);
    expect(gateway.calls.filter((c) => c.method !== 'auth.onStateChanged')).toEqual([]); // no Firestore read, no Firebase download
  });

  it('says when a window has no history that old yet', async () => {
    renderPanel({ movers });
    await screen.findByRole('list', { name: 'Price risers' });
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    expect(screen.getByText(NO_MOVERS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Price risers' })).not.toBeInTheDocument();
  });

  it('says so before any update is recorded', async () => {
    renderPanel({});
    expect(await screen.findByText(NO_MOVERS_TEXT)).toBeInTheDocument();
  });

  describe('following the live market on an open page', () => {
    const T2 = T + 1_800_000;
    // At the next update Bread recovers and Solar Panel falls back.
    const next = marketMovers(new Date(T2), { 'p/solar-panel': [99, 60, 40], 'p/bread': [2.07, 10, 500], 'm/Copper': [8.4, null, 100] }, info, [
      { at: new Date(T), items: now },
    ]);
    const risersText = () => within(screen.getByRole('list', { name: 'Price risers' })).getAllByRole('listitem').map((li) => li.textContent);

    function openAt(seed: { movers?: typeof movers }) {
      const store = new RootStore(createFakeGateway({}), { storage: null });
      store.game.applyStats(statsAt(T));
      renderPanel(seed, store);
      return store;
    }

    afterEach(() => jest.useRealTimers());

    it('shows the new movers in place when the market updates, without a reload', async () => {
      const seed = { movers };
      const store = openAt(seed);
      await screen.findByRole('list', { name: 'Price risers' });
      expect(risersText()).toEqual(['Solar Panel +10.0%', 'Copper +5.0%']);
      seed.movers = next; // the recording of the update at T2
      act(() => store.game.applyStats(statsAt(T2)));
      await waitFor(() => expect(risersText()).toEqual(['Bread +15.0%']));
      expect(within(screen.getByRole('list', { name: 'Price fallers' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Solar Panel \u221210.0%']);
      expect(api.urls).toEqual(['/api/v1/movers?window=period', '/api/v1/movers?window=period']);
    });

    it('asks again when the update\'s movers are not recorded yet, and keeps the old ones meanwhile', async () => {
      jest.useFakeTimers();
      const seed = { movers };
      const store = openAt(seed);
      await screen.findByRole('list', { name: 'Price risers' });
      act(() => store.game.applyStats(statsAt(T2))); // the function has not written yet
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
      expect(api.urls).toHaveLength(2);
      expect(risersText()).toEqual(['Solar Panel +10.0%', 'Copper +5.0%']);
      seed.movers = next;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5_000);
      });
      expect(api.urls).toHaveLength(3);
      expect(risersText()).toEqual(['Bread +15.0%']);
      // Recorded: no more asking.
      await act(async () => {
        await jest.advanceTimersByTimeAsync(120_000);
      });
      expect(api.urls).toHaveLength(3);
    });
  });
});
