/**
 * The open data API as its two hosts start it: the Cloud Function `openData` (functions/src/index.ts) and the local
 * static server of `npm start` (local-backend/src/static-server), with the same reads, limits and HTTP handling.
 *
 * Configuration (functions/.env.<project alias> in production; the local stack passes it in the environment):
 * - OPEN_DATA_RATE_LIMIT: requests per client per window, "count/seconds" (default 120/60, DEFAULT_OPEN_DATA_RATE_LIMIT).
 *   Counted per instance, and only for requests that reach it: answers the CDN keeps for the period cost no quota.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientKey } from '../client-key';
import { describeRateLimit, FixedWindowRateLimit, parseRateLimit, type RateLimitConfig } from '../rate-limit';
import { createFirestoreReads, type ReadsConfig } from './firestore-reads';
import { createOpenDataHandler, type OpenDataHandler, type OpenDataReads } from './handler';

export { API_PREFIX } from './request';
export { readsConfigFromEnvironment, type ReadsConfig } from './firestore-reads';
export type { OpenDataHandler } from './handler';

export const DEFAULT_OPEN_DATA_RATE_LIMIT: RateLimitConfig = { limit: 120, windowSeconds: 60 };

export interface OpenDataSetup {
  /** Where to read: the Firebase project (and the emulator, locally). Ignored when `reads` is given. */
  readsConfig?: ReadsConfig;
  reads?: OpenDataReads;
  /** OPEN_DATA_RATE_LIMIT's text ("120/60"); unset or malformed → the default. */
  rateLimit?: string;
  cacheMaxSeconds?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export function createOpenData(setup: OpenDataSetup): OpenDataHandler {
  const limit = parseRateLimit(setup.rateLimit, DEFAULT_OPEN_DATA_RATE_LIMIT);
  const reads = setup.reads ?? (setup.readsConfig ? createFirestoreReads(setup.readsConfig) : undefined);
  if (!reads) throw new Error('createOpenData: give reads or readsConfig');
  return createOpenDataHandler({
    reads,
    now: setup.now,
    cacheMaxSeconds: setup.cacheMaxSeconds,
    rateLimit: new FixedWindowRateLimit(limit, setup.now),
    rateLimitText: describeRateLimit(limit),
    rateLimitPolicy: limit,
    log: setup.log,
  });
}

/** Whether a request path belongs to the API (the Hosting rewrite's `/api/**`). */
export function isOpenDataPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Answers a Node request (node:http, or the Functions framework's express request, which extends it) with the API.
 * `req.url` is the path and query: behind the Hosting rewrite the site's own path (/api/v1/...), in the Functions
 * emulator the path after the function's name (the same).
 */
export async function serveOpenData(handler: OpenDataHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  const answer = await handler.handle({
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers,
    client: clientKey(req.headers['x-forwarded-for'], req.socket?.remoteAddress),
  });
  const sent: Record<string, string> = { ...answer.headers };
  if (answer.status !== 204 && answer.status !== 304) sent['Content-Length'] = String(answer.body.length);
  res.writeHead(answer.status, sent);
  res.end(req.method === 'HEAD' || answer.body.length === 0 ? undefined : answer.body);
}
