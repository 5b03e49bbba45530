/**
 * An unfinished bulk job kept in the browser (issue 38): when a bulk edit's or an import's write stops (a failure, the
 * page closed or reloaded), the console offers "Riprendi" on its next visit. What is kept is what a resume needs: the
 * job's id (its audit entries are named after it, which is what makes a resumed write skip what was already written)
 * and the changes not yet confirmed written. The record is read back through readSavedBulkJob, which refuses
 * anything that is not exactly such a record (an older format, a hand-edited or truncated value): the console then
 * discards it and says so, and nothing already written is lost (it is in the database, with its audit entries).
 */
import type { BulkChange } from './bulk-edit';

export const SAVED_JOB_VERSION = 1;

/** What a job writes: products (applyBulkChanges) or materials (applyMaterialChanges). */
export type BulkJobKind = 'products' | 'materials';

export interface SavedBulkJob {
  version: typeof SAVED_JOB_VERSION;
  kind: BulkJobKind;
  id: string;
  /** Changes of the job already confirmed written (the progress before the remaining ones). */
  done: number;
  /** The changes not yet confirmed written, in the job's order. */
  changes: BulkChange[];
}

/** A job id as newJobId makes it (base 36), or a test's: letters, digits, '-' and '_', at most 64. */
const JOB_ID = /^[A-Za-z0-9_-]{1,64}$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function isChange(v: unknown): v is BulkChange {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  return (
    keys.every((k) => ['productId', 'slug', 'name', 'before', 'after', 'create'].includes(k)) &&
    typeof v.productId === 'string' &&
    v.productId !== '' &&
    !v.productId.includes('/') &&
    typeof v.slug === 'string' &&
    typeof v.name === 'string' &&
    isPlainObject(v.before) &&
    isPlainObject(v.after) &&
    Object.keys(v.after).length > 0 &&
    (v.create === undefined || v.create === true)
  );
}

/**
 * The saved record, or why it cannot be used: `null` when there is none; `corrupt` when there is one that is not a
 * saved job (not JSON, another version, a bad id, a change that is not a change, no change left).
 */
export function readSavedBulkJob(text: string | null): { job: SavedBulkJob | null; corrupt: boolean } {
  if (text === null || text === '') return { job: null, corrupt: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { job: null, corrupt: true };
  }
  if (
    !isPlainObject(value) ||
    value.version !== SAVED_JOB_VERSION ||
    (value.kind !== 'products' && value.kind !== 'materials') ||
    typeof value.id !== 'string' ||
    !JOB_ID.test(value.id) ||
    typeof value.done !== 'number' ||
    !Number.isInteger(value.done) ||
    value.done < 0 ||
    !Array.isArray(value.changes) ||
    value.changes.length === 0 ||
    !value.changes.every(isChange)
  ) {
    return { job: null, corrupt: true };
  }
  return { job: { version: SAVED_JOB_VERSION, kind: value.kind, id: value.id, done: value.done, changes: value.changes }, corrupt: false };
}
