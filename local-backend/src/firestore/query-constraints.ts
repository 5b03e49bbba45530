/**
 * Turns a REST `StructuredQuery` into what the security rules may rely on for a `list` request (see
 * RulesQuery in ../rules/contract.ts): Firestore authorizes a query by its constraints, never by the documents
 * it happens to return. Only top-level AND-ed equalities (`==`, `IS_NULL`) and `__name__ ==` are used; other
 * filters (ranges, `in`, OR) prove nothing here, so a rule that depends on them denies: stricter than
 * Firestore in those rare cases, never looser.
 */
import type { RulesQuery } from '../rules/contract';
import { compositeOp, fieldOp, unaryOp } from './enums';
import { invalidArgument } from './errors';
import { NAME_FIELD, parseFieldPath } from './field-paths';
import { relativeDocumentPath } from './resource-names';
import type { RestValue } from './values';

type Equality = RulesQuery['equalities'][number];

function conjuncts(filter: any): any[] {
  if (!filter) return [];
  if (filter.compositeFilter && compositeOp(filter.compositeFilter.op) === 'AND') {
    return ((filter.compositeFilter.filters ?? []) as unknown[]).flatMap(conjuncts);
  }
  return [filter];
}

function collectionOf(query: any): { collectionId: string; allDescendants: boolean } {
  const [from] = (query?.from ?? []) as Array<{ collectionId?: string; allDescendants?: boolean }>;
  if (!from?.collectionId) throw invalidArgument('"from" needs a collectionId');
  return { collectionId: from.collectionId, allDescendants: from.allDescendants === true };
}

export function rulesQueryOf(projectId: string, parentPath: string, query: any): RulesQuery {
  const { collectionId, allDescendants } = collectionOf(query);
  const collectionPath = parentPath ? `${parentPath}/${collectionId}` : collectionId;
  const equalities: Equality[] = [];
  let documentId: string | undefined;
  for (const f of conjuncts(query?.where)) {
    if (f.unaryFilter && unaryOp(f.unaryFilter.op) === 'IS_NULL') {
      equalities.push({ fieldPath: parseFieldPath(f.unaryFilter.field?.fieldPath), value: { nullValue: 'NULL_VALUE' } });
    }
    if (!f.fieldFilter || fieldOp(f.fieldFilter.op) !== 'EQUAL') continue;
    const fieldPath = f.fieldFilter.field?.fieldPath as string;
    const value = f.fieldFilter.value as RestValue;
    if (fieldPath !== NAME_FIELD) equalities.push({ fieldPath: parseFieldPath(fieldPath), value });
    else if (!allDescendants && typeof value?.referenceValue === 'string') {
      const path = relativeDocumentPath(projectId, value.referenceValue);
      if (path.slice(0, path.lastIndexOf('/')) === collectionPath) documentId = path.slice(path.lastIndexOf('/') + 1);
    }
  }
  const limit = query?.limit === undefined ? undefined : Number(typeof query.limit === 'object' ? query.limit.value : query.limit);
  const offset = query?.offset === undefined ? undefined : Number(query.offset);
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
