import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { RootStore, StoreProvider } from '@sbc/shared';
import { createFakeGateway } from '@sbc/shared/src/testing/fakes';
import { historyWrites, readProduct, type HistoryItems } from '@sbc/domain';
// The site's real API handler answers the page's fetches (tests may read across workspaces).
import { createOpenDataHandler } from '../../../../../functions/src/open-data/handler';
import { fakeOpenDataFetch, type ApiFake } from '../../../test/open-data-fetch';
import { NO_RECORDED_HISTORY_TEXT, RecordedHistory } from './RecordedHistory';

jest.mock('../../../components/charts/LineChart', () => ({
  __esModule: true,
  default: (props: { ariaLabel: string; labels: string[]; extraSeries?: Array<{ name: string }> }) => (
    <div role="img" aria-label={props.ariaLabel} data-labels={props.labels.join('|')} data-lines={(props.extraSeries ?? []).map((s) => s.name).join('|')} />
  ),
}));

const solar = readProduct('energy_solar', { slug: 'solar-panel', name: 'Solar Panel', category: 'energy', average_market_price: 120, lastvqvalue: [118, 120] });
const HOUR = 3_600_000;

/** Two recorded updates an hour ago and now, for solar-panel and wind-turbine, stored as the function stores them. */
function recorded(): Record<string, unknown> {
  const docs: Record<string, Record<string, unknown>> = {};
  const record = (t: number, items: HistoryItems) => {
    for (const w of historyWrites(items, t)) {
      const doc = docs[w.id] ?? {};
      for (const field of w.fields) {
        const [head, sub] = field.split('.');
        doc[head] = sub === undefined ? w.data[head] : { ...((doc[head] as object) ?? {}), [sub]: (w.data[head] as Record<string, unknown>)[sub] };
      }
      docs[w.id] = doc;
    }
  };
  const now = Math.floor(Date.now() / 1_800_000) * 1_800_000;
  record(now - HOUR, { 'p/solar-panel': [100, 60, 40], 'p/wind-turbine': [500, 50, 10] });
  record(now, { 'p/solar-panel': [110, 61, 41], 'p/wind-turbine': [450, 50, 10] });
  return docs;
}

function Where() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

let api: ApiFake;
afterEach(() => api.restore());

function renderAt(url: string, history: Record<string, unknown> = recorded()) {
  api = fakeOpenDataFetch(createOpenDataHandler, { history });
  const gateway = createFakeGateway({ products: [solar] });
  const store = new RootStore(gateway, { storage: null });
  render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/products/:slug" element={<><RecordedHistory product={solar} /><Where /></>} />
        </Routes>
      </MemoryRouter>
    </StoreProvider>,
  );
  return gateway;
}

describe('RecordedHistory (the product page\'s recorded price history)', () => {
  it('shows the price at each recorded market update of the last 7 days by default, from the open data API (no Firestore read)', async () => {
    const gateway = renderAt('/products/solar-panel');
    const chart = await screen.findByRole('img', { name: /^Price of Solar Panel over 7 days: 2 recorded updates, from 100\.00 SBC to 110\.00 SBC/ });
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
