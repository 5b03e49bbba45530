import { makeAutoObservable, runInAction } from 'mobx';
import type { BulkApplyResult, RootStoreApi } from '@sbc/shared';
import type { BulkChange } from '@sbc/domain';

/** A job id: the audit entries of its products are named after it, which is what makes a resumed job idempotent. */
export function newJobId(now = Date.now(), random = Math.random): string {
  return `${now.toString(36)}${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
}

/**
 * One previewed set of changes (a bulk edit's or an import's) and its writing: batches with progress
 * (AdminStore.applyBulkChanges); after a failure `run` again resumes it under the same id, and what the failed
 * run wrote is skipped.
 */
export class BulkJob {
  readonly id: string;
  state: 'ready' | 'applying' | 'failed' | 'done' = 'ready';
  progress = { done: 0, total: 0 };
  failure: string | null = null;
  result: BulkApplyResult | null = null;

  constructor(
    private readonly root: RootStoreApi,
    readonly changes: readonly BulkChange[],
    id = newJobId(),
  ) {
    this.id = id;
    this.progress = { done: 0, total: changes.length };
    makeAutoObservable<BulkJob, 'root'>(this, { root: false, changes: false, id: false }, { autoBind: true });
  }

  get changedFieldCount(): number {
    return this.changes.reduce((n, c) => n + Object.keys(c.after).length, 0);
  }

  async run(): Promise<void> {
    if (this.state === 'applying' || this.state === 'done' || this.changes.length === 0) return;
    this.state = 'applying';
    this.failure = null;
    this.progress = { done: 0, total: this.changes.length };
    try {
      const result = await this.root.admin.applyBulkChanges(this.id, this.changes, (progress) => {
        runInAction(() => {
          this.progress = progress;
        });
      });
      runInAction(() => {
        this.result = result;
        this.state = 'done';
      });
    } catch (error) {
      runInAction(() => {
        this.failure = error instanceof Error && error.message ? error.message : 'errore di rete';
        this.state = 'failed';
      });
    }
  }
}
