/**
 * firebase-admin (REST, `enum-encoding=int`) sends enums as numbers, lite as names. Everything is turned into
 * names here, once, so the engines only ever see names.
 */
import { invalidArgument } from './errors';

const FIELD_OPS = [
  'OPERATOR_UNSPECIFIED',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'ARRAY_CONTAINS_ANY',
  'NOT_IN',
] as const;
const UNARY_OPS = ['OPERATOR_UNSPECIFIED', 'OPERATOR_UNSPECIFIED', 'IS_NAN', 'IS_NULL', 'IS_NOT_NAN', 'IS_NOT_NULL'] as const;
const COMPOSITE_OPS = ['OPERATOR_UNSPECIFIED', 'AND', 'OR'] as const;
const DIRECTIONS = ['DIRECTION_UNSPECIFIED', 'ASCENDING', 'DESCENDING'] as const;
const SERVER_VALUES = ['SERVER_VALUE_UNSPECIFIED', 'REQUEST_TIME'] as const;

export type FieldOp = (typeof FIELD_OPS)[number];
export type UnaryOp = (typeof UNARY_OPS)[number];
export type CompositeOp = (typeof COMPOSITE_OPS)[number];
export type Direction = (typeof DIRECTIONS)[number];

function named<T extends string>(table: readonly T[], value: unknown, what: string): T {
  if (typeof value === 'number' && table[value] !== undefined) return table[value];
  if (typeof value === 'string' && (table as readonly string[]).includes(value)) return value as T;
  throw invalidArgument(`Unknown ${what} ${JSON.stringify(value)}`);
}

export const fieldOp = (v: unknown): FieldOp => named(FIELD_OPS, v, 'field filter operator');
export const unaryOp = (v: unknown): UnaryOp => named(UNARY_OPS, v, 'unary filter operator');
export const compositeOp = (v: unknown): CompositeOp => named(COMPOSITE_OPS, v, 'composite filter operator');
export const direction = (v: unknown): Direction =>
  v === undefined ? 'ASCENDING' : named(DIRECTIONS, v, 'direction') === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING';
export const serverValue = (v: unknown): string => named(SERVER_VALUES, v, 'server value');
