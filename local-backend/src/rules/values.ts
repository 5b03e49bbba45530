/**
 * The rules language's runtime values. Typed like Firestore's (int and float are different types, a
 * timestamp is not a string), so `is int`, `is timestamp`... answer exactly as in production.
 * Integers are JS numbers: exact up to 2^53, which every value this project stores fits in.
 */
import type { RestFields, RestValue } from './contract';

export interface Timestamp {
  t: 'timestamp';
  seconds: number;
  nanos: number;
}
export interface Duration {
  t: 'duration';
  seconds: number;
  nanos: number;
}
export type RulesValue =
  | { t: 'null' }
  | { t: 'bool'; v: boolean }
  | { t: 'int'; v: number }
  | { t: 'float'; v: number }
  | { t: 'string'; v: string }
  | { t: 'bytes'; v: string }
  | Timestamp
  | Duration
  | { t: 'path'; segments: string[] }
  | { t: 'latlng'; lat: number; lng: number }
  | { t: 'list'; items: RulesValue[] }
  | { t: 'set'; items: RulesValue[] }
  | { t: 'map'; entries: Map<string, RulesValue>; partial?: true }
  | { t: 'mapdiff'; left: Map<string, RulesValue>; right: Map<string, RulesValue> };

export type RulesType = RulesValue['t'];

/** An error while evaluating an expression: it makes the `allow` holding it false (Firestore's semantics). */
export class RulesEvalError extends Error {
  constructor(message: string, readonly line?: number) {
    super(line === undefined ? message : `${message} (line ${line})`);
    this.name = 'RulesEvalError';
  }
}

export const NULL: RulesValue = { t: 'null' };
export const bool = (v: boolean): RulesValue => ({ t: 'bool', v });
export const int = (v: number): RulesValue => ({ t: 'int', v });
export const float = (v: number): RulesValue => ({ t: 'float', v });
export const str = (v: string): RulesValue => ({ t: 'string', v });
export const list = (items: RulesValue[]): RulesValue => ({ t: 'list', items });
export const map = (entries: Record<string, RulesValue>): RulesValue => ({ t: 'map', entries: new Map(Object.entries(entries)) });

export function setOf(items: RulesValue[]): RulesValue {
  const unique: RulesValue[] = [];
  for (const item of items) if (!unique.some((u) => equals(u, item))) unique.push(item);
  return { t: 'set', items: unique };
}

export function timestampFromNanos(nanos: bigint): Timestamp {
  const seconds = nanos >= 0n ? nanos / 1_000_000_000n : -((-nanos + 999_999_999n) / 1_000_000_000n);
  return { t: 'timestamp', seconds: Number(seconds), nanos: Number(nanos - seconds * 1_000_000_000n) };
}

export function timestampFromMillis(ms: number): Timestamp {
  const seconds = Math.floor(ms / 1000);
  return { t: 'timestamp', seconds, nanos: Math.round((ms - seconds * 1000) * 1e6) };
}

/** `2024-01-02T03:04:05.123456789Z` (any offset, 0–9 fractional digits) to seconds + nanos without losing precision. */
export function parseTimestamp(text: string): Timestamp {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!m) throw new RulesEvalError(`invalid timestamp "${text}"`);
  const ms = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(ms)) throw new RulesEvalError(`invalid timestamp "${text}"`);
  return { t: 'timestamp', seconds: ms / 1000, nanos: Number((m[2] ?? '').padEnd(9, '0')) };
}

export function normalizeDuration(seconds: number, nanos: number): Duration {
  const total = seconds + Math.floor(nanos / 1e9);
  return { t: 'duration', seconds: total, nanos: ((nanos % 1e9) + 1e9) % 1e9 };
}

/** `projects/p/databases/(default)/documents/c/id` → `/databases/(default)/documents/c/id` as a path value. */
function referenceToPath(reference: string): RulesValue {
  const segments = reference.split('/');
  const at = segments.indexOf('databases');
  return { t: 'path', segments: at >= 0 ? segments.slice(at) : segments };
}

export function fromRest(value: RestValue): RulesValue {
  const [kind] = Object.keys(value);
  const raw = value[kind] as unknown;
  switch (kind) {
    case 'nullValue':
      return NULL;
    case 'booleanValue':
      return bool(raw === true);
    case 'integerValue':
      return int(Number(raw));
    case 'doubleValue':
      return float(typeof raw === 'number' ? raw : Number(raw));
    case 'stringValue':
      return str(String(raw));
    case 'bytesValue':
      return { t: 'bytes', v: String(raw) };
    case 'timestampValue':
      return parseTimestamp(String(raw));
    case 'referenceValue':
      return referenceToPath(String(raw));
    case 'geoPointValue': {
      const g = (raw ?? {}) as { latitude?: number; longitude?: number };
      return { t: 'latlng', lat: g.latitude ?? 0, lng: g.longitude ?? 0 };
    }
    case 'arrayValue':
      return list((((raw ?? {}) as { values?: RestValue[] }).values ?? []).map(fromRest));
    case 'mapValue':
      return fromRestFields(((raw ?? {}) as { fields?: RestFields }).fields ?? {});
    default:
      throw new RulesEvalError(`unknown Firestore value ${JSON.stringify(value)}`);
  }
}

