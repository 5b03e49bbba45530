import {
  ALERT_THRESHOLD_NOT_A_NUMBER,
  ALERT_THRESHOLD_REQUIRED,
  alertNowText,
  describeAlert,
  nextSort,
  parseThreshold,
  planVisit,
  sameFigures,
  sinceLastVisit,
  sortWatchRows,
  stepAlert,
  watchItemId,
  type AlertDirection,
  type WatchAlert,
  type WatchEntry,
  type WatchFigures,
  type WatchRow,
} from './watchlist';

const figures = (price: number, requestIndex: number | null, inventory: number): WatchFigures => ({ price, requestIndex, inventory });

describe('sinceLastVisit: current − figures at the previous visit', () => {
  it.each<[string, WatchFigures | null, WatchFigures | null, ReturnType<typeof sinceLastVisit>]>([
    ['no previous visit', null, figures(10, 1.2, 5), { price: null, requestIndex: null, inventory: null }],
    ['product moved', figures(10, 1.2, 5), figures(12.5, 1.0, 5), { price: 2.5, requestIndex: -0.2, inventory: 0 }],
    ['material (no request index)', figures(3, null, 100), figures(3.5, null, 80), { price: 0.5, requestIndex: null, inventory: -20 }],
    ['float noise is no change', figures(0.1, 0.3, 1), figures(0.30000000000000004 - 0.2 + 0.1, 0.1 + 0.2, 1), { price: 0.1, requestIndex: 0, inventory: 0 }],
    ['figures not loaded', figures(1, 1, 1), null, { price: null, requestIndex: null, inventory: null }],
  ])('%s', (_, seen, current, expected) => {
    expect(sinceLastVisit(seen, current)).toEqual(expected);
  });
});

describe('stepAlert: fires once, re-arms when the value crosses back', () => {
  const alert = (direction: AlertDirection, threshold: number, fired: boolean, metric: WatchAlert['metric'] = 'price'): WatchAlert => ({
    metric, direction, threshold, fired,
  });
  it.each<[string, WatchAlert, WatchFigures, boolean, 'fired' | 'rearmed' | null]>([
    ['armed, above crossed → fires', alert('above', 100, false), figures(120, 1, 0), true, 'fired'],
    ['fired, still above → no second firing', alert('above', 100, true), figures(130, 1, 0), true, null],
    ['fired, back below → re-arms', alert('above', 100, true), figures(90, 1, 0), false, 'rearmed'],
    ['fired, exactly on the threshold → re-arms (crossing is strict)', alert('above', 100, true), figures(100, 1, 0), false, 'rearmed'],
    ['armed, not crossed → stays armed', alert('above', 100, false), figures(90, 1, 0), false, null],
    ['armed, equal to the threshold → stays armed', alert('above', 100, false), figures(100, 1, 0), false, null],
    ['request index below crossed → fires', alert('below', 1.0, false, 'requestIndex'), figures(5, 0.8, 0), true, 'fired'],
    ['request index fired, back above → re-arms', alert('below', 1.0, true, 'requestIndex'), figures(5, 1.2, 0), false, 'rearmed'],
    ['no request index (material) → unchanged', alert('below', 1.0, false, 'requestIndex'), figures(5, null, 0), false, null],
  ])('%s', (_, before, current, firedAfter, event) => {
    const result = stepAlert(before, current);
    expect(result.alert.fired).toBe(firedAfter);
    expect(result.event).toBe(event);
    expect({ ...result.alert, fired: before.fired }).toEqual(before);
  });

  it('a full cycle: fire, hold, re-arm, fire again', () => {
    let state = alert('above', 10, false);
    const events = [8, 11, 12, 9, 11].map((price) => {
      const step = stepAlert(state, figures(price, null, 0));
      state = step.alert;
      return step.event;
    });
    expect(events).toEqual([null, 'fired', null, 'rearmed', 'fired']);
  });
});

describe('parseThreshold', () => {
  it.each<[string, { value: number } | { error: string }]>([
    ['', { error: ALERT_THRESHOLD_REQUIRED }],
    ['   ', { error: ALERT_THRESHOLD_REQUIRED }],
    [' 12.5', { value: 12.5 }],
    ['0,75', { value: 0.75 }],
    ['-3', { value: -3 }],
    ['.5', { value: 0.5 }],
    ['1e3', { error: ALERT_THRESHOLD_NOT_A_NUMBER }],
    ['abc', { error: ALERT_THRESHOLD_NOT_A_NUMBER }],
    ['1.2.3', { error: ALERT_THRESHOLD_NOT_A_NUMBER }],
  ])('%p → %p', (input, expected) => {
    expect(parseThreshold(input)).toEqual(expected);
  });
});

