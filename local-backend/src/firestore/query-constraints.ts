/**
 * Turns a REST `StructuredQuery` into what the security rules may rely on for a `list` request (see
 * RulesQuery in ../rules/contract.ts): Firestore authorizes a query by its constraints, never by the documents
 * it happens to return. Only top-level AND-ed equalities (`==`, `IS_NULL`) and `__name__ ==` are used; other
 * filters (ranges, `in`, OR) prove nothing here, so a rule that depends on them denies: stricter than
 * Firestore in those rare cases, never looser.
 */
import type { RulesQuery } from '../rules/contract';
import { NAME_FIELD, parseFieldPath } from './field-paths';
import type { ParsedFilter, ParsedQuery } from './parsed-query';
import { relativeDocumentPath } from './resource-names';

type Equality = RulesQuery['equalities'][number];

function conjuncts(filter: ParsedFilter | undefined): ParsedFilter[] {
  if (!filter) return [];
  if (filter.kind === 'composite' && filter.op === 'AND') return filter.filters.flatMap(conjuncts);
  return [filter];
}

/** Reads the same ParsedQuery object the query engine runs (parsed-query.ts), never the raw request. */
export function rulesQueryOf(projectId: string, parentPath: string, query: ParsedQuery): RulesQuery {
  const { collectionId, allDescendants } = query;
  const collectionPath = parentPath ? `${parentPath}/${collectionId}` : collectionId;
  const equalities: Equality[] = [];
  let documentId: string | undefined;
  for (const f of conjuncts(query.where)) {
    if (f.kind === 'unary' && f.op === 'IS_NULL') {
      equalities.push({ fieldPath: parseFieldPath(f.fieldPath), value: { nullValue: 'NULL_VALUE' } });
    }
    if (f.kind !== 'field' || f.op !== 'EQUAL') continue;
    const { fieldPath, value } = f;
    if (fieldPath !== NAME_FIELD) equalities.push({ fieldPath: parseFieldPath(fieldPath), value });
    else if (!allDescendants && typeof value?.referenceValue === 'string') {
      const path = relativeDocumentPath(projectId, value.referenceValue);
      if (path.slice(0, path.lastIndexOf('/')) === collectionPath) documentId = path.slice(path.lastIndexOf('/') + 1);
    }
  }
  const { limit, offset } = query;
  return {
    parent: allDescendants ? parentPath : collectionPath,
    collectionId,
    allDescendants,
    equalities,
    ...(documentId !== undefined ? { documentId } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(offset !== undefined ? { offset } : {}),
  };
}

/** `listDocuments` (REST GET on a collection): a query with no constraints. */
export function wholeCollectionQuery(collectionPath: string): RulesQuery {
  const at = collectionPath.lastIndexOf('/');
  return { parent: collectionPath, collectionId: collectionPath.slice(at + 1), allDescendants: false, equalities: [] };
}
