import { makeAutoObservable, runInAction } from 'mobx';
import type { BulkApplyResult, BulkProgress, RootStoreApi } from '@sbc/shared';
import { SAVED_JOB_VERSION, type BulkChange, type BulkJobKind, type SavedBulkJob } from '@sbc/domain';
import { browserJobStorage, type JobStorage } from './saved-job-storage';

/** A job id: the audit entries of its products are named after it, which is what makes a resumed job idempotent. */
export function newJobId(now = Date.now(), random = Math.random): string {
  return `${now.toString(36)}${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
}

/**
 * One previewed set of changes (a bulk edit's or an import's, of products or of materials) and its writing: batches
 * with progress (AdminStore.applyBulkChanges / applyMaterialChanges); after a failure `run` again resumes it under the
 * same id, and what the failed run wrote is skipped. While it writes, the job (id and the changes not yet confirmed
 * written) is kept in the browser (./saved-job-storage.ts), so that a page closed or reloaded halfway offers
 * "Riprendi" on the next visit (UnfinishedJob); it is forgotten once done.
 */
export class BulkJob {
  readonly id: string;
  state: 'ready' | 'applying' | 'failed' | 'done' = 'ready';
  progress = { done: 0, total: 0 };
  failure: string | null = null;
  result: BulkApplyResult | null = null;
  /** false when the browser could not keep the job (a reload would then lose the offer to resume, not the writes). */
  kept = true;
  readonly kind: BulkJobKind;
  /** Changes an earlier page confirmed written (a job resumed after a reload holds only the rest). */
  readonly doneBefore: number;
  private readonly storage: JobStorage;

  constructor(
    private readonly root: RootStoreApi,
    readonly changes: readonly BulkChange[],
    {
      id = newJobId(),
      kind = 'products',
      doneBefore = 0,
      storage = browserJobStorage(),
    }: { id?: string; kind?: BulkJobKind; doneBefore?: number; storage?: JobStorage } = {},
  ) {
    this.id = id;
    this.kind = kind;
    this.doneBefore = doneBefore;
    this.storage = storage;
    this.progress = { done: doneBefore, total: doneBefore + changes.length };
    makeAutoObservable<BulkJob, 'root' | 'storage'>(this, { root: false, changes: false, id: false, kind: false, doneBefore: false, storage: false }, { autoBind: true });
  }

  get changedFieldCount(): number {
    return this.changes.reduce((n, c) => n + Object.keys(c.after).length, 0);
  }

  /** A job restored from the browser's record. */
  static fromSaved(root: RootStoreApi, saved: SavedBulkJob, storage?: JobStorage): BulkJob {
    return new BulkJob(root, saved.changes, { id: saved.id, kind: saved.kind, doneBefore: saved.done, storage });
  }

  private keep(done: number): void {
    const remaining = this.changes.slice(done);
    if (remaining.length === 0) return;
    const saved: SavedBulkJob = { version: SAVED_JOB_VERSION, kind: this.kind, id: this.id, done: this.doneBefore + done, changes: remaining };
    this.kept = this.storage.save(saved);
  }

  private apply(onProgress: (progress: BulkProgress) => void): Promise<BulkApplyResult> {
    const admin = this.root.admin;
    if (this.kind === 'products') return admin.applyBulkChanges(this.id, this.changes, onProgress);
    return admin.applyMaterialChanges(this.id, this.changes, onProgress);
  }

  async run(): Promise<void> {
    if (this.state === 'applying' || this.state === 'done' || this.changes.length === 0) return;
    this.state = 'applying';
    this.failure = null;
    this.progress = { done: this.doneBefore, total: this.doneBefore + this.changes.length };
    this.keep(0);
    try {
      const result = await this.apply((progress) => {
        this.keep(progress.done);
        runInAction(() => {
          this.progress = { done: this.doneBefore + progress.done, total: this.doneBefore + progress.total };
        });
      });
      this.storage.clear();
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
