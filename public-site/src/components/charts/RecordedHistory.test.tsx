import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { RootStore, StoreProvider } from '@sbc/shared';
import { createFakeGateway } from '@sbc/shared/src/testing/fakes';
import { readMaterial, readProduct, type HistoryItems } from '@sbc/domain';
// The site's real API handler answers the page's fetches (tests may read across workspaces).
import { createOpenDataHandler } from '../../../../functions/src/open-data/handler';
import { fakeOpenDataFetch, recordedHistoryDocuments, type ApiFake } from '../../test/open-data-fetch';
import { NO_RECORDED_HISTORY_TEXT, NO_RECORDED_MATERIAL_HISTORY_TEXT, RecordedHistory } from './RecordedHistory';

jest.mock('./LineChart', () => ({
  __esModule: true,
  default: (props: { ariaLabel: string; labels: string[]; extraSeries?: Array<{ name: string }> }) => (
    <div role="img" aria-label={props.ariaLabel} data-labels={props.labels.join('|')} data-lines={(props.extraSeries ?? []).map((s) => s.name).join('|')} />
  ),
}));

const solar = readProduct('energy_solar', { slug: 'solar-panel', name: 'Solar Panel', category: 'energy', average_market_price: 120, lastvqvalue: [118, 120] });
const steel = readMaterial('Steel', { value: 25, amount: 880 });
const HOUR = 3_600_000;

/** Two recorded updates an hour ago and now, for two products and two materials, stored as the function stores them. */
function recorded(): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1_800_000) * 1_800_000;
  return recordedHistoryDocuments([
    [now - HOUR, { 'p/solar-panel': [100, 60, 40], 'p/wind-turbine': [500, 50, 10], 'm/Steel': [20, null, 900], 'm/Copper': [8, null, 300] }],
    [now, { 'p/solar-panel': [110, 61, 41], 'p/wind-turbine': [450, 50, 10], 'm/Steel': [25, null, 880], 'm/Copper': [6, null, 310] }],
  ]);
}

function Where() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

let api: ApiFake;
afterEach(() => api.restore());

const SOLAR = { kind: 'product' as const, id: solar.slug, name: solar.name };
const STEEL = { kind: 'material' as const, id: steel.name, name: steel.name };

function renderAt(url: string, history: Record<string, unknown> = recorded(), store?: RootStore) {
  api = fakeOpenDataFetch(createOpenDataHandler, { history });
  const gateway = createFakeGateway({ products: [solar], materials: [steel] });
  store ??= new RootStore(gateway, { storage: null });
  render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/products/:slug" element={<><RecordedHistory item={SOLAR} /><Where /></>} />
          <Route path="/materials/:slug" element={<><RecordedHistory item={STEEL} known={['Steel', 'Copper', 'Glass']} /><Where /></>} />
        </Routes>
      </MemoryRouter>
    </StoreProvider>,
  );
  return gateway;
}

describe('RecordedHistory (the product page\'s recorded price history)', () => {
  it('shows the price at each recorded market update of the last 7 days by default, from the open data API (no Firestore read)', async () => {
    const gateway = renderAt('/products/solar-panel');
    // The first test of the file also waits for the chart module's first (lazy) import: on a loaded 2-core machine
    // that took longer than findBy's default second, while the data had arrived.
    const chart = await screen.findByRole(
      'img',
      { name: /^Price of Solar Panel over 7 days: 2 recorded updates, from 100\.00 SBC to 110\.00 SBC/ },
      { timeout: 10_000 },
    );
    expect(chart.getAttribute('data-labels')?.split('|')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(api.urls).toHaveLength(1);
    expect(api.urls[0]).toMatch(/^\/api\/v1\/history\?products=solar-panel&from=.*&interval=period$/);
    expect(gateway.calls.filter((c) => c.method !== 'auth.onStateChanged')).toEqual([]); // no Firestore read
  });

  it('offers 1 day, 7 days, 30 days, 1 year and all, kept in the URL', async () => {
    renderAt('/products/solar-panel');
    const group = screen.getByRole('group', { name: 'History range' });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['1 day', '7 days', '30 days', '1 year', 'All']);
    await userEvent.click(screen.getByRole('radio', { name: '1 year' }));
    expect(screen.getByLabelText('address').textContent).toBe('/products/solar-panel?span=1y');
  });

  it('compares up to 5 products on one chart as % change, kept in ?compare=', async () => {
    renderAt('/products/solar-panel?compare=wind-turbine');
    expect(await screen.findByRole('img', { name: /^Price change of Solar Panel, wind-turbine over 7 days.*from \+?0\.00% to \+10\.00%/ })).toHaveAttribute('data-lines', 'wind-turbine');
    const input = screen.getByLabelText('Compare with a product (slug or name)');
    for (const name of ['Gas Turbine', 'b', 'c']) {
      await userEvent.type(input, name);
      await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    }
    expect(screen.getByLabelText('address').textContent).toBe('/products/solar-panel?compare=wind-turbine%2Cgas-turbine%2Cb%2Cc');
    expect(input).toBeDisabled(); // 5 on the chart
    await userEvent.click(screen.getByRole('button', { name: 'Stop comparing b' }));
    expect(screen.getByLabelText('address').textContent).toBe('/products/solar-panel?compare=wind-turbine%2Cgas-turbine%2Cc');
  });

  it('says so where nothing is recorded, and the daily-average charts stay the history', async () => {
    renderAt('/products/solar-panel', {});
    expect(await screen.findByText(NO_RECORDED_HISTORY_TEXT)).toBeInTheDocument();
  });
});

