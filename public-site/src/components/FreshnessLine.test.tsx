import { fakeStatRow } from '@sbc/shared/src/testing/fakes';
import { act, screen } from '@testing-library/react';
import { renderPage } from '../test/render-page';
import { FreshnessLine } from './FreshnessLine';

describe('FreshnessLine', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => jest.useRealTimers());

  const rows = (...isos: string[]) => isos.map((iso, i) => fakeStatRow({ name: `Row ${i}`, type: 'product', category: 'food', lastUpdated: new Date(iso) }));

  it('says when the newest stat row was updated and when the next update is due, and ages as time passes', async () => {
    const { store } = renderPage(<FreshnessLine />, { seed: { statRows: rows('2026-11-23T11:00:00Z', '2026-11-23T11:48:00Z') } });
    await act(() => store.market.loadMarketStats()); // as the dashboards do
    expect(await screen.findByText('Updated 12 min ago · next market update in 18 min')).toBeInTheDocument();
    expect(screen.queryByText('Stale')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(20 * 60_000);
    });
    expect(screen.getByText('Updated 32 min ago · the next market update is overdue')).toBeInTheDocument();
  });

  it("carries a visible 'Stale' badge once the figures are older than two cycles", async () => {
    const { store } = renderPage(<FreshnessLine />, { seed: { statRows: rows('2026-11-23T10:30:00Z') } });
    await act(() => store.market.loadMarketStats());
    expect(await screen.findByText('Updated 1 h ago · the next market update is overdue')).toBeInTheDocument();
    expect(screen.getByText('Stale')).toBeVisible();
  });

  it("tells from the game stats document's stamp, which every market update writes, before the rows", async () => {
    const gameStats = { totalHeadquarters: 1, totalMarketValue: 2, totalPlayers: 3, lastUpdated: new Date('2026-11-23T11:55:00Z') };
    const { store } = renderPage(<FreshnessLine />, { seed: { gameStats, statRows: rows('2026-11-23T11:00:00Z') } });
    await act(() => store.market.loadMarketStats());
    expect(await screen.findByText('Updated 5 min ago · next market update in 25 min')).toBeInTheDocument();
  });

  it('restarts when the page follows a market update (the market clock stores the new statistics)', async () => {
    const gameStats = { totalHeadquarters: 1, totalMarketValue: 2, totalPlayers: 3, lastUpdated: new Date('2026-11-23T11:30:00Z') };
    const { store } = renderPage(<FreshnessLine />, { seed: { gameStats } });
    expect(await screen.findByText('Updated 30 min ago · the next market update is due now')).toBeInTheDocument();
    act(() => store.game.applyStats({ ...gameStats, lastUpdated: new Date('2026-11-23T12:00:00Z') }));
    expect(screen.getByText('Updated just now · next market update in 30 min')).toBeInTheDocument();
  });

  it('says the time is unknown when no stat row carries one', async () => {
    renderPage(<FreshnessLine />, { seed: { statRows: [fakeStatRow({ name: 'x', type: 'product', category: 'food' })] } });
    expect(await screen.findByText('Update time unknown · the market updates every 30 min')).toBeInTheDocument();
  });
});
