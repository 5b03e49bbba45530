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

interface OpenTransaction {
  readOnly: boolean;
  /** path → update time seen (null: seen missing). */
  reads: Map<string, Nanos | null>;
}

export class TransactionRegistry {
  private readonly open = new Map<string, OpenTransaction>();

  begin(options: any): string {
    const id = randomBytes(12).toString('base64');
    this.open.set(id, { readOnly: !!options?.readOnly, reads: new Map() });
    return id;
  }

  private find(id: unknown): OpenTransaction {
    const tx = typeof id === 'string' ? this.open.get(id) : undefined;
    if (!tx) throw invalidArgument('Transaction is invalid or has expired');
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
