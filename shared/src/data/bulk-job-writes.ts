/**
 * The one way a console job writes many items: the products of a bulk edit or an import (./admin-catalog.ts) and
 * the materials of an import (./materials.ts). Reads and writes (documents billed):
 * - BULK_CHUNK_PRODUCTS items per transaction (200 writes a commit, within Firestore's request limits);
 * - per item 2 reads (the item, and its job's audit entry `bulk_{jobId}_{id}`, which marks it written) and, when
 *   written, 2 writes (the item, its audit entry).
 * An item is written at most once per job however often the job is run again: an existing entry skips it (and
 * firestore.rules refuse an item write naming an entry that exists). What is written, and whether the stored item is
 * still as previewed, is the caller's `write`. Progress is reported after each committed chunk; a failed chunk throws
 * (nothing of it is written) and the chunks before it stay written.
 */
import { runTransaction, type DocumentReference, type Firestore, type Transaction } from 'firebase/firestore/lite';
import { BULK_CHUNK_PRODUCTS, chunk, type BulkChange } from '@sbc/domain';
import type { BulkApplyResult, BulkProgress } from './admin-catalog-types';
import { toPlainJson } from './plain-json';

export interface JobItemRefs {
  item: DocumentReference;
  /** The job's audit entry of this item (its id says the job wrote it). */
  entry: DocumentReference;
}

/** Whether `stored` (null: no document) still holds the values the change was previewed against. */
export function storedAsPreviewed(stored: Record<string, unknown> | null, before: BulkChange['before']): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(toPlainJson(a ?? null)) === JSON.stringify(toPlainJson(b ?? null));
  return stored !== null && Object.entries(before).every(([field, value]) => same(stored[field], value));
}

export async function applyJobInChunks(
  db: Firestore,
  changes: readonly BulkChange[],
  options: {
    refsOf: (change: BulkChange) => JobItemRefs;
    /** Writes the item and its entry in `tx`, or answers 'conflict' (changed since the preview, or taken meanwhile). */
    write: (tx: Transaction, change: BulkChange, refs: JobItemRefs, stored: Record<string, unknown> | null) => 'applied' | 'conflict';
    onProgress?: (progress: BulkProgress) => void;
    /** After each committed chunk, with what it wrote. */
    afterChunk?: (outcome: BulkApplyResult) => void;
  },
): Promise<BulkApplyResult> {
  const result: BulkApplyResult = { applied: [], alreadyApplied: [], conflicts: [] };
  let done = 0;
  for (const part of chunk(changes, BULK_CHUNK_PRODUCTS)) {
    const outcome = await runTransaction(db, async (tx) => {
      const local: BulkApplyResult = { applied: [], alreadyApplied: [], conflicts: [] };
      // Every read before any write, as transactions require.
      const read = await Promise.all(
        part.map(async (change) => {
          const refs = options.refsOf(change);
          return { change, refs, stored: await tx.get(refs.item), marker: await tx.get(refs.entry) };
        }),
      );
      for (const { change, refs, stored, marker } of read) {
        if (marker.exists()) local.alreadyApplied.push(change.productId);
        else if (options.write(tx, change, refs, stored.exists() ? stored.data() : null) === 'applied') local.applied.push(change.productId);
        else local.conflicts.push(change.productId);
      }
      return local;
    });
    result.applied.push(...outcome.applied);
    result.alreadyApplied.push(...outcome.alreadyApplied);
    result.conflicts.push(...outcome.conflicts);
    done += part.length;
    options.afterChunk?.(outcome);
    options.onProgress?.({ done, total: changes.length });
  }
  return result;
}
