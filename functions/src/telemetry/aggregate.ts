/**
 * A valid report as what it adds to the hour documents (one per app × release × hour, @sbc/domain's TelemetryHour):
 * at most one delta per app, so a report writes at most three documents, whatever it holds.
 */
import {
  normalizeErrorMessage,
  TELEMETRY_APPS,
  UNKNOWN_RELEASE,
  type TelemetryApp,
  type TelemetryDelta,
} from '@sbc/domain';
import { isReleaseId } from '../../../shared/src/release-layout';
import type { TelemetryReport } from './schema';

/** The release a report names for an app, if it is one; anything else (null, 'local', junk) is UNKNOWN_RELEASE. */
export function releaseOf(report: Pick<TelemetryReport, 'releases'>, app: TelemetryApp): string {
  const id = report.releases[app];
  return isReleaseId(id) && id !== 'local' && id !== UNKNOWN_RELEASE ? id : UNKNOWN_RELEASE;
}

/**
 * The page's view and vitals count for the shell and for the app whose page it is (each team sees the pages its
 * release took part in); each error counts for the app it names. Views and vitals weigh 1 / sample rate, errors 1.
 * Messages are normalised here again: the endpoint never trusts the reporter to have done it.
 */
export function deltasOf(report: TelemetryReport, hour: string): TelemetryDelta[] {
  const weight = 1 / report.rate;
  const deltas = new Map<TelemetryApp, TelemetryDelta>();
  const deltaFor = (app: TelemetryApp) => {
    let delta = deltas.get(app);
    if (!delta) {
      delta = { app, release: releaseOf(report, app), hour, pageViews: 0, errors: [], vitals: [] };
      deltas.set(app, delta);
    }
    return delta;
  };
  const pageApps = new Set<TelemetryApp>(['shell', report.page]);
  for (const app of pageApps) {
    if (report.view) deltaFor(app).pageViews += weight;
    for (const vital of report.vitals) deltaFor(app).vitals.push({ name: vital.name, device: report.device, value: vital.value, weight });
  }
  for (const error of report.errors) {
    const message = normalizeErrorMessage(error.message);
    const errors = deltaFor(error.app).errors;
    const known = errors.find((e) => e.kind === error.kind && e.message === message);
    if (known) known.count += error.count;
    else errors.push({ kind: error.kind, route: report.route, message, count: error.count });
  }
  return TELEMETRY_APPS.flatMap((app) => {
    const delta = deltas.get(app);
    return delta && (delta.pageViews > 0 || delta.errors.length > 0 || delta.vitals.length > 0) ? [delta] : [];
  });
}
