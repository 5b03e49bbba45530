/** The HTTP details of the API's answers: validators (ETag), CORS, content types. Pure. */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

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
  'Access-Control-Expose-Headers': 'ETag, Retry-After, Link, RateLimit, RateLimit-Policy',
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

/** Answers smaller than this are sent as they are: compressing them saves less than the header costs. */
export const COMPRESS_MIN_BYTES = 1024;
export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The coding of an answer of `size` bytes for a request's Accept-Encoding (RFC 9110 section 12.5.3): brotli, then
 * gzip, among those the client accepts with a q-value above 0; identity without the header or for a small answer.
 */
export function negotiateEncoding(header: string | undefined, size: number): ContentCoding {
  if (!header || size < COMPRESS_MIN_BYTES) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    if (coding) accepted.set(coding, q ? Number(q[1]) : 1);
  }
  const wants = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return 'identity';
}

/** The body in a coding; brotli at quality 5, a good ratio for a few milliseconds on a 70 KB list. */
export function encodeBody(body: Buffer, coding: ContentCoding): Buffer {
  if (coding === 'br') return brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (coding === 'gzip') return gzipSync(body, { level: 6 });
  return body;
}

/**
 * A text answer in the coding the client takes best (negotiateEncoding, encodeBody): the body and the headers that
 * say so. `Vary: Accept-Encoding` always, so that a CDN keeps one copy per coding. Used by the render function
 * (functions/src/render-page.ts) and by the local stack's render path, so that a rendered page costs a visitor on
 * `npm start` what it costs in production.
 */
export function encodedResponse(text: string, acceptEncoding: string | undefined): { body: Buffer; headers: Record<string, string> } {
  const plain = Buffer.from(text, 'utf8');
  const coding = negotiateEncoding(acceptEncoding, plain.length);
  const headers: Record<string, string> = { Vary: 'Accept-Encoding' };
  if (coding !== 'identity') headers['Content-Encoding'] = coding;
  return { body: encodeBody(plain, coding), headers };
}

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy (q requests per w seconds) and what is
 * left of it (r requests, the window ending in t seconds).
 */
export function rateLimitHeaders(policy: { limit: number; windowSeconds: number }, state: { remaining: number; resetSeconds: number }): Record<string, string> {
  return {
    'RateLimit-Policy': `"default";q=${policy.limit};w=${policy.windowSeconds}`,
    RateLimit: `"default";r=${Math.max(0, state.remaining)};t=${Math.max(0, state.resetSeconds)}`,
  };
}
