/**
 * Firestore REST `Value`s: conversion from/to plain JS, normalisation of what clients send, and the backend's
 * equality and cross-type ordering (ported from the SDK's own `valueCompare` so the server orders exactly as the
 * client expects: null < boolean < number < timestamp < string < bytes < reference < geopoint < array < map).
 */
import type { RestFields, RestValue } from '../rules/contract';
import { formatTimestamp, parseTimestamp } from './timestamps';

export type { RestFields, RestValue };

const VECTOR_TYPE = '__vector__';

/** Plain JS → REST value. Date → timestamp, integer → integerValue, other numbers → doubleValue. */
export function encodeValue(plain: unknown): RestValue {
  if (plain === null || plain === undefined) return { nullValue: 'NULL_VALUE' };
  if (typeof plain === 'boolean') return { booleanValue: plain };
  if (typeof plain === 'string') return { stringValue: plain };
  if (typeof plain === 'bigint') return { integerValue: plain.toString() };
  if (typeof plain === 'number') {
    return Number.isInteger(plain) && !Object.is(plain, -0) ? { integerValue: String(plain) } : doubleValue(plain);
  }
  if (plain instanceof Date) return { timestampValue: formatTimestamp(BigInt(plain.getTime()) * 1_000_000n) };
  if (plain instanceof Uint8Array) return { bytesValue: Buffer.from(plain).toString('base64') };
  if (Array.isArray(plain)) return { arrayValue: { values: plain.map(encodeValue) } };
  if (typeof plain === 'object') return { mapValue: { fields: encodeFields(plain as Record<string, unknown>) } };
  throw new Error(`Cannot encode ${typeof plain} as a Firestore value`);
}

export function encodeFields(plain: Record<string, unknown>): RestFields {
  const fields: RestFields = {};
  for (const [key, value] of Object.entries(plain)) {
    if (value !== undefined) fields[key] = encodeValue(value);
  }
  return fields;
}

/**
 * REST value → plain JS. Timestamps become Date (sub-millisecond precision is lost), integers number,
 * references their full resource name, geopoints `{latitude, longitude}`, bytes a Buffer.
 */
export function decodeValue(value: RestValue): unknown {
  const v = value as Record<string, any>;
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return Boolean(v.booleanValue);
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('timestampValue' in v) return new Date(Number(parseTimestamp(v.timestampValue) / 1_000_000n));
  if ('stringValue' in v) return String(v.stringValue);
  if ('bytesValue' in v) return Buffer.from(String(v.bytesValue), 'base64');
  if ('referenceValue' in v) return String(v.referenceValue);
  if ('geoPointValue' in v) return { latitude: Number(v.geoPointValue.latitude ?? 0), longitude: Number(v.geoPointValue.longitude ?? 0) };
  if ('arrayValue' in v) return ((v.arrayValue?.values ?? []) as RestValue[]).map(decodeValue);
  if ('mapValue' in v) return decodeFields(v.mapValue?.fields ?? {});
  throw new Error(`Unknown Firestore value ${JSON.stringify(value)}`);
}

export function decodeFields(fields: RestFields): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) plain[key] = decodeValue(value);
  return plain;
}

/** JSON cannot carry NaN/±Infinity/-0 as numbers: the REST API spells them as strings. */
export function doubleValue(n: number): RestValue {
  if (Number.isNaN(n)) return { doubleValue: 'NaN' };
  if (n === Infinity) return { doubleValue: 'Infinity' };
  if (n === -Infinity) return { doubleValue: '-Infinity' };
  if (Object.is(n, -0)) return { doubleValue: '-0' };
  return { doubleValue: n };
}

/**
 * Canonical stored form of a client value: admin's `enum-encoding=int` sends `nullValue: 0`, integers may
 * arrive as numbers, timestamps with any precision. Unknown shapes are rejected (INVALID_ARGUMENT upstream).
 */
export function normalizeValue(value: unknown): RestValue {
  if (!value || typeof value !== 'object') throw new TypeError(`Invalid value ${JSON.stringify(value)}`);
  const v = value as Record<string, any>;
  if ('nullValue' in v) return { nullValue: 'NULL_VALUE' };
  if ('booleanValue' in v) return { booleanValue: Boolean(v.booleanValue) };
  if ('integerValue' in v) return { integerValue: BigInt(v.integerValue).toString() };
  if ('doubleValue' in v) return doubleValue(Number(v.doubleValue));
  if ('timestampValue' in v) return { timestampValue: formatTimestamp(parseTimestamp(v.timestampValue)) };
  if ('stringValue' in v) return { stringValue: String(v.stringValue) };
  if ('bytesValue' in v) return { bytesValue: String(v.bytesValue) };
  if ('referenceValue' in v) return { referenceValue: String(v.referenceValue) };
  if ('geoPointValue' in v) {
    return { geoPointValue: { latitude: Number(v.geoPointValue?.latitude ?? 0), longitude: Number(v.geoPointValue?.longitude ?? 0) } };
  }
  if ('arrayValue' in v) return { arrayValue: { values: ((v.arrayValue?.values ?? []) as unknown[]).map(normalizeValue) } };
  if ('mapValue' in v) return { mapValue: { fields: normalizeFields(v.mapValue?.fields ?? {}) } };
  throw new TypeError(`Invalid value ${JSON.stringify(value)}`);
}

