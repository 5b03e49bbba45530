import { makeAutoObservable } from 'mobx';
import type { RootStoreApi } from '@sbc/shared';
import { UNFINISHED_CORRUPT } from '../texts';
import { BulkJob } from './bulk-job';
import { browserJobStorage, type JobStorage } from './saved-job-storage';

/**
 * The job a previous visit left unfinished (the page closed or reloaded, or a failure never resumed), read once when
 * the catalogue page opens: offered to "Riprendi" (the same job id, so what was written is skipped) or "Scarta"
 * (only the browser's record goes: what was written stays, with its audit entries). A record that is not a saved job
 * is discarded with a message.
 */
export class UnfinishedJobStore {
  job: BulkJob | null = null;
  notice: string | null = null;

  constructor(
    root: RootStoreApi,
    private readonly storage: JobStorage = browserJobStorage(),
  ) {
    const { job, corrupt } = storage.load();
    if (corrupt) this.notice = UNFINISHED_CORRUPT;
    if (job) this.job = BulkJob.fromSaved(root, job, storage);
    makeAutoObservable<UnfinishedJobStore, 'storage'>(this, { storage: false }, { autoBind: true });
  }

  discard(): void {
    if (this.job?.state === 'applying') return;
    if (this.job?.state !== 'done') this.storage.clear();
    this.job = null;
  }

  dismissNotice(): void {
    this.notice = null;
  }
}