export function fromRestFields(fields: RestFields): RulesValue {
  const entries = new Map<string, RulesValue>();
  for (const [key, value] of Object.entries(fields)) entries.set(key, fromRest(value));
  return { t: 'map', entries };
}

/** Decoded token claims are plain JSON: whole numbers are ints, as Firestore sees them. */
export function fromJson(value: unknown): RulesValue {
  if (value === null || value === undefined) return NULL;
  if (typeof value === 'boolean') return bool(value);
  if (typeof value === 'number') return Number.isInteger(value) ? int(value) : float(value);
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return list(value.map(fromJson));
  const entries = new Map<string, RulesValue>();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) entries.set(k, fromJson(v));
  return { t: 'map', entries };
}

const isNumber = (v: RulesValue): v is { t: 'int' | 'float'; v: number } => v.t === 'int' || v.t === 'float';

/** `==`: ints and floats compare by value (1 == 1.0); values of different types are simply unequal. */
/**
 * A query's view of a document (`resource.data` in a `list` rule) only knows the fields its equality filters
 * pin. Anything that needs the rest of the map (comparing maps, keys(), size(), diff(), a missing key) cannot
 * be proven for every result, so it is an error, which denies, as Firestore denies such queries.
 */
export function isPartialMap(v: RulesValue): boolean {
  return v.t === 'map' && v.partial === true;
}

export function unprovable(what: string): never {
  throw new RulesEvalError(`${what} is not known for every document a query can return (rules are not filters)`);
}

export function equals(a: RulesValue, b: RulesValue): boolean {
  if (a.t === 'map' && b.t === 'map' && (a.partial || b.partial)) unprovable('comparing a whole document map');
  if (isNumber(a) && isNumber(b)) return a.v === b.v;
  if (a.t !== b.t) return false;
  switch (a.t) {
    case 'null':
      return true;
    case 'bool':
    case 'string':
    case 'bytes':
      return a.v === (b as typeof a).v;
    case 'timestamp':
    case 'duration':
      return a.seconds === (b as typeof a).seconds && a.nanos === (b as typeof a).nanos;
    case 'path': {
      const other = (b as typeof a).segments;
      return a.segments.length === other.length && a.segments.every((s, i) => s === other[i]);
    }
    case 'latlng':
      return a.lat === (b as typeof a).lat && a.lng === (b as typeof a).lng;
    case 'list': {
      const other = (b as typeof a).items;
      return a.items.length === other.length && a.items.every((x, i) => equals(x, other[i]));
    }
    case 'set': {
      const other = (b as typeof a).items;
      return a.items.length === other.length && a.items.every((x) => other.some((y) => equals(x, y)));
    }
    case 'map': {
      const other = (b as typeof a).entries;
      if (a.entries.size !== other.size) return false;
      for (const [k, v] of a.entries) {
        const w = other.get(k);
        if (w === undefined || !equals(v, w)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** `<`, `<=`...: numbers, strings, timestamps, durations, bytes; anything else is an error. */
export function compare(a: RulesValue, b: RulesValue): number {
  if (isNumber(a) && isNumber(b)) return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  if (a.t === 'string' && b.t === 'string') return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  if (a.t === 'bytes' && b.t === 'bytes') return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  if ((a.t === 'timestamp' && b.t === 'timestamp') || (a.t === 'duration' && b.t === 'duration')) {
    const x = a as Timestamp;
    const y = b as Timestamp;
    return x.seconds !== y.seconds ? Math.sign(x.seconds - y.seconds) : Math.sign(x.nanos - y.nanos);
  }
  throw new RulesEvalError(`cannot compare ${a.t} with ${b.t}`);
}

export function describe(v: RulesValue): string {
  switch (v.t) {
    case 'null':
      return 'null';
    case 'bool':
    case 'int':
    case 'float':
      return String(v.v);
    case 'string':
      return JSON.stringify(v.v);
    case 'path':
      return `/${v.segments.join('/')}`;
    case 'list':
    case 'set':
      return `[${v.items.map(describe).join(', ')}]`;
    case 'map':
      return `{${[...v.entries].map(([k, x]) => `${k}: ${describe(x)}`).join(', ')}}`;
    default:
      return v.t;
  }
}
