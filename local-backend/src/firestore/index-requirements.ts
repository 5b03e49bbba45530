/**
 * Composite indexes, as production Firestore requires them (https://firebase.google.com/docs/firestore/query-data/index-overview,
 * "Single-field indexes" and "Composite indexes", and ".../query-data/multiple-range-fields" for the implicit order,
 * read 2026-11-27). Firestore answers a query its automatic single-field indexes cannot serve with
 * FAILED_PRECONDITION "The query requires an index": the page then shows an error in production while every local
 * test passed. This emulator refuses the same queries unless `firestore.indexes.json` (the file `firebase deploy`
 * uploads) declares an index that serves them, so a missing index fails here first, offline.
 *
 * What single-field indexes serve (no composite needed):
 * - equality filters only (`==`, `in`, `IS_NULL`), on one field or several (Firestore merges the single-field
 *   indexes), with no order;
 * - one ordered field (an explicit `orderBy`, or a range/inequality filter's implicit one) and no equality on
 *   another field, the document id then in the same direction;
 * - filters or orders on the document id (`__name__`) alone: the primary index;
 * - one `array-contains` filter alone.
 * Everything else needs a composite index whose fields are the equality fields (any order), then the ordered fields
 * with their directions; several equality fields may also be served by merging composites that each hold some of
 * them before the same ordered fields ("index merging").
 *
 * Not modelled: OR queries (none here; they are passed unchecked) and vector indexes. A field override that
 * disables a single-field index (`fieldOverrides`) is not modelled either: this repository declares none.
 */

import { readFileSync } from 'node:fs';
import type { ParsedFilter, ParsedQuery } from './parsed-query';

export type IndexOrder = 'ASCENDING' | 'DESCENDING';

export interface DeclaredIndexField {
  fieldPath: string;
  order?: IndexOrder;
  arrayConfig?: 'CONTAINS';
}

export interface DeclaredIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: DeclaredIndexField[];
}

/** `firestore.indexes.json`, as `firebase deploy --only firestore:indexes` reads it. */
export interface IndexesFile {
  indexes: DeclaredIndex[];
  fieldOverrides?: unknown[];
}

/** What of a query decides which index serves it (from ParsedQuery: see `queryShapeOf` in parsed-query.ts). */
export interface QueryShape {
  collectionGroup: string;
  scope: 'COLLECTION' | 'COLLECTION_GROUP';
  /** Fields filtered by `==`, `in` or `IS_NULL` (not the document id). */
  equalities: string[];
  /** The field filtered by `array-contains` / `array-contains-any`, if any. */
  contains?: string;
  /** Range and inequality filters' fields (`<`, `<=`, `>`, `>=`, `!=`, `not-in`, `IS_NOT_NULL`). */
  inequalities: string[];
  /** The explicit `orderBy`, in order. */
  orderBy: Array<{ fieldPath: string; direction: 'ASCENDING' | 'DESCENDING' }>;
  /** An OR filter: passed unchecked (not modelled). */
  hasOr?: boolean;
}

const NAME = '__name__';

/**
 * The order Firestore reads the results in: the explicit orderBy, then the inequality fields it lacks (by field
 * path, ascending), without fields fixed by an equality (ordering by them changes nothing); the document id last,
 * in the direction of the last ordered field unless the query says otherwise.
 */
export function effectiveOrder(shape: QueryShape): { fields: Array<{ fieldPath: string; order: IndexOrder }>; nameOrder: IndexOrder } {
  const explicit = shape.orderBy.filter((o) => o.fieldPath !== NAME);
  const named = shape.orderBy.find((o) => o.fieldPath === NAME);
  const missing = [...new Set(shape.inequalities)]
    .filter((field) => field !== NAME && !explicit.some((o) => o.fieldPath === field))
    .sort()
    .map((fieldPath) => ({ fieldPath, direction: 'ASCENDING' as const }));
  const ordered = [...explicit, ...missing];
  const fields = ordered.filter((o) => !shape.equalities.includes(o.fieldPath)).map((o) => ({ fieldPath: o.fieldPath, order: o.direction }));
  const nameOrder = named?.direction ?? ordered.at(-1)?.direction ?? 'ASCENDING';
  return { fields, nameOrder };
}

