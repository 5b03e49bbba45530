/**
 * Read/write counters per collection id (the last collection segment of a document path), to let tests assert
 * a page's Firestore cost. Decisions (closest to Firestore billing that stays easy to reason about):
 * - reads: 1 per document returned by batchGet (found only) or runQuery; an aggregation query counts
 *   1 per started batch of 1000 documents it matched, at least 1, under the query's collection id.
 * - writes: 1 per set/update/delete in a commit; `verify` writes and transforms count nothing extra.
 * Admin-endpoint traffic (/emulator/v1/...) is not counted.
 */
export interface CounterSnapshot {
  reads: Record<string, number>;
  writes: Record<string, number>;
}

export class Counters {
  private reads: Record<string, number> = {};
  private writes: Record<string, number> = {};

  addRead(collectionId: string, n = 1): void {
    if (n > 0) this.reads[collectionId] = (this.reads[collectionId] ?? 0) + n;
  }

  addWrite(collectionId: string, n = 1): void {
    if (n > 0) this.writes[collectionId] = (this.writes[collectionId] ?? 0) + n;
  }

  snapshot(): CounterSnapshot {
    return { reads: { ...this.reads }, writes: { ...this.writes } };
  }

  reset(): void {
    this.reads = {};
    this.writes = {};
  }
}
