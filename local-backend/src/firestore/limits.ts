/**
 * Firestore's documented limits (https://firebase.google.com/docs/firestore/quotas), enforced on every write
 * with 400 INVALID_ARGUMENT, as Firestore does. Without them one player's write could hold a map nested 1,500
 * deep, which later broke persistence, or a document far larger than production would ever store.
 *
 * - Nesting: "Maximum depth of fields in a map or array: 20". Counted here as the number of values on the way
 *   from a top-level field down to the deepest value, so `a.b.c` is depth 3 and a field path has at most 20
 *   segments.
 * - Document size ≤ 1 MiB, computed as Firestore's storage size (see documentSize below).
 * - Document and collection ids ≤ 1,500 bytes, not `.` or `..`, not `__…__`; a document name ≤ 6 KiB; at most
 *   100 levels of subcollections.
 * - Field names ≤ 1,500 bytes; a field path ≤ 1,500 bytes.
 *
 * Writes and transactions, as the quotas page states them today (https://cloud.google.com/firestore/quotas,
 * section "Writes and transactions", read 2026-11-27): "Maximum API request size: 10 MiB", "Maximum number of field
 * transformations that can be performed on a single document in a Commit operation or in a transaction: 500",
 * "Time limit for a transaction: 270 seconds, with a 60-second idle expiration time" (transactions.ts). The page
 * has no maximum number of writes per commit any more: the 500-write limit of batched writes and transactions
 * was lifted in 2023 (older SDK comments still say 500), so the number of writes a commit carries is bounded by
 * its request size alone, and this emulator refuses none for their number.
 */
import { invalidArgument } from './errors';
import type { StoredDocument } from './store';
import type { RestFields, RestValue } from './values';

export const MAX_VALUE_DEPTH = 20;
export const MAX_DOCUMENT_BYTES = 1_048_576;
export const MAX_ID_BYTES = 1_500;
export const MAX_FIELD_NAME_BYTES = 1_500;
export const MAX_FIELD_PATH_BYTES = 1_500;
export const MAX_DOCUMENT_NAME_BYTES = 6_144;
/** 100 levels of subcollections = 200 path segments (collection/id pairs) at most. */
export const MAX_PATH_SEGMENTS = 200;
/**
 * "Maximum API request size: 10 MiB" (https://cloud.google.com/firestore/quotas, "Writes and transactions"):
 * every request body, commits and this emulator's admin imports alike, checked while it streams in (http-server.ts).
 * Whoever writes a lot splits it into requests under it (src/firestore/request-chunks.ts).
 */
export const MAX_REQUEST_BYTES = 10 * 1_048_576;
/**
 * "Maximum number of field transformations that can be performed on a single document in a Commit operation or
 * in a transaction: 500" (https://cloud.google.com/firestore/quotas, "Writes and transactions"). Counted per
 * document over the whole commit (two writes to one document with 300 transforms each are 600), since the limit
 * is per document and per commit; a batchWrite applies each write on its own, so there it is per write.
 */
export const MAX_FIELD_TRANSFORMS_PER_DOCUMENT = 500;

const utf8 = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Checks the segments of a relative document path (`c/id/sub/id2`). */
export function checkDocumentPath(path: string): void {
  const segments = path.split('/');
  if (segments.length > MAX_PATH_SEGMENTS) {
    throw invalidArgument(`Document path has ${segments.length / 2} levels; Firestore allows at most ${MAX_PATH_SEGMENTS / 2}`);
  }
  if (utf8(path) > MAX_DOCUMENT_NAME_BYTES) {
    throw invalidArgument(`Document name is longer than ${MAX_DOCUMENT_NAME_BYTES} bytes`);
  }
  segments.forEach((segment, i) => {
    const what = i % 2 === 0 ? 'Collection id' : 'Document id';
    if (utf8(segment) > MAX_ID_BYTES) throw invalidArgument(`${what} is longer than ${MAX_ID_BYTES} bytes`);
    if (segment === '.' || segment === '..') throw invalidArgument(`${what} "${segment}" is not allowed`);
    if (/^__.*__$/.test(segment)) throw invalidArgument(`${what} "${segment}" is reserved (ids matching __.*__ are not allowed)`);
  });
}