/** Whether Firestore's automatic single-field indexes serve the query (no composite index needed). */
export function servedBySingleFieldIndexes(shape: QueryShape): boolean {
  if (shape.hasOr) return true;
  const equalities = shape.equalities.filter((field) => field !== NAME);
  const { fields, nameOrder } = effectiveOrder(shape);
  if (shape.contains !== undefined) return equalities.length === 0 && fields.length === 0 && nameOrder === 'ASCENDING';
  // Equalities only: merged single-field indexes, in which the document id ascends; one field's own index (either
  // direction) also gives the id descending.
  if (fields.length === 0) return new Set(equalities).size <= 1 || nameOrder === 'ASCENDING';
  return fields.length === 1 && equalities.length === 0 && nameOrder === fields[0].order;
}

/** The composite index that serves the query on its own: what the error message asks for. */
export function neededIndex(shape: QueryShape): DeclaredIndex {
  const { fields, nameOrder } = effectiveOrder(shape);
  const ordered: DeclaredIndexField[] = fields.map((f) => ({ fieldPath: f.fieldPath, order: f.order }));
  const last = ordered.at(-1)?.order ?? 'ASCENDING';
  return {
    collectionGroup: shape.collectionGroup,
    queryScope: shape.scope,
    fields: [
      ...[...new Set(shape.equalities.filter((field) => field !== NAME))].map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
      ...(shape.contains !== undefined ? [{ fieldPath: shape.contains, arrayConfig: 'CONTAINS' as const }] : []),
      ...ordered,
      ...(nameOrder !== last ? [{ fieldPath: NAME, order: nameOrder }] : []),
    ],
  };
}

/**
 * The equality part of an index (its fields before the query's order) when the index ends in the query's order,
 * the document id included (an index ends with the id, in its last field's direction unless it lists the id).
 */
function prefixServing(index: DeclaredIndex, shape: QueryShape): DeclaredIndexField[] | null {
  const { fields, nameOrder } = effectiveOrder(shape);
  const listsName = index.fields.at(-1)?.fieldPath === NAME;
  const indexFields = listsName ? index.fields.slice(0, -1) : index.fields;
  const indexNameOrder: IndexOrder = (listsName ? index.fields.at(-1)?.order : indexFields.at(-1)?.order) ?? 'ASCENDING';
  if (indexNameOrder !== nameOrder || indexFields.length < fields.length) return null;
  const suffix = indexFields.slice(indexFields.length - fields.length);
  if (!suffix.every((f, i) => f.fieldPath === fields[i].fieldPath && f.order === fields[i].order)) return null;
  return indexFields.slice(0, indexFields.length - fields.length);
}

/**
 * Whether the declared indexes serve the query: one composite holding every equality field before the query's
 * order, or several (index merging) whose equality parts together hold them all, each before the same order.
 */
export function servedByIndexes(shape: QueryShape, indexes: readonly DeclaredIndex[]): boolean {
  if (servedBySingleFieldIndexes(shape)) return true;
  const equalities = new Set(shape.equalities.filter((field) => field !== NAME));
  const covered = new Set<string>();
  let containsCovered = shape.contains === undefined;
  let any = false;
  for (const index of indexes) {
    if (index.collectionGroup !== shape.collectionGroup || index.queryScope !== shape.scope) continue;
    const prefix = prefixServing(index, shape);
    if (!prefix) continue;
    const usable = prefix.every((f) =>
      f.arrayConfig === 'CONTAINS' ? f.fieldPath === shape.contains : equalities.has(f.fieldPath),
    );
    if (!usable) continue;
    any = true;
    for (const f of prefix) {
      if (f.arrayConfig === 'CONTAINS') containsCovered = true;
      else covered.add(f.fieldPath);
    }
  }
  return any && containsCovered && [...equalities].every((field) => covered.has(field));
}

