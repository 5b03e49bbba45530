/** The HTTP details of the API's answers: validators (ETag), CORS, content types. Pure. */
import { createHash } from 'node:crypto';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A strong validator of the exact bytes sent: the same answer in the same period has the same ETag. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether If-None-Match (a list of ETags, or *) names `etag`. The weak comparison of RFC 9110 section 13.1.2:
 * a W/ prefix is ignored, as a CDN may weaken a validator when it compresses the answer.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Headers of every answer: any website may read the API from a browser (no credentials are involved). */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Retry-After',
};

/** The answer to a CORS preflight: GET and HEAD with any request header the page wants to send (If-None-Match…). */
export function preflightHeaders(requestedHeaders: string | undefined): Record<string, string> {
  return {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': requestedHeaders?.trim() || 'If-None-Match',
    'Access-Control-Max-Age': '86400',
  };
}
