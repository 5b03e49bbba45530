/**
 * Plans a commit: applies its writes, in order, to a working copy of the touched documents, checking each
 * write's precondition against the state left by the previous writes. Nothing is stored until `applyPlan`, so a
 * failing precondition or a rules denial leaves the database untouched (batches are atomic).
 * Every write of one commit gets the commit time as its update time.
 */
import { aborted, alreadyExists, invalidArgument, notFound, stalePrecondition } from './errors';
import { cloneFields, deleteField, getField, parseFieldPath, setField } from './field-paths';
import { checkDocument, checkFieldPath, checkFieldTransformCounts } from './limits';
import { fullName, relativeDocumentPath } from './resource-names';
import type { DocumentStore, StoredDocument } from './store';
import { formatTimestamp, parseTimestamp, type Nanos } from './timestamps';
import { applyTransform } from './transforms';
import { normalizeFields, type RestValue } from './values';

export type WriteKind = 'set' | 'delete' | 'verify';

export interface PlannedWrite {
  kind: WriteKind;
  path: string;
  /** Committed state before the commit. */
  before: StoredDocument | null;
  /** State right after this write (null when deleted or absent). */
  after: StoredDocument | null;
  transformResults?: RestValue[];
}

export interface CommitPlan {
  commitTime: Nanos;
  writes: PlannedWrite[];
  /** Final state of every touched document (null = deleted). */
  finalState: Map<string, StoredDocument | null>;
}

function checkPrecondition(precondition: any, current: StoredDocument | null, name: string): void {
  if (!precondition) return;
  if ('exists' in precondition) {
    if (precondition.exists && !current) throw notFound(`No document to update: ${name}`);
    if (!precondition.exists && current) throw alreadyExists(`Document already exists: ${name}`);
  }
  if ('updateTime' in precondition) {
    const expected = parseTimestamp(precondition.updateTime);
    if (!current) throw stalePrecondition(`The document ${name} no longer exists`);
    if (current.updateTime !== expected) {
      throw stalePrecondition(
        `The document ${name} was updated at ${formatTimestamp(current.updateTime)}, expected ${formatTimestamp(expected)}`,
      );
    }
  }
}

function targetName(write: any): { kind: WriteKind; name: unknown } {
  if (write.update) return { kind: 'set', name: write.update.name };
  if (write.transform) return { kind: 'set', name: write.transform.document };
  if (write.delete !== undefined) return { kind: 'delete', name: write.delete };
  if (write.verify !== undefined) return { kind: 'verify', name: write.verify };
  throw invalidArgument(`Unknown write ${JSON.stringify(write)}`);
}

function applyUpdate(write: any, current: StoredDocument | null): Record<string, RestValue> {
  const incoming = write.update ? normalizeFields(write.update.fields) : null;
  if (!incoming) return current ? cloneFields(current.fields) : {};
  if (!write.updateMask) return incoming;
  const fields = current ? cloneFields(current.fields) : {};
  for (const fieldPath of (write.updateMask.fieldPaths ?? []) as string[]) {
    if (typeof fieldPath !== 'string') throw invalidArgument('updateMask.fieldPaths must be strings');
    checkFieldPath(fieldPath);
    const path = parseFieldPath(fieldPath);
    const value = getField(incoming, path);
    if (value === undefined) deleteField(fields, path);
    else setField(fields, path, value);
  }
  return fields;
}

/**
 * Field transforms per document over the whole commit, counted before anything is applied: Firestore's limit is
 * per document in a commit (limits.ts), and a commit over it must change nothing.
 */
function transformCounts(projectId: string, writes: unknown[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const write of writes as any[]) {
    const transforms = write?.updateTransforms ?? write?.transform?.fieldTransforms;
    if (!Array.isArray(transforms) || transforms.length === 0) continue;
    const path = relativeDocumentPath(projectId, targetName(write).name);
    counts.set(path, (counts.get(path) ?? 0) + transforms.length);
  }
  return counts;
}

export function planCommit(store: DocumentStore, projectId: string, writes: unknown, commitTime: Nanos): CommitPlan {
  if (!Array.isArray(writes)) throw invalidArgument('"writes" must be an array');
  const finalState = new Map<string, StoredDocument | null>();
  const stateOf = (path: string): StoredDocument | null =>
    finalState.has(path) ? finalState.get(path)! : (store.get(path) ?? null);
  checkFieldTransformCounts(transformCounts(projectId, writes));
  const planned = writes.map((write: any): PlannedWrite => {
    const { kind, name } = targetName(write);
    const path = relativeDocumentPath(projectId, name);
    const current = stateOf(path);
    checkPrecondition(write.currentDocument, current, fullName(projectId, path));
    const before = store.get(path) ?? null;
    if (kind === 'verify') return { kind, path, before, after: current };
    if (kind === 'delete') {
      finalState.set(path, null);
      return { kind, path, before, after: null };
    }
    const fields = applyUpdate(write, current);
    const transforms = (write.updateTransforms ?? write.transform?.fieldTransforms ?? []) as unknown[];
    const transformResults = transforms.map((t) => {
      checkFieldPath(String((t as { fieldPath?: unknown })?.fieldPath ?? ''));
      return applyTransform(fields, t, commitTime);
    });
    const after: StoredDocument = { path, fields, createTime: current?.createTime ?? commitTime, updateTime: commitTime };
    // Firestore's limits hold for the document as it would be stored (after masks and transforms).
    checkDocument(after);
    finalState.set(path, after);
    return { kind, path, before, after, transformResults: transforms.length ? transformResults : undefined };
  });
  return { commitTime, writes: planned, finalState };
}

export function applyPlan(store: DocumentStore, plan: CommitPlan): void {
  for (const [path, doc] of plan.finalState) {
    if (doc) store.put(doc);
    else store.delete(path);
  }
}

export function commitResponse(plan: CommitPlan): unknown {
  const time = formatTimestamp(plan.commitTime);
  return {
    writeResults: plan.writes.map((w) => (w.transformResults ? { updateTime: time, transformResults: w.transformResults } : { updateTime: time })),
    commitTime: time,
  };
}

/** Transactions of firebase-admin whose reads changed before the commit. */
export const transactionConflict = (path: string) =>
  aborted(`Transaction aborted: ${path} changed after it was read in the transaction`);
