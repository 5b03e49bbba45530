import { makeAutoObservable, runInAction } from 'mobx';
import type { CatalogProduct, RootStoreApi } from '@sbc/shared';
import { planBulkEdit, validateBulkEdit, type BulkEditErrors, type BulkEditInput } from '@sbc/domain';
import { PREVIEW_FAILED } from '../texts';
import { BulkJob } from './bulk-job';

/**
 * Bulk edit: the admin's edit → validated (domain validateBulkEdit) → a preview of every change (planBulkEdit
 * over the targets as stored) → a BulkJob, applied in batches with progress and resumed after a failure.
 */
export class BulkEditStore {
  input: BulkEditInput = { category: '', type: '', talent_required: '', pricePercent: '' };
  errors: BulkEditErrors = {};
  preparing = false;
  previewError: string | null = null;
  job: BulkJob | null = null;

  constructor(private readonly root: RootStoreApi) {
    makeAutoObservable<BulkEditStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  setInput(change: Partial<BulkEditInput>): void {
    this.input = { ...this.input, ...change };
    this.errors = {};
    if (this.job && this.job.state !== 'applying' && this.job.state !== 'failed') this.job = null;
  }

  discard(): void {
    if (this.job?.state !== 'applying') this.job = null;
  }

  async preview(targets: () => Promise<CatalogProduct[]>): Promise<void> {
    const { edit, errors } = validateBulkEdit(this.input);
    this.errors = errors;
    if (!edit) return;
    this.preparing = true;
    this.previewError = null;
    this.job = null;
    try {
      const products = await targets();
      runInAction(() => {
        this.job = new BulkJob(this.root, planBulkEdit(products, edit));
        this.preparing = false;
      });
    } catch {
      runInAction(() => {
        this.previewError = PREVIEW_FAILED;
        this.preparing = false;
      });
    }
  }
}
