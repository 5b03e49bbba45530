import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { addToHour, emptyHour, hourKeyOf, type TelemetryApp, type TelemetryHour } from '@sbc/domain';
import { SalutePage } from './SalutePage';
import { HEALTH_LOAD_FAILED, HEALTH_REFRESH_MS } from '../stores/health-store';
import { renderAdmin } from '../../../test/render-admin';

const OLD = '20261126-100000-aaa1111';
const NEW = '20261127-080000-bbb2222';
const hourNow = () => hourKeyOf(Date.now());

/** An hour document of `app`'s `release`: views, errors of one message, and phone LCPs at `lcpMs`. */
function hour(app: TelemetryApp, release: string, { views = 100, errors = 0, lcpMs = 900, at = hourNow() } = {}): TelemetryHour {
  return addToHour(emptyHour(app, release, at), {
    app,
    release,
    hour: at,
    pageViews: views,
    errors: errors > 0 ? [{ kind: 'error', route: '/products/:slug', message: 'TypeError: x is undefined', count: errors }] : [],
    vitals: [{ name: 'LCP', device: 'phone', value: lcpMs, weight: 20 }],
  });
}

const table = (name: string) => screen.getByRole('table', { name });
const row = (tableName: string, release: string) => within(table(tableName)).getByRole('row', { name: new RegExp(release) });

describe('SalutePage', () => {
  it('shows per app and release views, errors, rate and p75 vitals beside the previous release, and flags the one doing worse', async () => {
    await renderAdmin(<SalutePage />, {
      path: '/admin/salute',
      seed: { telemetry: [hour('publicSite', OLD, { errors: 1 }), hour('publicSite', NEW, { errors: 12, lcpMs: 2400 }), hour('shell', NEW, { views: 200 })] },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Salute delle release' })).toBeInTheDocument();
    await waitFor(() => expect(table('Sito pubblico')).toBeInTheDocument());

    const worse = row('Sito pubblico', NEW);
    expect(worse).toHaveTextContent('100 (prima: 100)');
    expect(worse).toHaveTextContent('12 (prima: 1)');
    expect(worse).toHaveTextContent('12% (prima: 1%)');
    expect(worse).toHaveTextContent('≤ 2500 ms (prima: ≤ 1000 ms)');
    expect(within(worse).getByText(/^Peggiorata: tasso di errori 1% → 12%; LCP telefono peggiorato$/)).toBeInTheDocument();
    expect(row('Sito pubblico', OLD)).toHaveTextContent('Nessuna release precedente');
    expect(row('Shell', NEW)).toHaveTextContent('Nessuna release precedente');
    expect(screen.queryByRole('table', { name: 'Console di amministrazione' })).not.toBeInTheDocument();

    const errors = screen.getByRole('region', { name: `Errori più frequenti · Sito pubblico ${NEW}` });
    expect(within(errors).getByRole('listitem')).toHaveTextContent('12 × errore non gestito su /products/:slug: TypeError: x is undefined');
  });

  it('a release in line with the previous one is not flagged', async () => {
    await renderAdmin(<SalutePage />, { path: '/admin/salute', seed: { telemetry: [hour('publicSite', OLD, { errors: 3 }), hour('publicSite', NEW, { errors: 4 })] } });
    await waitFor(() => expect(row('Sito pubblico', NEW)).toHaveTextContent('In linea con la precedente'));
  });

  it('is live: reads the last two hours again every minute and shows what arrived', async () => {
    const intervals = jest.spyOn(globalThis, 'setInterval');
    try {
      const { gateway } = await renderAdmin(<SalutePage />, { path: '/admin/salute', seed: { telemetry: [hour('publicSite', NEW, { views: 5 })] } });
      const views = () => within(row('Sito pubblico', NEW)).getAllByRole('cell')[0];
      await waitFor(() => expect(views()).toHaveTextContent(/^5$/));
      const refresh = intervals.mock.calls.find(([, ms]) => ms === HEALTH_REFRESH_MS)?.[0] as () => void;
      expect(refresh).toBeDefined();
      gateway.data.telemetry.splice(0, 1, hour('publicSite', NEW, { views: 9 }));
      await act(async () => refresh());
      await waitFor(() => expect(views()).toHaveTextContent(/^9$/));
      const since = gateway.calls.filter((call) => call.method === 'telemetry.getHours').map((call) => String(call.args[0]));
      // The whole window first, then only the last two hours.
      expect(since).toHaveLength(2);
      expect(since[1] > since[0]).toBe(true);
    } finally {
      intervals.mockRestore();
    }
  });

  it('says when the figures cannot be read, with a retry', async () => {
    await renderAdmin(<SalutePage />, { path: '/admin/salute', seed: { failing: { 'telemetry.getHours': new Error('permission-denied') } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(HEALTH_LOAD_FAILED);
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});