/** The error's text: names the index to declare, as Firestore's own message links to it. */
export function missingIndexMessage(shape: QueryShape): string {
  return `The query requires an index. Declare it in firestore.indexes.json (firebase deploy --only firestore:indexes): ${JSON.stringify(neededIndex(shape))}`;
}

/** Reads and checks the declared indexes; a malformed file says what is wrong. */
export function parseIndexesFile(text: string, source = 'firestore.indexes.json'): DeclaredIndex[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  const indexes = (parsed as Partial<IndexesFile> | null)?.indexes;
  if (!Array.isArray(indexes)) throw new Error(`${source} needs an "indexes" array`);
  indexes.forEach((index: Partial<DeclaredIndex>, at) => {
    const where = `${source}: indexes[${at}]`;
    if (typeof index?.collectionGroup !== 'string' || index.collectionGroup === '') throw new Error(`${where} needs a collectionGroup`);
    if (index.queryScope !== 'COLLECTION' && index.queryScope !== 'COLLECTION_GROUP') throw new Error(`${where}: queryScope is COLLECTION or COLLECTION_GROUP`);
    if (!Array.isArray(index.fields) || index.fields.length < 2) throw new Error(`${where} needs at least two fields (one field is a single-field index)`);
    index.fields.forEach((field, i) => {
      if (typeof field?.fieldPath !== 'string' || field.fieldPath === '') throw new Error(`${where}.fields[${i}] needs a fieldPath`);
      const orders = (field.order !== undefined ? 1 : 0) + (field.arrayConfig !== undefined ? 1 : 0);
      if (orders !== 1 || (field.order !== undefined && field.order !== 'ASCENDING' && field.order !== 'DESCENDING') || (field.arrayConfig !== undefined && field.arrayConfig !== 'CONTAINS')) {
        throw new Error(`${where}.fields[${i}] needs order ASCENDING or DESCENDING, or arrayConfig CONTAINS`);
      }
    });
  });
  return indexes as DeclaredIndex[];
}

const EQUALITY_OPS = new Set(['EQUAL', 'IN']);
const CONTAINS_OPS = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);

function conjuncts(filter: ParsedFilter | undefined): ParsedFilter[] {
  if (!filter) return [];
  if (filter.kind === 'composite' && filter.op === 'AND') return filter.filters.flatMap(conjuncts);
  return [filter];
}

/** The index-relevant shape of a parsed query (the same ParsedQuery the engine runs and the rules judge). */
export function queryShapeOf(query: ParsedQuery): QueryShape {
  const shape: QueryShape = {
    collectionGroup: query.collectionId,
    scope: query.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    equalities: [],
    inequalities: [],
    orderBy: query.orderBy.map((o) => ({ fieldPath: o.fieldPath, direction: o.direction === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING' })),
  };
  for (const filter of conjuncts(query.where)) {
    if (filter.kind === 'composite') shape.hasOr = true;
    else if (filter.kind === 'unary') (filter.op === 'IS_NULL' || filter.op === 'IS_NAN' ? shape.equalities : shape.inequalities).push(filter.fieldPath);
    else if (EQUALITY_OPS.has(filter.op)) shape.equalities.push(filter.fieldPath);
    else if (CONTAINS_OPS.has(filter.op)) shape.contains = filter.fieldPath;
    else shape.inequalities.push(filter.fieldPath);
  }
  return shape;
}

/** Reads `firestore.indexes.json` (or another file in its format). */
export function loadIndexesFile(path: string): DeclaredIndex[] {
  return parseIndexesFile(readFileSync(path, 'utf8'), path);
}
