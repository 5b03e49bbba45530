/**
 * What every page carries of telemetry (issue 35, docs/telemetry.md): the endpoint, the names, the limits, the sample
 * rate and the route pattern a report names. A module of its own because the shell's start-up bundles it: the
 * aggregation and reading code (./telemetry.ts), which only the endpoint and the Salute page use, stays out of every
 * visitor's start-up (webpack keeps a whole module where any of its exports is used).
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

