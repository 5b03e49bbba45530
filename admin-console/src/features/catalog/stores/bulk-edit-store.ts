import { makeAutoObservable, runInAction } from 'mobx';
import type { BulkApplyResult, CatalogProduct, RootStoreApi } from '@sbc/shared';
import { planBulkEdit, validateBulkEdit, type BulkChange, type BulkEditErrors, type BulkEditInput } from '@sbc/domain';
import { PREVIEW_FAILED } from '../texts';

export type BulkEditState = 'editing' | 'preparing' | 'preview' | 'applying' | 'failed' | 'done';

/** A job id: the audit entries of its products are named after it, which is what makes a resumed job idempotent. */
export function newJobId(now = Date.now(), random = Math.random): string {
  return `${now.toString(36)}${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
}

/**
 * Bulk edit: the admin's edit → validated (domain validateBulkEdit) → a preview of every change (planBulkEdit
 * over the targets as stored) → applied in batches with progress (AdminStore.applyBulkChanges). A failure keeps
 * the job (its id and changes): "Riprendi" runs it again, and what the failed run wrote is skipped.
 */
export class BulkEditStore {
  input: BulkEditInput = { category: '', type: '', talent_required: '', pricePercent: '' };
  errors: BulkEditErrors = {};
  state: BulkEditState = 'editing';
  changes: BulkChange[] = [];
  previewError: string | null = null;
  jobId: string | null = null;
  progress = { done: 0, total: 0 };
  failure: string | null = null;
  result: BulkApplyResult | null = null;

  constructor(private readonly root: RootStoreApi) {
    makeAutoObservable<BulkEditStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  get changedFieldCount(): number {
    return this.changes.reduce((n, c) => n + Object.keys(c.after).length, 0);
  }

  setInput(change: Partial<BulkEditInput>): void {
    this.input = { ...this.input, ...change };
    this.errors = {};
    if (this.state === 'preview' || this.state === 'done') this.backToEditing();
  }

  backToEditing(): void {
    this.state = 'editing';
    this.changes = [];
    this.jobId = null;
    this.result = null;
    this.failure = null;
  }

  async preview(targets: () => Promise<CatalogProduct[]>): Promise<void> {
    const { edit, errors } = validateBulkEdit(this.input);
    this.errors = errors;
    if (!edit) return;
    this.state = 'preparing';
    this.previewError = null;
    try {
      const products = await targets();
      runInAction(() => {
        this.changes = planBulkEdit(products, edit);
        this.jobId = newJobId();
        this.result = null;
        this.state = 'preview';
      });
    } catch {
      runInAction(() => {
        this.previewError = PREVIEW_FAILED;
        this.state = 'editing';
      });
    }
  }

  /** Applies the previewed job; after a failure the same call resumes it (same job id). */
  async apply(): Promise<void> {
    if (this.jobId === null || (this.state !== 'preview' && this.state !== 'failed')) return;
    this.state = 'applying';
    this.failure = null;
    this.progress = { done: 0, total: this.changes.length };
    try {
      const result = await this.root.admin.applyBulkChanges(this.jobId, this.changes, (progress) => {
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
