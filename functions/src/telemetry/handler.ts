/**
 * The telemetry endpoint (docs/telemetry.md): one function from a request to its answer, free of any HTTP framework
 * and of Firebase. The Cloud Function `telemetry` (functions/src/index.ts, behind the shell's Hosting rewrite of
 * /api/telemetry) and npm start's static server (local-backend/src/static-server) both call it; tests give it fakes.
 *
 * Order of checks, each refusal changing nothing: POST only (405); an Origin of the site (403: another site cannot
 * make its visitors' browsers report); text/plain or JSON (415); the body's size (413); the client's rate limit (429,
 * before any parsing, so a flood costs little); JSON (400); the report's schema (400). Then one transaction adds
 * the report to at most three hour documents (503 if it fails) and the answer is a 204.
 *
 * Nothing personal is kept: the client's address is only hashed with a per-instance random salt for the rate limit's
 * in-memory window (never written anywhere); a report names route patterns, not URLs; messages are normalised.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hourKeyOf, TELEMETRY_LIMITS, type TelemetryDelta } from '@sbc/domain';
import type { FixedWindowRateLimit } from '../rate-limit';
import { deltasOf } from './aggregate';
import { telemetryReportSchema } from './schema';

/** Adds deltas to their hour documents, all or nothing. */
export interface TelemetryStore {
  add(deltas: TelemetryDelta[]): Promise<void>;
}

export interface TelemetryRequest {
  method: string;
  headers: Record<string, string | undefined>;
  /** The raw body (the static server stops reading one byte past the limit). */
  body: Buffer;
  /** The client as the rate limit sees it (../client-key.ts); hashed before use. */
  client: string;
}

export interface TelemetryAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface TelemetryDeps {
  store: TelemetryStore;
  rateLimit: FixedWindowRateLimit;
  /** Origins whose pages may report: the shell's site. Empty → none (fail closed). */
  allowedOrigins: readonly string[];
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export type TelemetryErrorCode =
  | 'method_not_allowed'
  | 'forbidden_origin'
  | 'unsupported_media_type'
  | 'too_large'
  | 'rate_limited'
  | 'invalid_json'
  | 'invalid_report'
  | 'unavailable';

const NO_STORE = 'no-store';

function refuse(status: number, code: TelemetryErrorCode, message: string, headers: Record<string, string> = {}): TelemetryAnswer {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': NO_STORE, ...headers },
    body: JSON.stringify({ error: { code, message } }),
  };
}

export interface TelemetryHandler {
  handle(request: TelemetryRequest): Promise<TelemetryAnswer>;
}

export function createTelemetryHandler(deps: TelemetryDeps): TelemetryHandler {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error));
  // The rate limit's key: the client hashed with a salt that lives and dies with this instance, so no address is
  // kept, even in memory, and a key cannot be matched to an address from outside.
  const salt = randomBytes(16);
  const keyOf = (client: string) => createHash('sha256').update(salt).update(client).digest('base64url').slice(0, 22);

  return {
    async handle(request) {
      if (request.method !== 'POST') return refuse(405, 'method_not_allowed', 'Only POST is allowed', { Allow: 'POST' });
      const origin = request.headers.origin;
      if (!origin || !deps.allowedOrigins.includes(origin)) return refuse(403, 'forbidden_origin', 'Reports come from the site\'s own pages only');
      const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (type !== 'text/plain' && type !== 'application/json') return refuse(415, 'unsupported_media_type', 'Send text/plain or application/json');
      if (request.body.length > TELEMETRY_LIMITS.bodyBytes) return refuse(413, 'too_large', `A report is at most ${TELEMETRY_LIMITS.bodyBytes} bytes`);
      const retryAfter = deps.rateLimit.take(keyOf(request.client));
      if (retryAfter > 0) return refuse(429, 'rate_limited', 'Too many reports', { 'Retry-After': String(retryAfter) });
      let json: unknown;
      try {
        json = JSON.parse(request.body.toString('utf8'));
      } catch {
        return refuse(400, 'invalid_json', 'The body is not JSON');
      }
      const parsed = telemetryReportSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return refuse(400, 'invalid_report', `Not a report: ${issue.path.join('.') || '(report)'}: ${issue.message}`.slice(0, 200));
      }
      const deltas = deltasOf(parsed.data, hourKeyOf(now()));
      try {
        if (deltas.length > 0) await deps.store.add(deltas);
      } catch (error) {
        log('telemetry: a report could not be stored', error);
        return refuse(503, 'unavailable', 'The report could not be stored', { 'Retry-After': '60' });
      }
      return { status: 204, headers: { 'Cache-Control': NO_STORE }, body: '' };
    },
  };
}
