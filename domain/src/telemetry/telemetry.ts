/**
 * Real visitors' errors and Core Web Vitals per app release (issue 35, docs/telemetry.md): the one home of what the
 * browser's reporter sends, what the endpoint accepts and how it aggregates, and how the admin console's Salute page
 * reads it. Pure code: the shell's reporter, the endpoint (functions/src/telemetry, also run by npm start's static
 * server) and the admin console each bundle the parts they use.
 */

/** The endpoint, on the shell's own origin (the Hosting rewrite sends it to the `telemetry` function). */
export const TELEMETRY_PATH = '/api/telemetry';
/** Where the aggregates live: one document per app × release × hour (firestore.rules: admins read, nobody writes). */
export const TELEMETRY_COLLECTION = 'telemetry';

export const TELEMETRY_APPS = ['shell', 'publicSite', 'adminConsole'] as const;
export type TelemetryApp = (typeof TELEMETRY_APPS)[number];

/**
 * What went wrong: an uncaught error, an unhandled rejection, an error a remote's boundary caught, a chunk that did
 * not load, a data call that failed.
 */
export const ERROR_KINDS = ['error', 'rejection', 'boundary', 'chunk', 'data'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** Phones and desktops are kept apart: their vitals differ by design (CPU, network, layout). */
export const DEVICES = ['phone', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** A release id that is missing or not a release id is counted under this name, never used as sent. */
export const UNKNOWN_RELEASE = 'unknown';
/** A path that matches no route of the site. */
export const OTHER_ROUTE = '(other)';

/**
 * Page views and vitals are sampled at this rate (errors never are): a page not drawn sends only its errors. The
 * report carries the rate and the endpoint weighs each sampled view and vital by 1 / rate, so the counts stay
 * comparable when the rate changes. 1 today; lower it when the volume needs it, to one of ACCEPTED_SAMPLE_RATES.
 */
export const TELEMETRY_SAMPLE_RATE = 1;
/** The rates the endpoint takes (a fixed list, so a forged rate cannot weigh one report more than 100 views). */
export const ACCEPTED_SAMPLE_RATES: readonly number[] = [1, 0.5, 0.25, 0.1, 0.05, 0.01];

export const TELEMETRY_LIMITS = {
  /** A report's body, in bytes (413 above). */
  bodyBytes: 8 * 1024,
  /** Distinct errors in one report (the reporter folds repeats into a count). */
  errorsPerReport: 20,
  /** How many times one report may count the same error. */
  errorCount: 100,
  /** Characters of a normalised error message. */
  messageChars: 160,
  /** Characters of a route pattern. */
  routeChars: 80,
  /** Distinct errors kept per hour document; the rest only counts (`otherErrors`). */
  topErrors: 20,
} as const;

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

/**
 * The route pattern of a path among the site's patterns ('/products/:slug'), OTHER_ROUTE when none matches: what
 * a report names instead of the URL, so no slug typed in the address bar, no query string, nothing of a visitor's.
 */
export function routePatternOf(pathname: string, patterns: readonly string[]): string {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const pattern of patterns) {
    const wanted = pattern.replace(/\/+$/, '').split('/');
    if (wanted.length === parts.length && wanted.every((part, i) => part.startsWith(':') || part.toLowerCase() === parts[i].toLowerCase())) {
      return pattern;
    }
  }
  return OTHER_ROUTE;
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
