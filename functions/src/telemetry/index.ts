/**
 * The telemetry endpoint as its two hosts start it: the Cloud Function `telemetry` (functions/src/index.ts) and the
 * local static server of `npm start` (local-backend/src/static-server), with the same checks, limits and writes.
 *
 * Configuration (functions/.env.<project alias> in production; the local stack passes it):
 * - TELEMETRY_ALLOWED_ORIGINS: the shell site's origins, comma-separated (unset → every report is refused, logged).
 *   Same-origin reports need no CORS: the endpoint sends no CORS headers, so no other site can read its answers.
 * - TELEMETRY_RATE_LIMIT: reports per client per window, "count/seconds" (default 30/60).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TELEMETRY_LIMITS, TELEMETRY_PATH } from '@sbc/domain';
import { clientKey } from '../client-key';
import { FixedWindowRateLimit, parseRateLimit, type RateLimitConfig } from '../rate-limit';
import { createTelemetryHandler, type TelemetryHandler, type TelemetryStore } from './handler';

export { firestoreTelemetryStore } from './store';
/** TELEMETRY_ALLOWED_ORIGINS is read as REGISTER_ALLOWED_ORIGINS is. */
export { parseAllowedOrigins as parseTelemetryOrigins } from '../cors';
export type { TelemetryHandler, TelemetryStore } from './handler';

/** A page sends a report each time it is hidden: 30 a minute is far above a visitor's, far below a flood. */
export const DEFAULT_TELEMETRY_RATE_LIMIT: RateLimitConfig = { limit: 30, windowSeconds: 60 };

export interface TelemetrySetup {
  store: TelemetryStore;
  allowedOrigins: readonly string[];
  /** TELEMETRY_RATE_LIMIT's text; unset or malformed → the default. */
  rateLimit?: string;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export function createTelemetry(setup: TelemetrySetup): TelemetryHandler {
  return createTelemetryHandler({
    store: setup.store,
    allowedOrigins: setup.allowedOrigins,
    rateLimit: new FixedWindowRateLimit(parseRateLimit(setup.rateLimit, DEFAULT_TELEMETRY_RATE_LIMIT), setup.now),
    now: setup.now,
    log: setup.log,
  });
}

export function isTelemetryPath(pathname: string): boolean {
  return pathname === TELEMETRY_PATH;
}

/** The body of a Node request, read up to one byte past the limit (the handler answers 413 then). */
export async function readLimitedBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    chunks.push(buffer);
    size += buffer.length;
    if (size > TELEMETRY_LIMITS.bodyBytes) break;
  }
  return Buffer.concat(chunks).subarray(0, TELEMETRY_LIMITS.bodyBytes + 1);
}

/**
 * Answers a Node request (node:http, or the Functions framework's express request) with the endpoint. `rawBody` is
 * the framework's copy of the body (the Cloud Function); without it the body is read from the request.
 */
export async function serveTelemetry(handler: TelemetryHandler, req: IncomingMessage, res: ServerResponse, rawBody?: Buffer): Promise<void> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  const body = rawBody ?? (req.method === 'POST' ? await readLimitedBody(req) : Buffer.alloc(0));
  const answer = await handler.handle({
    method: req.method ?? 'GET',
    headers,
    body,
    client: clientKey(req.headers['x-forwarded-for'], req.socket?.remoteAddress),
  });
  const sent: Record<string, string> = { ...answer.headers };
  if (answer.status !== 204) sent['Content-Length'] = String(Buffer.byteLength(answer.body));
  res.writeHead(answer.status, sent);
  res.end(answer.body === '' ? undefined : answer.body);
}
