/**
 * Runs a REST `StructuredQuery` against the store. The client does not filter, order or limit again, so the
 * server reproduces Firestore's semantics: implicit ordering (inequality fields, then `__name__`), documents
 * lacking an ordered field excluded, cursors compared against the full ordering, offset then limit.
 */
import { compositeOp, direction, fieldOp, unaryOp, type Direction } from './enums';
import { invalidArgument } from './errors';
import { NAME_FIELD, getField, parseFieldPath } from './field-paths';
import { collectionIdOf, fullName } from './resource-names';
import type { DocumentStore, StoredDocument } from './store';
import {
  arrayContains,
  arrayValues,
  compareSegments,
  compareValues,
  isNaNValue,
  normalizeValue,
  typeOrder,
  type RestValue,
} from './values';

interface Candidate {
  doc: StoredDocument;
  segments: string[];
  nameValue: RestValue;
}

type Predicate = (c: Candidate) => boolean;

interface Ordering {
  path: string[] | null; // null = __name__
  fieldPath: string;
  direction: Direction;
}

export interface QueryResult {
  /** Every document that satisfies filters and cursors, in query order, before offset/limit. */
  matched: StoredDocument[];
  /** What the client receives. */
  results: StoredDocument[];
  limit?: number;
}

function valueAt(c: Candidate, path: string[] | null): RestValue | undefined {
  return path === null ? c.nameValue : getField(c.doc.fields, path);
}

function fieldPathOf(ref: unknown): string {
  const path = (ref as { fieldPath?: unknown } | undefined)?.fieldPath;
  if (typeof path !== 'string') throw invalidArgument('A field reference needs a fieldPath');
  return path;
}

function toPath(fieldPath: string): string[] | null {
  return fieldPath === NAME_FIELD ? null : parseFieldPath(fieldPath);
}