describe('RecordedHistory on a material page (the same chart, materials by name)', () => {
  it('shows the material\'s recorded price at each market update, read by name from the open data API', async () => {
    renderAt('/materials/Steel');
    expect(await screen.findByRole('img', { name: /^Price of Steel over 7 days: 2 recorded updates, from 20\.00 SBC to 25\.00 SBC/ })).toBeInTheDocument();
    expect(api.urls).toHaveLength(1);
    expect(api.urls[0]).toMatch(/^\/api\/v1\/history\?materials=Steel&from=.*&interval=period$/);
  });

  it('changes the range in the URL and reads that range (1 year: one point a day)', async () => {
    renderAt('/materials/Steel');
    await screen.findByRole('img', { name: /^Price of Steel over 7 days/ });
    await userEvent.click(screen.getByRole('radio', { name: '1 year' }));
    expect(screen.getByLabelText('address').textContent).toBe('/materials/Steel?span=1y');
    // The daily tier keeps each day's last update (one point, two when the hour before now was yesterday in UTC).
    expect(await screen.findByRole('img', { name: /^Price of Steel over 1 year: [12] recorded updates, from (20|25)\.00 SBC to 25\.00 SBC/ })).toBeInTheDocument();
    expect(api.urls[1]).toMatch(/interval=day$/);
  });

  it('compares with other materials by name (a known name in any case), kept in ?compare=, at most 5 on the chart', async () => {
    renderAt('/materials/Steel');
    await screen.findByRole('img', { name: /^Price of Steel/ });
    const input = screen.getByLabelText('Compare with a material (name)');
    await userEvent.type(input, 'copper');
    await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    expect(screen.getByLabelText('address').textContent).toBe('/materials/Steel?compare=Copper');
    // Steel 20 → 25 is +25 %, Copper 8 → 6 is −25 %.
    expect(await screen.findByRole('img', { name: /^Price change of Steel, Copper over 7 days: 2 recorded updates, from \+?0\.00% to \+25\.00%/ })).toHaveAttribute('data-lines', 'Copper');
    expect(within(screen.getByRole('list', { name: 'Compared materials' })).getByRole('link', { name: 'Copper' })).toHaveAttribute('href', '/materials/Copper');
    for (const name of ['Glass', 'Sand', 'Wood']) {
      await userEvent.type(input, name);
      await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    }
    expect(screen.getByLabelText('address').textContent).toBe('/materials/Steel?compare=Copper%2CGlass%2CSand%2CWood');
    expect(input).toBeDisabled();
  });

  it('says when nothing is recorded yet', async () => {
    renderAt('/materials/Steel', {});
    expect(await screen.findByText(NO_RECORDED_MATERIAL_HISTORY_TEXT)).toBeInTheDocument();
  });
});

describe('RecordedHistory following the live market on an open page', () => {
  it('adds the new market update\'s point to the chart when the market updates, without a reload', async () => {
    const base = Math.floor(Date.now() / 1_800_000) * 1_800_000;
    const updates: Array<[number, HistoryItems]> = [
      [base - HOUR, { 'm/Steel': [20, null, 900] }],
      [base - HOUR / 2, { 'm/Steel': [22, null, 890] }],
    ];
    const history = recordedHistoryDocuments(updates);
    const stats = (at: number) => ({ totalPlayers: 10, totalHeadquarters: 2, totalMarketValue: 1000, lastUpdated: new Date(at) });
    const store = new RootStore(createFakeGateway({}), { storage: null });
    store.game.applyStats(stats(base - HOUR / 2));
    renderAt('/materials/Steel', history, store);
    expect(await screen.findByRole('img', { name: /^Price of Steel over 7 days: 2 recorded updates, from 20\.00 SBC to 22\.00 SBC/ })).toBeInTheDocument();

    // The market updates at `base` and the recording function writes its point; the market clock hands the new stats over.
    Object.assign(history, recordedHistoryDocuments([...updates, [base, { 'm/Steel': [26, null, 870] }]]));
    act(() => store.game.applyStats(stats(base)));
    expect(await screen.findByRole('img', { name: /^Price of Steel over 7 days: 3 recorded updates, from 20\.00 SBC to 26\.00 SBC/ })).toBeInTheDocument();
    expect(api.urls).toHaveLength(2);
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
  });
});