/**
 * The field transforms of one commit, per document: `counts` maps each document path to the transforms its writes
 * carry. Refused with the limit named, as every other limit here.
 */
export function checkFieldTransformCounts(counts: ReadonlyMap<string, number>): void {
  for (const [path, count] of counts) {
    if (count > MAX_FIELD_TRANSFORMS_PER_DOCUMENT) {
      throw invalidArgument(
        `Document ${path} has ${count} field transformations in one commit; Firestore's maximum is ${MAX_FIELD_TRANSFORMS_PER_DOCUMENT} per document in a commit or transaction`,
      );
    }
  }
}

/** A field path from a mask or a transform: its length in bytes. */
export function checkFieldPath(fieldPath: string): void {
  if (utf8(fieldPath) > MAX_FIELD_PATH_BYTES) throw invalidArgument(`Field path is longer than ${MAX_FIELD_PATH_BYTES} bytes`);
}

function checkFields(fields: RestFields, depth: number, path: string): void {
  for (const [name, value] of Object.entries(fields)) {
    if (utf8(name) > MAX_FIELD_NAME_BYTES) throw invalidArgument(`Field name "${name.slice(0, 40)}…" is longer than ${MAX_FIELD_NAME_BYTES} bytes`);
    checkValue(value, depth, path ? `${path}.${name}` : name);
  }
}

function checkValue(value: RestValue, depth: number, path: string): void {
  if (depth > MAX_VALUE_DEPTH) {
    throw invalidArgument(`Field "${path.slice(0, 80)}" is nested more than ${MAX_VALUE_DEPTH} deep (Firestore's limit for maps and arrays)`);
  }
  const v = value as Record<string, any>;
  if ('mapValue' in v) checkFields(v.mapValue?.fields ?? {}, depth + 1, path);
  else if ('arrayValue' in v) for (const item of (v.arrayValue?.values ?? []) as RestValue[]) checkValue(item, depth + 1, path);
}

/**
 * Storage size as Firestore computes it (https://firebase.google.com/docs/firestore/storage-size): the
 * document name (each segment's UTF-8 bytes + 1, plus 16), each field name (UTF-8 bytes + 1) and value, plus 32.
 */
export function documentSize(projectRelativePath: string, fields: RestFields): number {
  const name = projectRelativePath.split('/').reduce((sum, s) => sum + utf8(s) + 1, 0) + 16;
  return name + fieldsSize(fields) + 32;
}

function fieldsSize(fields: RestFields): number {
  let size = 0;
  for (const [name, value] of Object.entries(fields)) size += utf8(name) + 1 + valueSize(value);
  return size;
}

function valueSize(value: RestValue): number {
  const v = value as Record<string, any>;
  if ('nullValue' in v || 'booleanValue' in v) return 1;
  if ('integerValue' in v || 'doubleValue' in v || 'timestampValue' in v) return 8;
  if ('stringValue' in v) return utf8(String(v.stringValue)) + 1;
  if ('bytesValue' in v) return Buffer.from(String(v.bytesValue), 'base64').length;
  if ('referenceValue' in v) {
    const ref = String(v.referenceValue);
    const at = ref.indexOf('/documents/');
    return documentSize(at >= 0 ? ref.slice(at + 11) : ref, {}) - 32;
  }
  if ('geoPointValue' in v) return 16;
  if ('arrayValue' in v) return ((v.arrayValue?.values ?? []) as RestValue[]).reduce((sum, item) => sum + valueSize(item), 0);
  if ('mapValue' in v) return fieldsSize(v.mapValue?.fields ?? {});
  return 0;
}

/** Every limit on a document as it will be stored (after masks and transforms). */
export function checkDocument(doc: StoredDocument): void {
  checkDocumentPath(doc.path);
  checkFields(doc.fields, 1, '');
  const size = documentSize(doc.path, doc.fields);
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalidArgument(`Document ${doc.path} is ${size} bytes; Firestore's maximum is ${MAX_DOCUMENT_BYTES} bytes (1 MiB)`);
  }
}