describe('watchItemId and describeAlert', () => {
  it.each([
    ['product', 'energy_solar_panel', 'product_energy_solar_panel'],
    ['material', 'Copper', 'material_Copper'],
  ] as const)('%s %s → %s', (kind, ref, id) => {
    expect(watchItemId(kind, ref)).toBe(id);
  });
  it('reads an alert as a sentence', () => {
    expect(describeAlert({ metric: 'requestIndex', direction: 'below', threshold: 0.8 })).toBe('Request index below 0.8');
    expect(describeAlert({ metric: 'price', direction: 'above', threshold: 120 })).toBe('Price above 120');
  });
  it.each([
    [{ metric: 'price', direction: 'above', threshold: 110 }, 125, 'Price above 110 · now 125.00 SBC'],
    [{ metric: 'requestIndex', direction: 'below', threshold: 0.8 }, 0.7512, 'Request index below 0.8 · now 0.75'],
    [{ metric: 'price', direction: 'below', threshold: 3 }, null, 'Price below 3'],
  ] as const)('says %j with the value now (%s): %s', (alert, now, text) => {
    expect(alertNowText(alert, now)).toBe(text);
  });
});

describe('sortWatchRows', () => {
  const row = (name: string, price: number | null, priceChange: number | null): WatchRow => {
    const entry: WatchEntry = { id: name, kind: 'product', ref: name, slug: name, name, seen: null, alert: null };
    return {
      entry,
      current: price === null ? null : figures(price, 1, 0),
      change: { price: priceChange, requestIndex: null, inventory: null },
    };
  };
  const rows = [row('Beta', 5, 1), row('Alpha', 20, -2), row('Gamma', null, null), row('Delta', 5, null)];
  const names = (sorted: WatchRow[]) => sorted.map((r) => r.entry.name);

  it.each<[Parameters<typeof sortWatchRows>[1], Parameters<typeof sortWatchRows>[2], string[]]>([
    ['name', 'ascending', ['Alpha', 'Beta', 'Delta', 'Gamma']],
    ['name', 'descending', ['Gamma', 'Delta', 'Beta', 'Alpha']],
    ['price', 'ascending', ['Beta', 'Delta', 'Alpha', 'Gamma']],
    ['price', 'descending', ['Alpha', 'Beta', 'Delta', 'Gamma']],
    ['priceChange', 'descending', ['Beta', 'Alpha', 'Delta', 'Gamma']],
    ['priceChange', 'ascending', ['Alpha', 'Beta', 'Delta', 'Gamma']],
  ])('%s %s', (key, direction, expected) => {
    expect(names(sortWatchRows(rows, key, direction))).toEqual(expected);
  });

  it.each<[{ key: 'name' | 'price'; direction: 'ascending' | 'descending' }, 'name' | 'price', { key: string; direction: string }]>([
    [{ key: 'name', direction: 'ascending' }, 'name', { key: 'name', direction: 'descending' }],
    [{ key: 'name', direction: 'ascending' }, 'price', { key: 'price', direction: 'descending' }],
    [{ key: 'price', direction: 'descending' }, 'name', { key: 'name', direction: 'ascending' }],
  ])('nextSort(%p, %s) → %p', (current, clicked, expected) => {
    expect(nextSort(current, clicked)).toEqual(expected);
  });
});

describe('planVisit: the "since last visit" snapshot', () => {
  const A = figures(10, 1, 5);
  const B = figures(12, 1.1, 4);
  const C = figures(13, 1.1, 4);
  it.each<[string, WatchFigures | null, WatchFigures | null | undefined, WatchFigures | null, WatchFigures | null, WatchFigures | null]>([
    ['first visit of the session, item moved', A, undefined, B, A, B],
    ['first visit of the session, nothing moved', A, undefined, A, A, null],
    ['never visited since starring without figures', null, undefined, B, null, B],
    ['back on the page in the same session', B, A, B, A, null],
    ['moved again in the same session', B, A, C, A, C],
    ['figures could not be read', A, undefined, null, A, null],
  ])('%s', (_, stored, session, current, baseline, write) => {
    expect(planVisit(stored, session, current)).toEqual({ baseline, write });
  });
  it('figures compare by value, a missing request index equals a missing one', () => {
    expect(sameFigures(figures(1, null, 2), { price: 1, inventory: 2, requestIndex: null })).toBe(true);
    expect(sameFigures(figures(1, null, 2), figures(1, 0, 2))).toBe(false);
    expect(sameFigures(null, null)).toBe(true);
  });
});
