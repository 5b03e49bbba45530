/**
 * Firestore document data → plain JSON (what the JSON editor shows and edits), and the document version
 * token used for optimistic concurrency.
 */
import { Bytes, DocumentReference, GeoPoint, Timestamp } from 'firebase/firestore/lite';

export type PlainJson = null | boolean | number | string | PlainJson[] | { [key: string]: PlainJson };

/** Timestamps become ISO strings, GeoPoints {latitude, longitude}, references their path, bytes base64. */
export function toPlainJson(value: unknown): PlainJson {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof GeoPoint) return { latitude: value.latitude, longitude: value.longitude };
  if (value instanceof DocumentReference) return value.path;
  if (value instanceof Bytes) return value.toBase64();
  // Array.from, not value.map: map keeps the source array's realm, and the SDK rejects arrays of another
  // realm ("a custom Array object"), which happens under jest where fetch's JSON comes from Node's realm.
  if (Array.isArray(value)) return Array.from(value, (item) => toPlainJson(item));
  if (typeof value === 'object') {
    const out: { [key: string]: PlainJson } = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) out[key] = toPlainJson(inner);
    return out;
  }
  return null;
}

export function toPlainObject(data: Record<string, unknown>): Record<string, unknown> {
  return toPlainJson(data) as Record<string, unknown>;
}

/**
 * Lite exposes no document updateTime, so the version is a content hash of the stored document: keys sorted,
 * timestamps to the nanosecond. Any change by any writer (ours always rewrites updatedAt) changes it.
 */
export function documentVersion(data: Record<string, unknown>): string {
  const text = canonical(data);
  return `v1-${hash53(text).toString(36)}-${text.length.toString(36)}`;
}

function canonical(value: unknown): string {
  if (value instanceof Timestamp) return `T${value.seconds}.${value.nanoseconds}`;
  if (value instanceof GeoPoint) return `G${value.latitude},${value.longitude}`;
  if (value instanceof DocumentReference) return `R${value.path}`;
  if (value instanceof Bytes) return `B${value.toBase64()}`;
  if (value instanceof Date) return `D${value.getTime()}`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** cyrb53: a fast 53-bit string hash; collisions are irrelevant at this scale (one document's history). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
