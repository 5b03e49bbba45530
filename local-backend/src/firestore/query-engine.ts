/**
 * Runs a REST `StructuredQuery` against the store. The client does not filter, order or limit again, so the
 * server reproduces Firestore's semantics: implicit ordering (inequality fields, then `__name__`), documents
 * lacking an ordered field excluded, cursors compared against the full ordering, offset then limit.
 */
import type { Direction } from './enums';
import { invalidArgument } from './errors';
import { NAME_FIELD, getField, parseFieldPath } from './field-paths';
import type { ParsedCursor, ParsedFilter, ParsedQuery } from './parsed-query';
import { collectionIdOf, fullName } from './resource-names';
import type { DocumentStore, StoredDocument } from './store';
import {
  arrayContains,
  arrayValues,
  compareSegments,
  compareValues,
  isNaNValue,
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

function toPath(fieldPath: string): string[] | null {
  return fieldPath === NAME_FIELD ? null : parseFieldPath(fieldPath);
}

function compileFieldFilter(filter: Extract<ParsedFilter, { kind: 'field' }>, inequalities: Set<string>): Predicate {
  const fp = filter.fieldPath;
  const path = toPath(fp);
  const op = filter.op;
  const operand = filter.value;
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

function compileUnaryFilter(filter: Extract<ParsedFilter, { kind: 'unary' }>, inequalities: Set<string>): Predicate {
  const fp = filter.fieldPath;
  const path = toPath(fp);
  switch (filter.op) {
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

function compileFilter(filter: ParsedFilter | undefined, inequalities: Set<string>): Predicate {
  if (!filter) return () => true;
  switch (filter.kind) {
    case 'field':
      return compileFieldFilter(filter, inequalities);
    case 'unary':
      return compileUnaryFilter(filter, inequalities);
    case 'composite': {
      const parts = filter.filters.map((f) => compileFilter(f, inequalities));
      return filter.op === 'OR' ? (c) => parts.some((p) => p(c)) : (c) => parts.every((p) => p(c));
    }
  }
}

function normalizedOrdering(query: ParsedQuery, inequalities: Set<string>): Ordering[] {
  const explicit: Ordering[] = query.orderBy.map((o) => ({ fieldPath: o.fieldPath, path: toPath(o.fieldPath), direction: o.direction }));
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

function cursorPredicate(query: ParsedQuery, ordering: Ordering[]): Predicate {
  const start: ParsedCursor | undefined = query.startAt;
  const end: ParsedCursor | undefined = query.endAt;
  const startValues = start ? start.values : null;
  const endValues = end ? end.values : null;
  return (c) => {
    if (startValues) {
      const cmp = compareToCursor(c, startValues, ordering);
      // before=true: the cursor sits before equal documents (startAt); false: after them (startAfter).
      if (start!.before ? cmp < 0 : cmp <= 0) return false;
    }
    if (endValues) {
      const cmp = compareToCursor(c, endValues, ordering);
      if (end!.before ? cmp >= 0 : cmp > 0) return false;
    }
    return true;
  };
}

function scope(parentPath: string, query: ParsedQuery): (doc: StoredDocument) => boolean {
  const { collectionId, allDescendants } = query;
  const prefix = parentPath ? `${parentPath}/` : '';
  if (allDescendants) {
    return (doc) => doc.path.startsWith(prefix) && collectionIdOf(doc.path) === collectionId;
  }
  const exact = `${prefix}${collectionId}/`;
  return (doc) => doc.path.startsWith(exact) && doc.path.indexOf('/', exact.length) === -1;
}

export function runStructuredQuery(store: DocumentStore, projectId: string, parentPath: string, query: ParsedQuery): QueryResult {
  const inScope = scope(parentPath, query);
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
  const offset = query.offset ?? 0;
  const limit = query.limit;
  const results = matched.slice(offset, limit === undefined ? undefined : offset + limit);
  return { matched, results, limit };
}

/** `select` projection (admin's `select()`/`listDocuments`): only the listed fields, `__name__` always kept. */
export function projectFields(doc: StoredDocument, select: string[] | undefined): StoredDocument {
  if (!select) return doc;
  const fields: Record<string, RestValue> = {};
  for (const fp of select) {
    if (fp === NAME_FIELD) continue;
    const path = parseFieldPath(fp);
    const value = getField(doc.fields, path);
    if (value === undefined) continue;
    let target = fields;
    for (let i = 0; i < path.length - 1; i++) {
      target[path[i]] ??= { mapValue: { fields: {} } };
      const next = target[path[i]] as any;
      target = next.mapValue.fields;
    }
    target[path[path.length - 1]] = value;
  }
  return { ...doc, fields };
}
