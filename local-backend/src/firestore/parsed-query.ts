/**
 * A `StructuredQuery` parsed once into one object that BOTH the rules decision (query-constraints.ts) and the
 * query engine (query-engine.ts) read. Neither looks at the raw JSON again, so a query cannot be authorised as
 * one query and run as another. The body has been through protocol.ts (`checkMessage`), so every oneof here
 * has at most one member set; this turns each into a tagged union and the enums into names.
 */
import { compositeOp, direction, fieldOp, unaryOp, type CompositeOp, type Direction, type FieldOp, type UnaryOp } from './enums';
import { invalidArgument } from './errors';
import { normalizeValue, type RestValue } from './values';

export type ParsedFilter =
  | { kind: 'composite'; op: Exclude<CompositeOp, 'OPERATOR_UNSPECIFIED'>; filters: ParsedFilter[] }
  | { kind: 'field'; fieldPath: string; op: FieldOp; value: RestValue }
  | { kind: 'unary'; fieldPath: string; op: UnaryOp };

export interface ParsedCursor {
  before: boolean;
  values: RestValue[];
}

export interface ParsedQuery {
  collectionId: string;
  allDescendants: boolean;
  where?: ParsedFilter;
  orderBy: Array<{ fieldPath: string; direction: Direction }>;
  startAt?: ParsedCursor;
  endAt?: ParsedCursor;
  offset?: number;
  limit?: number;
  /** `select` projection: field paths to keep (undefined = whole documents). */
  select?: string[];
}

function fieldPathOf(ref: unknown): string {
  const path = (ref as { fieldPath?: unknown } | undefined)?.fieldPath;
  if (typeof path !== 'string') throw invalidArgument('A field reference needs a fieldPath');
  return path;
}

function parseFilter(filter: any): ParsedFilter {
  if (filter.compositeFilter) {
    const op = compositeOp(filter.compositeFilter.op);
    if (op === 'OPERATOR_UNSPECIFIED') throw invalidArgument('A composite filter needs op AND or OR');
    return { kind: 'composite', op, filters: ((filter.compositeFilter.filters ?? []) as unknown[]).map(parseFilter) };
  }
  if (filter.fieldFilter) {
    const f = filter.fieldFilter;
    return { kind: 'field', fieldPath: fieldPathOf(f.field), op: fieldOp(f.op), value: normalizeValue(f.value) };
  }
  if (filter.unaryFilter) {
    return { kind: 'unary', fieldPath: fieldPathOf(filter.unaryFilter.field), op: unaryOp(filter.unaryFilter.op) };
  }
  throw invalidArgument('A filter needs one of compositeFilter, fieldFilter, unaryFilter');
}

function parseCursor(cursor: any): ParsedCursor | undefined {
  if (!cursor) return undefined;
  return { before: cursor.before === true, values: ((cursor.values ?? []) as unknown[]).map(normalizeValue) };
}

function intOf(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'object' ? Number((value as { value?: unknown }).value) : Number(value);
  if (!Number.isInteger(n) || n < 0) throw invalidArgument(`Invalid limit/offset ${JSON.stringify(value)}`);
  return n;
}

export function parseStructuredQuery(query: any): ParsedQuery {
  if (!query || typeof query !== 'object') throw invalidArgument('structuredQuery is required');
  const selectors = (query.from ?? []) as Array<{ collectionId?: unknown; allDescendants?: unknown }>;
  if (selectors.length !== 1) throw invalidArgument('A query needs exactly one collection in "from"');
  const { collectionId, allDescendants } = selectors[0];
  if (typeof collectionId !== 'string' || !collectionId) throw invalidArgument('"from" needs a collectionId');
  return {
    collectionId,
    allDescendants: allDescendants === true,
    ...(query.where ? { where: parseFilter(query.where) } : {}),
    orderBy: ((query.orderBy ?? []) as any[]).map((o) => ({ fieldPath: fieldPathOf(o.field), direction: direction(o.direction) })),
    startAt: parseCursor(query.startAt),
    endAt: parseCursor(query.endAt),
    offset: intOf(query.offset),
    limit: intOf(query.limit),
    select: query.select ? ((query.select.fields ?? []) as unknown[]).map(fieldPathOf) : undefined,
  };
}
