/**
 * Real visitors' errors and Core Web Vitals per app release (issue 35, docs/telemetry.md): the one home of what the
 * browser's reporter sends, what the endpoint accepts and how it aggregates, and how the admin console's Salute page
 * reads it. Pure code: the shell's reporter, the endpoint (functions/src/telemetry, also run by npm start's static
 * server) and the admin console each bundle the parts they use.
 */

import { type Device, DEVICES, ERROR_KINDS, type ErrorKind, TELEMETRY_APPS, TELEMETRY_LIMITS, type TelemetryApp, VITAL_NAMES, type VitalName } from './basics';

export * from './basics';

/**
 * Fixed histogram buckets: each number is a bucket's upper bound (LCP and INP in ms, CLS unitless), and one last
 * bucket holds everything above. Fixed so hours and instances add up, and p75 is read from the sums.
 */
export const VITAL_BUCKETS: Readonly<Record<VitalName, readonly number[]>> = {
  LCP: [500, 1000, 1500, 2000, 2500, 3000, 4000, 6000, 10000],
  INP: [50, 100, 150, 200, 300, 500, 800, 1200],
  CLS: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
};

/** The index of the bucket a value falls in (the last one for anything above the last bound). */
export function bucketOf(name: VitalName, value: number): number {
  const bounds = VITAL_BUCKETS[name];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/**
 * The 75th percentile from a histogram: the upper bound of the bucket holding it, Infinity when that is the open
 * last bucket, null without samples. A bucket's bound, not an interpolation: good enough to compare releases.
 */
export function p75(name: VitalName, counts: readonly number[]): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i];
    if (seen >= total * 0.75) return VITAL_BUCKETS[name][i] ?? Number.POSITIVE_INFINITY;
  }
  return Number.POSITIVE_INFINITY;
}

/** An empty histogram of a vital. */
export function emptyHistogram(name: VitalName): number[] {
  return new Array<number>(VITAL_BUCKETS[name].length + 1).fill(0);
}

/**
 * An error message as it may be stored: its first line, with what could be personal or unique to one visitor
 * replaced (URLs, e-mail addresses, quoted text, numbers, long hex ids), spaces collapsed, at most
 * TELEMETRY_LIMITS.messageChars characters. Messages that differ only by those collapse into one entry.
 */
export function normalizeErrorMessage(message: string): string {
  const text = (message.split('\n')[0] ?? '')
    .replace(/[a-z][a-z0-9+.-]*:\/\/[^\s)"'<>]+/gi, '<url>')
    .replace(/\S+@\S+\.\S+/g, '<email>')
    .replace(/"[^"]*"|'[^']*'|`[^`]*`|“[^”]*”/g, '"…"')
    .replace(/\b[0-9a-f]{8,}\b/gi, '<id>')
    .replace(/\d+(\.\d+)?/g, 'N')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return '(no message)';
  const max = TELEMETRY_LIMITS.messageChars;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The hour a report counts in, UTC, as 'YYYYMMDDHH' (sorts as time does). */
export function hourKeyOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 13).replace(/[-T]/g, '');
}

/** The document id of an app's release's hour: its parts only, each already checked (a release id or UNKNOWN_RELEASE). */
export function telemetryDocId(app: TelemetryApp, release: string, hour: string): string {
  return `${app}_${release}_${hour}`;
}

/** One distinct error of an hour document. */
export interface TopError {
  kind: ErrorKind;
  route: string;
  message: string;
  count: number;
}

/** A telemetry document: one app's release over one hour. Views and vitals are weighted by 1 / sample rate. */
export interface TelemetryHour {
  app: TelemetryApp;
  release: string;
  hour: string;
  pageViews: number;
  errors: number;
  /** Errors counted in `errors` but not among `topErrors` (past TELEMETRY_LIMITS.topErrors distinct ones). */
  otherErrors: number;
  topErrors: TopError[];
  vitals: Record<VitalName, Record<Device, number[]>>;
}

/** What one report adds to one hour document. */
export interface TelemetryDelta {
  app: TelemetryApp;
  release: string;
  hour: string;
  pageViews: number;
  errors: Array<Omit<TopError, 'count'> & { count: number }>;
  vitals: Array<{ name: VitalName; device: Device; value: number; weight: number }>;
}

export function emptyHour(app: TelemetryApp, release: string, hour: string): TelemetryHour {
  const vitals = {} as TelemetryHour['vitals'];
  for (const name of VITAL_NAMES) vitals[name] = { phone: emptyHistogram(name), desktop: emptyHistogram(name) };
  return { app, release, hour, pageViews: 0, errors: 0, otherErrors: 0, topErrors: [], vitals };
}

const sameError = (a: Omit<TopError, 'count'>, b: Omit<TopError, 'count'>) => a.kind === b.kind && a.route === b.route && a.message === b.message;

/**
 * An hour document with a report's delta added. Bounded whatever the traffic: at most TELEMETRY_LIMITS.topErrors
 * distinct errors (a new one beyond them is only counted in `otherErrors`), fixed histograms.
 */
export function addToHour(hour: TelemetryHour, delta: TelemetryDelta): TelemetryHour {
  const next: TelemetryHour = {
    ...hour,
    pageViews: hour.pageViews + delta.pageViews,
    topErrors: hour.topErrors.map((entry) => ({ ...entry })),
    vitals: Object.fromEntries(
      VITAL_NAMES.map((name) => [name, { phone: [...hour.vitals[name].phone], desktop: [...hour.vitals[name].desktop] }]),
    ) as TelemetryHour['vitals'],
  };
  for (const error of delta.errors) {
    next.errors += error.count;
    const known = next.topErrors.find((entry) => sameError(entry, error));
    if (known) known.count += error.count;
    else if (next.topErrors.length < TELEMETRY_LIMITS.topErrors) next.topErrors.push({ ...error });
    else next.otherErrors += error.count;
  }
  next.topErrors.sort((a, b) => b.count - a.count);
  for (const vital of delta.vitals) next.vitals[vital.name][vital.device][bucketOf(vital.name, vital.value)] += vital.weight;
  return next;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

/** An hour document as read from Firestore, leniently: a missing or odd field reads as empty. */
export function readTelemetryHour(data: Record<string, unknown>): TelemetryHour | null {
  const app = TELEMETRY_APPS.find((name) => name === data.app);
  if (!app || typeof data.release !== 'string' || typeof data.hour !== 'string') return null;
  const hour = emptyHour(app, data.release, data.hour);
  hour.pageViews = num(data.pageViews);
  hour.errors = num(data.errors);
  hour.otherErrors = num(data.otherErrors);
  if (Array.isArray(data.topErrors)) {
    for (const entry of data.topErrors as Array<Record<string, unknown>>) {
      const kind = ERROR_KINDS.find((k) => k === entry?.kind);
      if (kind && typeof entry.message === 'string' && typeof entry.route === 'string') {
        hour.topErrors.push({ kind, route: entry.route, message: entry.message, count: num(entry.count) });
      }
    }
  }
  const vitals = (data.vitals ?? {}) as Record<string, Record<string, unknown>>;
  for (const name of VITAL_NAMES) {
    for (const device of DEVICES) {
      const counts = vitals[name]?.[device];
      if (Array.isArray(counts)) hour.vitals[name][device] = hour.vitals[name][device].map((_, i) => num(counts[i]));
    }
  }
  return hour;
}
