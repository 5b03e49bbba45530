import { previousRelease, REGRESSION_RULE, regressionsOf, summarizeReleases, type ReleaseHealth } from './release-health';
import { addToHour, emptyHour, type TelemetryApp } from './telemetry';

/** A release's summary from a few figures: views, errors and the LCP of `lcpSamples` phone loads at `lcpMs`. */
function release(name: string, { views = 100, errors = 0, lcpMs = 1000, lcpSamples = 20, app = 'publicSite' as TelemetryApp } = {}): ReleaseHealth {
  const hour = addToHour(emptyHour(app, name, '2026112708'), {
    app, release: name, hour: '2026112708', pageViews: views,
    errors: errors > 0 ? [{ kind: 'error', route: '/', message: 'Boom', count: errors }] : [],
    vitals: lcpSamples > 0 ? [{ name: 'LCP', device: 'phone', value: lcpMs, weight: lcpSamples }] : [],
  });
  return summarizeReleases([hour])[0];
}

describe(`regressionsOf: when a release is flagged (rule: ${JSON.stringify(REGRESSION_RULE)})`, () => {
  it.each([
    ['no previous release: nothing to compare', release('b', { errors: 50 }), undefined, []],
    ['same figures', release('b', { errors: 2 }), release('a', { errors: 2 }), []],
    ['error rate 0 → 10 %, 10 errors', release('b', { errors: 10 }), release('a'), ['errorRate']],
    ['error rate up, but only 4 errors (under the minimum)', release('b', { errors: 4 }), release('a'), []],
    ['error rate 10 % → 14 % (under ×1.5 + 1 %)', release('b', { errors: 14 }), release('a', { errors: 10 }), []],
    ['error rate 10 % → 17 % (over ×1.5 + 1 %)', release('b', { errors: 17 }), release('a', { errors: 10 }), ['errorRate']],
    ['errors with no page view counted', release('b', { views: 0, errors: 6, lcpSamples: 0 }), release('a'), ['errorRate']],
    ['LCP p75 1 s → 1.5 s (more than +20 %)', release('b', { lcpMs: 1400 }), release('a', { lcpMs: 900 }), ['LCP']],
    ['LCP p75 1.5 s → 1.5 s, same bucket', release('b', { lcpMs: 1400 }), release('a', { lcpMs: 1100 }), []],
    ['LCP worse, but 4 samples (under the minimum)', release('b', { lcpMs: 5000, lcpSamples: 4 }), release('a'), []],
    ['LCP better', release('b', { lcpMs: 600 }), release('a', { lcpMs: 3000 }), []],
  ])('%s', (_name, current, previous, expected) => {
    expect(regressionsOf(current, previous).map((r) => r.metric)).toEqual(expected);
  });

  it('says by how much, and on which device', () => {
    expect(regressionsOf(release('b', { lcpMs: 1400 }), release('a', { lcpMs: 900 }))).toEqual([{ metric: 'LCP', device: 'phone', current: 1500, previous: 1000 }]);
  });
});

describe('summarizeReleases and previousRelease', () => {
  const hours = (app: TelemetryApp, name: string, hourKeys: string[], views: number) =>
    hourKeys.map((hour) => addToHour(emptyHour(app, name, hour), { app, release: name, hour, pageViews: views, errors: [{ kind: 'data', route: '/', message: `E ${name}`, count: 1 }], vitals: [] }));

  const all = summarizeReleases([
    ...hours('publicSite', '20261126-100000-aaa', ['2026112610', '2026112611'], 10),
    ...hours('publicSite', '20261127-080000-bbb', ['2026112708'], 5),
    ...hours('publicSite', 'unknown', ['2026112708'], 1),
    ...hours('shell', '20261120-000000-ccc', ['2026112708'], 7),
  ]);

  it('adds up each release over its hours; per app, newest first, unknown last', () => {
    expect(all.map((r) => `${r.app} ${r.release} ${r.pageViews} ${r.errors}`)).toEqual([
      'shell 20261120-000000-ccc 7 1',
      'publicSite 20261127-080000-bbb 5 1',
      'publicSite 20261126-100000-aaa 20 2',
      'publicSite unknown 1 1',
    ]);
    expect(all[2].errorRate).toBe(0.1);
    expect(all[2].topErrors).toEqual([{ kind: 'data', route: '/', message: 'E 20261126-100000-aaa', count: 2 }]);
  });

  it("the previous release is the same app's release built before; unknown has none", () => {
    expect(previousRelease(all, all[1])?.release).toBe('20261126-100000-aaa');
    expect(previousRelease(all, all[2])).toBeUndefined();
    expect(previousRelease(all, all[0])).toBeUndefined();
    expect(previousRelease(all, all[3])).toBeUndefined();
  });
});