export function normalizeFields(fields: unknown): RestFields {
  const out: RestFields = {};
  for (const [key, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) out[key] = normalizeValue(value);
  return out;
}

// ---- ordering -------------------------------------------------------------------------------------------

enum TypeOrder {
  Null = 0,
  Boolean = 1,
  Number = 2,
  Timestamp = 3,
  String = 5,
  Bytes = 6,
  Reference = 7,
  GeoPoint = 8,
  Array = 9,
  Vector = 10,
  Map = 11,
}

export function typeOrder(value: RestValue): number {
  if ('nullValue' in value) return TypeOrder.Null;
  if ('booleanValue' in value) return TypeOrder.Boolean;
  if ('integerValue' in value || 'doubleValue' in value) return TypeOrder.Number;
  if ('timestampValue' in value) return TypeOrder.Timestamp;
  if ('stringValue' in value) return TypeOrder.String;
  if ('bytesValue' in value) return TypeOrder.Bytes;
  if ('referenceValue' in value) return TypeOrder.Reference;
  if ('geoPointValue' in value) return TypeOrder.GeoPoint;
  if ('arrayValue' in value) return TypeOrder.Array;
  if ('mapValue' in value) {
    const type = (value as any).mapValue?.fields?.__type__?.stringValue;
    return type === VECTOR_TYPE ? TypeOrder.Vector : TypeOrder.Map;
  }
  throw new TypeError(`Unknown value ${JSON.stringify(value)}`);
}

export function isNumber(value: RestValue | undefined): boolean {
  return !!value && ('integerValue' in value || 'doubleValue' in value);
}

export function isInteger(value: RestValue | undefined): boolean {
  return !!value && 'integerValue' in value;
}

export function numberOf(value: RestValue): number {
  const v = value as Record<string, any>;
  return Number('integerValue' in v ? v.integerValue : v.doubleValue);
}

function cmp<T>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Strings in UTF-8 byte order (a surrogate code unit sorts after any BMP code unit). */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x < y ? -1 : 1;
    return xs ? 1 : -1;
  }
  return cmp(a.length, b.length);
}

function compareNumbers(left: RestValue, right: RestValue): number {
  if (isInteger(left) && isInteger(right)) {
    return cmp(BigInt((left as any).integerValue), BigInt((right as any).integerValue));
  }
  const a = numberOf(left);
  const b = numberOf(right);
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  return 1;
}

export function compareSegments(a: string[], b: string[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const c = compareUtf8(a[i], b[i]);
    if (c !== 0) return c;
  }
  return cmp(a.length, b.length);
}

function compareArrays(a: RestValue[], b: RestValue[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return cmp(a.length, b.length);
}

function compareMaps(a: RestFields, b: RestFields): number {
  const ak = Object.keys(a).sort(compareUtf8);
  const bk = Object.keys(b).sort(compareUtf8);
  for (let i = 0; i < ak.length && i < bk.length; i++) {
    const k = compareUtf8(ak[i], bk[i]);
    if (k !== 0) return k;
    const c = compareValues(a[ak[i]], b[bk[i]]);
    if (c !== 0) return c;
  }
  return cmp(ak.length, bk.length);
}

export function compareValues(left: RestValue, right: RestValue): number {
  const lt = typeOrder(left);
  const rt = typeOrder(right);
  if (lt !== rt) return cmp(lt, rt);
  const l = left as Record<string, any>;
  const r = right as Record<string, any>;
  switch (lt) {
    case TypeOrder.Null:
      return 0;
    case TypeOrder.Boolean:
      return cmp(Number(l.booleanValue), Number(r.booleanValue));
    case TypeOrder.Number:
      return compareNumbers(left, right);
    case TypeOrder.Timestamp:
      return cmp(parseTimestamp(l.timestampValue), parseTimestamp(r.timestampValue));
    case TypeOrder.String:
      return compareUtf8(l.stringValue, r.stringValue);
    case TypeOrder.Bytes:
      return Buffer.compare(Buffer.from(l.bytesValue, 'base64'), Buffer.from(r.bytesValue, 'base64'));
    case TypeOrder.Reference:
      return compareSegments(String(l.referenceValue).split('/'), String(r.referenceValue).split('/'));
    case TypeOrder.GeoPoint:
      return (
        cmp(Number(l.geoPointValue.latitude), Number(r.geoPointValue.latitude)) ||
        cmp(Number(l.geoPointValue.longitude), Number(r.geoPointValue.longitude))
      );
    case TypeOrder.Array:
      return compareArrays(l.arrayValue?.values ?? [], r.arrayValue?.values ?? []);
    case TypeOrder.Vector: {
      const a = l.mapValue.fields?.value?.arrayValue?.values ?? [];
      const b = r.mapValue.fields?.value?.arrayValue?.values ?? [];
      return cmp(a.length, b.length) || compareArrays(a, b);
    }
    default:
      return compareMaps(l.mapValue?.fields ?? {}, r.mapValue?.fields ?? {});
  }
}

/** Query equality: 1 == 1.0, NaN equals NaN only through IS_NAN (so here NaN != NaN), maps/arrays deep. */
export function valuesEqual(left: RestValue, right: RestValue): boolean {
  if (typeOrder(left) !== typeOrder(right)) return false;
  if (isNumber(left)) {
    const a = numberOf(left);
    const b = numberOf(right);
    if (Number.isNaN(a) || Number.isNaN(b)) return false;
  }
  return compareValues(left, right) === 0;
}

export function arrayContains(values: RestValue[], needle: RestValue): boolean {
  return values.some((v) => valuesEqual(v, needle));
}

export function arrayValues(value: RestValue | undefined): RestValue[] | null {
  if (!value || !('arrayValue' in value)) return null;
  return ((value as any).arrayValue?.values ?? []) as RestValue[];
}

export function isNaNValue(value: RestValue | undefined): boolean {
  return !!value && 'doubleValue' in value && Number.isNaN(numberOf(value));
}
