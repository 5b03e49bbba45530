/**
 * Server-side transactions as firebase-admin uses them (`newTransaction` on the first read, `transaction` on
 * the following reads and on the commit). Firestore locks what a transaction reads; this emulator is
 * optimistic instead: it remembers the update time of every document read and aborts the commit (ABORTED, which
 * admin retries) when one of them changed meanwhile. Lite transactions do not come here: they use preconditions.
 */
import { randomBytes } from 'node:crypto';
import { invalidArgument } from './errors';
import type { DocumentStore } from './store';
import type { Nanos } from './timestamps';
import { transactionConflict } from './commit-engine';

/**
 * Firestore's transaction lifetime (https://firebase.google.com/docs/firestore/quotas, "Time limit for a
 * transaction: 270 seconds, with a 60-second idle expiration time"): a transaction is gone 270 s after it
 * began, or 60 s after its last read, whichever comes first. Using it then answers what Firestore answers,
 * INVALID_ARGUMENT "The referenced transaction has expired or is no longer valid.".
 */
export const TRANSACTION_MAX_MS = 270_000;
export const TRANSACTION_IDLE_MS = 60_000;
const EXPIRED = 'The referenced transaction has expired or is no longer valid.';

interface OpenTransaction {
  began: number;
  lastUsed: number;
  readOnly: boolean;
  /** path → update time seen (null: seen missing). */
  reads: Map<string, Nanos | null>;
}

export class TransactionRegistry {
  private readonly open = new Map<string, OpenTransaction>();

  /** `now` is injectable so tests can move time. */
  constructor(private readonly now: () => number = Date.now) {}

  begin(options: any): string {
    this.sweep();
    const id = randomBytes(12).toString('base64');
    const now = this.now();
    this.open.set(id, { began: now, lastUsed: now, readOnly: !!options?.readOnly, reads: new Map() });
    return id;
  }

  private expired(tx: OpenTransaction, now: number): boolean {
    return now - tx.began > TRANSACTION_MAX_MS || now - tx.lastUsed > TRANSACTION_IDLE_MS;
  }

  /** Forgets expired transactions, so abandoned ones do not accumulate. */
  private sweep(): void {
    const now = this.now();
    for (const [id, tx] of this.open) if (this.expired(tx, now)) this.open.delete(id);
  }

  private find(id: unknown): OpenTransaction {
    const tx = typeof id === 'string' ? this.open.get(id) : undefined;
    const now = this.now();
    if (!tx || this.expired(tx, now)) {
      if (tx) this.open.delete(id as string);
      throw invalidArgument(EXPIRED);
    }
    tx.lastUsed = now;
    return tx;
  }

  recordRead(id: unknown, path: string, updateTime: Nanos | null): void {
    const tx = this.find(id);
    if (!tx.reads.has(path)) tx.reads.set(path, updateTime);
  }

  /** Ends the transaction; throws ABORTED if a document it read has changed since. */
  finish(id: unknown, store: DocumentStore): void {
    const tx = this.find(id);
    this.open.delete(id as string);
    for (const [path, seen] of tx.reads) {
      if ((store.get(path)?.updateTime ?? null) !== seen) throw transactionConflict(path);
    }
  }

  rollback(id: unknown): void {
    this.find(id);
    this.open.delete(id as string);
  }

  clear(): void {
    this.open.clear();
  }
}
