/**
 * The API's errors: a status, a stable machine-readable code and a sentence for people, sent as
 * `{ "error": { "code": ..., "message": ... } }`. Bad input is always a 4xx; a Firestore outage is a 503.
 */
export const ERROR_CODES = {
  /** 400: a query parameter this endpoint does not take. */
  unknownParameter: 'unknown_parameter',
  /** 400: a parameter given twice, empty, or outside its range (limit, range, sector). */
  invalidParameter: 'invalid_parameter',
  /** 400: a history window wider than its interval keeps (7 days of periods, 24 months of days). */
  rangeTooWide: 'range_too_wide',
  /** 400: ?sector= names no sector of /api/v1/sectors, or a materials sector. */
  unknownSector: 'unknown_sector',
  /** 400: a collection asked for in a format other than JSON or CSV (products.xml). */
  unknownFormat: 'unknown_format',
  /** 400: a path that is not valid percent-encoding. */
  invalidPath: 'invalid_path',
  /** 404: no such endpoint, product or material. */
  notFound: 'not_found',
  /** 405: a method other than GET, HEAD or OPTIONS. */
  methodNotAllowed: 'method_not_allowed',
  /** 429: too many requests from one client; Retry-After says when to come back. */
  rateLimited: 'rate_limited',
  /** 503: the market data cannot be read right now; Retry-After says when to try again. */
  unavailable: 'unavailable',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Seconds a client should wait after a 503 before trying again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;
