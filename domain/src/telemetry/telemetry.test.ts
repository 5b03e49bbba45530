import {
  addToHour,
  bucketOf,
  emptyHour,
  hourKeyOf,
  normalizeErrorMessage,
  OTHER_ROUTE,
  p75,
  readTelemetryHour,
  routePatternOf,
  TELEMETRY_LIMITS,
  type TelemetryDelta,
} from './telemetry';

describe('normalizeErrorMessage: what of an error message may be stored', () => {
  it.each([
    ['a plain message is kept', 'Cannot read properties of undefined', 'Cannot read properties of undefined'],
    ['only the first line', 'Boom\n    at foo (main.js:1:2)', 'Boom'],
    ['URLs go, query strings with them', 'Failed to fetch https://x.test/a?token=secret#h', 'Failed to fetch <url>'],
    ['a URL in brackets ends at the bracket', 'Loading chunk failed. (https://x.test/c.js?v=1)', 'Loading chunk failed. (<url>)'],
    ['e-mail addresses go', 'No user mario.rossi@example.com', 'No user <email>'],
    ['quoted text goes (it may be typed)', 'Invalid value "my secret note" for \'name\'', 'Invalid value "…" for "…"'],
    ['numbers collapse so one error is one entry', 'Loading chunk 812 failed after 3.5 s', 'Loading chunk N failed after N s'],
    ['long hex ids collapse', 'Session 9f86d081884c7d65 expired', 'Session <id> expired'],
    ['spaces collapse', '  a   b\t c ', 'a b c'],
    ['an empty message is named', '   ', '(no message)'],
  ])('%s', (_name, input, expected) => {
    expect(normalizeErrorMessage(input)).toBe(expected);
  });

  it(`is at most ${TELEMETRY_LIMITS.messageChars} characters, marked when cut`, () => {
    const cut = normalizeErrorMessage('x'.repeat(1000));
    expect(cut).toHaveLength(TELEMETRY_LIMITS.messageChars);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('vital histograms and their p75', () => {
  it.each([
    ['LCP', 0, 0],
    ['LCP', 500, 0],
    ['LCP', 501, 1],
    ['LCP', 10000, 8],
    ['LCP', 60000, 9],
    ['CLS', 0, 0],
    ['CLS', 0.12, 3],
    ['INP', 250, 4],
  ] as const)('%s %s falls in bucket %s', (name, value, bucket) => {
    expect(bucketOf(name, value)).toBe(bucket);
  });

  it.each([
    ['no samples', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], null],
    ['all in the first bucket', [4, 0, 0, 0, 0, 0, 0, 0, 0, 0], 500],
    ['three fast, one slow: p75 is the fast bucket', [3, 0, 0, 0, 0, 1, 0, 0, 0, 0], 500],
    ['two fast, two slow: p75 is the slow bucket', [2, 0, 0, 0, 0, 2, 0, 0, 0, 0], 3000],
    ['weighted counts (sampled at 0.25)', [4, 12, 0, 0, 0, 0, 0, 0, 0, 0], 1000],
    ['above the last bound', [1, 0, 0, 0, 0, 0, 0, 0, 0, 3], Number.POSITIVE_INFINITY],
  ])('LCP p75 with %s', (_name, counts, expected) => {
    expect(p75('LCP', counts)).toBe(expected);
  });
});

describe('routePatternOf: a path is reported as its route pattern only', () => {
  const patterns = ['/', '/products', '/products/:slug', '/admin/salute', '/login'];
  it.each([
    ['/', '/'],
    ['/products/solar-panel', '/products/:slug'],
    ['/Products/', '/products'],
    ['/admin/salute', '/admin/salute'],
    ['/products/a/b', OTHER_ROUTE],
    ['/somewhere/typed-by-hand', OTHER_ROUTE],
  ])('%s → %s', (path, expected) => {
    expect(routePatternOf(path, patterns)).toBe(expected);
  });
});

it('hourKeyOf: the UTC hour, sortable', () => {
  expect(hourKeyOf(Date.parse('2026-11-27T08:59:59.999Z'))).toBe('2026112708');
  expect(hourKeyOf(Date.parse('2026-11-27T23:00:00+02:00'))).toBe('2026112721');
});

describe('addToHour: an hour document stays bounded', () => {
  const delta = (over: Partial<TelemetryDelta>): TelemetryDelta => ({
    app: 'shell', release: 'r1', hour: '2026112708', pageViews: 0, errors: [], vitals: [], ...over,
  });

  it('adds views, errors (one entry per kind, route and message) and weighted vitals', () => {
    let hour = emptyHour('shell', 'r1', '2026112708');
    hour = addToHour(hour, delta({ pageViews: 4, errors: [{ kind: 'error', route: '/', message: 'Boom', count: 2 }], vitals: [{ name: 'LCP', device: 'phone', value: 1200, weight: 4 }] }));
    hour = addToHour(hour, delta({ pageViews: 1, errors: [{ kind: 'error', route: '/', message: 'Boom', count: 1 }, { kind: 'data', route: '/', message: 'Boom', count: 1 }] }));
    expect(hour.pageViews).toBe(5);
    expect(hour.errors).toBe(4);
    expect(hour.topErrors).toEqual([
      { kind: 'error', route: '/', message: 'Boom', count: 3 },
      { kind: 'data', route: '/', message: 'Boom', count: 1 },
    ]);
    expect(hour.vitals.LCP.phone[2]).toBe(4);
    expect(hour.vitals.LCP.desktop.every((count) => count === 0)).toBe(true);
  });

  it(`keeps at most ${TELEMETRY_LIMITS.topErrors} distinct errors; the rest are counted, not kept`, () => {
    let hour = emptyHour('shell', 'r1', '2026112708');
    for (let i = 0; i < TELEMETRY_LIMITS.topErrors + 5; i++) {
      hour = addToHour(hour, delta({ errors: [{ kind: 'error', route: '/', message: `E${String.fromCharCode(65 + i)}`, count: 1 }] }));
    }
    expect(hour.topErrors).toHaveLength(TELEMETRY_LIMITS.topErrors);
    expect(hour.otherErrors).toBe(5);
    expect(hour.errors).toBe(TELEMETRY_LIMITS.topErrors + 5);
  });
});

it('readTelemetryHour reads a stored document leniently and refuses one that is not an hour', () => {
  const stored = { ...emptyHour('publicSite', 'r2', '2026112709'), pageViews: 3, topErrors: [{ kind: 'chunk', route: '/', message: 'x', count: 2 }, { kind: 'nope' }] };
  const read = readTelemetryHour(stored as unknown as Record<string, unknown>);
  expect(read?.pageViews).toBe(3);
  expect(read?.topErrors).toEqual([{ kind: 'chunk', route: '/', message: 'x', count: 2 }]);
  expect(readTelemetryHour({ app: 'other', release: 'r', hour: 'h' })).toBeNull();
});
