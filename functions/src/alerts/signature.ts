/**
 * Signing a delivery (issue 37), and how a receiver verifies it (docs/alert-webhooks.md#verifying-a-delivery).
 * `X-SBC-Timestamp: <Unix seconds>` and `X-SBC-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with the
 * webhook's secret>`: the timestamp is inside what is signed, so a receiver that refuses old timestamps
 * (isFreshTimestamp, 5 minutes) refuses a replay.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isFreshTimestamp, SIGNATURE_HEADER, signedText, TIMESTAMP_HEADER } from '@sbc/domain';

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(signedText(timestamp, body), 'utf8').digest('hex')}`;
}

/** The headers of a delivery of `body` signed with `secret` at `now`. */
export function signedHeaders(secret: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return { [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signatureOf(secret, timestamp, body) };
}

/**
 * The receiver's check, as docs/alert-webhooks.md shows it: the timestamp is fresh and the signature is the HMAC of
 * the raw body bytes as received (before any JSON parsing), compared in constant time.
 */
export function verifyDelivery(secret: string, headers: { timestamp?: string; signature?: string }, rawBody: string, nowSeconds: number): boolean {
  const timestamp = Number(headers.timestamp);
  if (!headers.timestamp || !/^\d+$/.test(headers.timestamp) || !isFreshTimestamp(timestamp, nowSeconds)) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, rawBody));
  const given = Buffer.from(headers.signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