function compileFieldFilter(filter: any, inequalities: Set<string>): Predicate {
  const fp = fieldPathOf(filter.field);
  const path = toPath(fp);
  const op = fieldOp(filter.op);
  const operand = normalizeValue(filter.value);
  if (['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'NOT_EQUAL', 'NOT_IN'].includes(op)) {
    inequalities.add(fp);
  }
  const list = arrayValues(operand);
  if (['IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY'].includes(op) && !list) {
    throw invalidArgument(`'${op}' needs an array value`);
  }
  const compare = (c: Candidate, test: (n: number) => boolean): boolean => {
    const v = valueAt(c, path);
    return v !== undefined && typeOrder(v) === typeOrder(operand) && !isNaNValue(v) && !isNaNValue(operand) && test(compareValues(v, operand));
  };
  switch (op) {
    case 'LESS_THAN':
      return (c) => compare(c, (n) => n < 0);
    case 'LESS_THAN_OR_EQUAL':
      return (c) => compare(c, (n) => n <= 0);
    case 'GREATER_THAN':
      return (c) => compare(c, (n) => n > 0);
    case 'GREATER_THAN_OR_EQUAL':
      return (c) => compare(c, (n) => n >= 0);
    case 'EQUAL':
      return (c) => compare(c, (n) => n === 0);
    case 'NOT_EQUAL':
      return (c) => {
        const v = valueAt(c, path);
        return v !== undefined && !('nullValue' in v) && (isNaNValue(v) ? !isNaNValue(operand) : compareValues(v, operand) !== 0);
      };
    case 'ARRAY_CONTAINS':
      return (c) => {
        const values = arrayValues(valueAt(c, path));
        return !!values && arrayContains(values, operand);
      };
    case 'ARRAY_CONTAINS_ANY':
      return (c) => {
        const values = arrayValues(valueAt(c, path));
        return !!values && values.some((v) => arrayContains(list!, v));
      };
    case 'IN':
      return (c) => {
        const v = valueAt(c, path);
        return v !== undefined && arrayContains(list!, v);
      };
    case 'NOT_IN': {
      const hasNull = list!.some((v) => 'nullValue' in v);
      return (c) => {
        const v = valueAt(c, path);
        return !hasNull && v !== undefined && !('nullValue' in v) && !arrayContains(list!, v);
      };
    }
    default:
      throw invalidArgument(`Unsupported operator ${op}`);
  }
}

function compileUnaryFilter(filter: any, inequalities: Set<string>): Predicate {
  const fp = fieldPathOf(filter.field);
  const path = toPath(fp);
  switch (unaryOp(filter.op)) {
    case 'IS_NAN':
      return (c) => isNaNValue(valueAt(c, path));
    case 'IS_NULL':
      return (c) => {
        const v = valueAt(c, path);
        return v !== undefined && 'nullValue' in v;
      };
    case 'IS_NOT_NAN':
      inequalities.add(fp);
      return (c) => {
        const v = valueAt(c, path);
        return v !== undefined && !('nullValue' in v) && !isNaNValue(v);
      };
    case 'IS_NOT_NULL':
      inequalities.add(fp);
      return (c) => {
        const v = valueAt(c, path);
        return v !== undefined && !('nullValue' in v);
      };
    default:
      throw invalidArgument('Unsupported unary operator');
  }
}

function compileFilter(filter: any, inequalities: Set<string>): Predicate {
  if (!filter) return () => true;
  if (filter.fieldFilter) return compileFieldFilter(filter.fieldFilter, inequalities);
  if (filter.unaryFilter) return compileUnaryFilter(filter.unaryFilter, inequalities);
  if (filter.compositeFilter) {
    const parts = ((filter.compositeFilter.filters ?? []) as unknown[]).map((f) => compileFilter(f, inequalities));
    return compositeOp(filter.compositeFilter.op) === 'OR'
      ? (c) => parts.some((p) => p(c))
      : (c) => parts.every((p) => p(c));
  }
  throw invalidArgument('Unknown filter type');
}

function normalizedOrdering(query: any, inequalities: Set<string>): Ordering[] {
  const explicit: Ordering[] = ((query.orderBy ?? []) as any[]).map((o) => {
    const fp = fieldPathOf(o.field);
    return { fieldPath: fp, path: toPath(fp), direction: direction(o.direction) };
  });
  const ordered = new Set(explicit.map((o) => o.fieldPath));
  const lastDirection = explicit.length ? explicit[explicit.length - 1].direction : 'ASCENDING';
  const implicit = [...inequalities]
    .filter((fp) => !ordered.has(fp) && fp !== NAME_FIELD)
    .sort()
    .map((fp): Ordering => ({ fieldPath: fp, path: toPath(fp), direction: lastDirection }));
  const all = [...explicit, ...implicit];
  if (!ordered.has(NAME_FIELD)) all.push({ fieldPath: NAME_FIELD, path: null, direction: lastDirection });
  return all;
}

function compareBy(ordering: Ordering[]): (a: Candidate, b: Candidate) => number {
  return (a, b) => {
    for (const o of ordering) {
      const c = o.path === null ? compareSegments(a.segments, b.segments) : compareValues(valueAt(a, o.path)!, valueAt(b, o.path)!);
      if (c !== 0) return o.direction === 'DESCENDING' ? -c : c;
    }
    return 0;
  };
}

/** <0 when the document sorts before the cursor position. */
function compareToCursor(c: Candidate, values: RestValue[], ordering: Ordering[]): number {
  for (let i = 0; i < values.length && i < ordering.length; i++) {
    const o = ordering[i];
    const cmp = compareValues(valueAt(c, o.path)!, values[i]);
    if (cmp !== 0) return o.direction === 'DESCENDING' ? -cmp : cmp;
  }
  return 0;
}

function cursorPredicate(query: any, ordering: Ordering[]): Predicate {
  const start = query.startAt;
  const end = query.endAt;
  const startValues = start ? ((start.values ?? []) as unknown[]).map(normalizeValue) : null;
  const endValues = end ? ((end.values ?? []) as unknown[]).map(normalizeValue) : null;
  return (c) => {
    if (startValues) {
      const cmp = compareToCursor(c, startValues, ordering);
      // before=true: the cursor sits before equal documents (startAt); false: after them (startAfter).
      if (start.before ? cmp < 0 : cmp <= 0) return false;
    }
    if (endValues) {
      const cmp = compareToCursor(c, endValues, ordering);
      if (end.before ? cmp >= 0 : cmp > 0) return false;
    }
    return true;
  };
}

function intOf(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'object' ? Number((value as { value?: unknown }).value) : Number(value);
  if (!Number.isInteger(n) || n < 0) throw invalidArgument(`Invalid limit/offset ${JSON.stringify(value)}`);
  return n;
}

function scope(parentPath: string, from: unknown): (doc: StoredDocument) => boolean {
  const selectors = (from ?? []) as Array<{ collectionId?: string; allDescendants?: boolean }>;
  if (selectors.length !== 1) throw invalidArgument('A query needs exactly one collection in "from"');
  const { collectionId, allDescendants } = selectors[0];
  if (!collectionId) throw invalidArgument('"from" needs a collectionId');
  const prefix = parentPath ? `${parentPath}/` : '';
  if (allDescendants) {
    return (doc) => doc.path.startsWith(prefix) && collectionIdOf(doc.path) === collectionId;
  }
  const exact = `${prefix}${collectionId}/`;
  return (doc) => doc.path.startsWith(exact) && doc.path.indexOf('/', exact.length) === -1;
}

export function runStructuredQuery(store: DocumentStore, projectId: string, parentPath: string, query: any): QueryResult {
  if (!query || typeof query !== 'object') throw invalidArgument('structuredQuery is required');
  const inScope = scope(parentPath, query.from);
  const inequalities = new Set<string>();
  const filter = compileFilter(query.where, inequalities);
  const ordering = normalizedOrdering(query, inequalities);
  const withinCursors = cursorPredicate(query, ordering);
  const candidates: Candidate[] = [];
  for (const doc of store.all()) {
    if (!inScope(doc)) continue;
    const name = fullName(projectId, doc.path);
    const c: Candidate = { doc, segments: name.split('/'), nameValue: { referenceValue: name } };
    if (ordering.some((o) => o.path !== null && valueAt(c, o.path) === undefined)) continue;
    if (filter(c) && withinCursors(c)) candidates.push(c);
  }
  candidates.sort(compareBy(ordering));
  const matched = candidates.map((c) => c.doc);
  const offset = intOf(query.offset) ?? 0;
  const limit = intOf(query.limit);
  const results = matched.slice(offset, limit === undefined ? undefined : offset + limit);
  return { matched, results, limit };
}

/** `select` projection (admin's `select()`/`listDocuments`): only the listed fields, `__name__` always kept. */
export function projectFields(doc: StoredDocument, query: any): StoredDocument {
  const select = query?.select;
  if (!select) return doc;
  const fields: Record<string, RestValue> = {};
  for (const ref of (select.fields ?? []) as unknown[]) {
    const fp = fieldPathOf(ref);
    if (fp === NAME_FIELD) continue;
    const path = parseFieldPath(fp);
    const value = getField(doc.fields, path);
    if (value === undefined) continue;
    let target = fields;
    for (let i = 0; i < path.length - 1; i++) {
      const next = (target[path[i]] ??= { mapValue: { fields: {} } }) as any;
      target = next.mapValue.fields;
    }
    target[path[path.length - 1]] = value;
  }
  return { ...doc, fields };
}
