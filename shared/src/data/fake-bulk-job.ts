/**
 * How the fake gateway (./fake-gateway.ts) runs a console job, as ./bulk-job-writes.ts does against Firestore: in
 * chunks of BULK_CHUNK_PRODUCTS, an item whose job entry exists skipped as already written, progress after each chunk.
 * `data.bulkFailAfterChunks` makes the next run fail once after that many chunks (a network failure halfway; then it
 * is reset to null), for the products' and the materials' jobs alike.
 */
import { BULK_CHUNK_PRODUCTS, chunk, type BulkChange } from '@sbc/domain';
import type { BulkApplyResult, BulkProgress } from './admin-catalog-types';
import { GatewayError, GatewayErrorCode } from './errors';

export interface FakeJobData {
  /** The next bulk run fails once after this many committed chunks (then it is reset to null). */
  bulkFailAfterChunks?: number | null;
}

export function runFakeJob(
  data: FakeJobData,
  changes: readonly BulkChange[],
  item: {
    /** Whether this job's entry of the item exists (an earlier run wrote it). */
    written: (change: BulkChange) => boolean;
    /** Writes the item and its entry, or answers 'conflict'. */
    write: (change: BulkChange) => 'applied' | 'conflict';
  },
  onProgress?: (progress: BulkProgress) => void,
): BulkApplyResult {
  const result: BulkApplyResult = { applied: [], alreadyApplied: [], conflicts: [] };
  let done = 0;
  let chunks = 0;
  for (const part of chunk(changes, BULK_CHUNK_PRODUCTS)) {
    if (data.bulkFailAfterChunks != null && chunks >= data.bulkFailAfterChunks) {
      data.bulkFailAfterChunks = null;
      throw new GatewayError(GatewayErrorCode.unavailable, 'Failed to fetch');
    }
    for (const change of part) {
      if (item.written(change)) result.alreadyApplied.push(change.productId);
      else if (item.write(change) === 'applied') result.applied.push(change.productId);
      else result.conflicts.push(change.productId);
    }
    chunks += 1;
    done += part.length;
    onProgress?.({ done, total: changes.length });
  }
  return result;
}
