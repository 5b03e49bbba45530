/**
 * How each app's release does (the admin console's Salute page): its hours added up, compared with the release
 * before it, and the rule that flags a release doing worse. Tables of examples: release-health.test.ts.
 */
import {
  DEVICES,
  p75,
  TELEMETRY_APPS,
  UNKNOWN_RELEASE,
  VITAL_NAMES,
  type Device,
  type TelemetryApp,
  type TelemetryHour,
  type TopError,
  type VitalName,
} from './telemetry';

export interface VitalSummary {
  /** The 75th percentile (bucket bound; Infinity above the last bucket), null without samples. */
  p75: number | null;
  /** Weighted samples. */
  samples: number;
}

export interface ReleaseHealth {
  app: TelemetryApp;
  release: string;
  pageViews: number;
  errors: number;
  /** Errors per page view; null with no page view. */
  errorRate: number | null;
  /** The most frequent errors over its hours, most frequent first. */
  topErrors: TopError[];
  vitals: Record<VitalName, Record<Device, VitalSummary>>;
}

/** How many errors a release's summary lists. */
export const TOP_ERRORS_SHOWN = 5;

/**
 * When a release is flagged as doing worse than the one before it (same app):
 * - its error rate is more than `errorRateRatio` times the previous one's plus `errorRateMargin` (errors per
 *   view), with at least `minErrors` errors: a handful of errors on a quiet hour is not a regression;
 * - or a vital's p75 (same device) is more than `vitalRatio` times the previous one's, both with at least
 *   `minVitalSamples` samples.
 */
export const REGRESSION_RULE = {
  errorRateRatio: 1.5,
  errorRateMargin: 0.01,
  minErrors: 5,
  vitalRatio: 1.2,
  minVitalSamples: 5,
} as const;

export type RegressionMetric = 'errorRate' | VitalName;

export interface Regression {
  metric: RegressionMetric;
  /** For a vital. */
  device?: Device;
  current: number;
  previous: number;
}

/** Every app's releases seen in `hours`, added up: per app in TELEMETRY_APPS order, newest release first, unknown last. */
export function summarizeReleases(hours: readonly TelemetryHour[]): ReleaseHealth[] {
  const groups = new Map<string, TelemetryHour[]>();
  for (const hour of hours) {
    const key = `${hour.app} ${hour.release}`;
    groups.set(key, [...(groups.get(key) ?? []), hour]);
  }
  const summaries = [...groups.values()].map(summarize);
  const rank = (release: string) => (release === UNKNOWN_RELEASE ? 1 : 0);
  return summaries.sort(
    (a, b) =>
      TELEMETRY_APPS.indexOf(a.app) - TELEMETRY_APPS.indexOf(b.app) ||
      rank(a.release) - rank(b.release) ||
      (a.release < b.release ? 1 : a.release > b.release ? -1 : 0),
  );
}

function summarize(hours: TelemetryHour[]): ReleaseHealth {
  const { app, release } = hours[0];
  const pageViews = hours.reduce((sum, hour) => sum + hour.pageViews, 0);
  const errors = hours.reduce((sum, hour) => sum + hour.errors, 0);
  const byError = new Map<string, TopError>();
  for (const entry of hours.flatMap((hour) => hour.topErrors)) {
    const key = `${entry.kind}\n${entry.route}\n${entry.message}`;
    const known = byError.get(key);
    byError.set(key, known ? { ...known, count: known.count + entry.count } : { ...entry });
  }
  const vitals = {} as ReleaseHealth['vitals'];
  for (const name of VITAL_NAMES) {
    vitals[name] = {} as Record<Device, VitalSummary>;
    for (const device of DEVICES) {
      const counts = hours[0].vitals[name][device].map((_, i) => hours.reduce((sum, hour) => sum + (hour.vitals[name][device][i] ?? 0), 0));
      vitals[name][device] = { p75: p75(name, counts), samples: counts.reduce((sum, count) => sum + count, 0) };
    }
  }
  return {
    app,
    release,
    pageViews,
    errors,
    errorRate: pageViews > 0 ? errors / pageViews : null,
    topErrors: [...byError.values()].sort((a, b) => b.count - a.count).slice(0, TOP_ERRORS_SHOWN),
    vitals,
  };
}

/** The release of the same app just before `current` in `summaries` (release ids sort by build time); none for unknown. */
export function previousRelease(summaries: readonly ReleaseHealth[], current: ReleaseHealth): ReleaseHealth | undefined {
  if (current.release === UNKNOWN_RELEASE) return undefined;
  return summaries
    .filter((other) => other.app === current.app && other.release !== UNKNOWN_RELEASE && other.release < current.release)
    .sort((a, b) => (a.release < b.release ? 1 : -1))[0];
}

/** What makes `current` worse than `previous` by REGRESSION_RULE; empty when it is not (or there is no previous). */
export function regressionsOf(current: ReleaseHealth, previous: ReleaseHealth | undefined): Regression[] {
  if (!previous) return [];
  const rule = REGRESSION_RULE;
  const found: Regression[] = [];
  // With no page view counted the rate is the errors themselves: errors on pages never counted are still errors.
  const rate = (health: ReleaseHealth) => health.errorRate ?? health.errors;
  if (current.errors >= rule.minErrors && rate(current) > rate(previous) * rule.errorRateRatio + rule.errorRateMargin) {
    found.push({ metric: 'errorRate', current: rate(current), previous: rate(previous) });
  }
  for (const name of VITAL_NAMES) {
    for (const device of DEVICES) {
      const now = current.vitals[name][device];
      const before = previous.vitals[name][device];
      if (now.p75 === null || before.p75 === null || now.samples < rule.minVitalSamples || before.samples < rule.minVitalSamples) continue;
      if (now.p75 > before.p75 * rule.vitalRatio) found.push({ metric: name, device, current: now.p75, previous: before.p75 });
    }
  }
  return found;
}
