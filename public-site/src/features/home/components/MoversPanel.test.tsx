import { render, screen, within } from '@testing-library/react';
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

function renderPanel(seed: { movers?: typeof movers }) {
  api = fakeOpenDataFetch(createOpenDataHandler, seed);
  const gateway = createFakeGateway({});
  render(
    <StoreProvider store={new RootStore(gateway, { storage: null })}>
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
});
