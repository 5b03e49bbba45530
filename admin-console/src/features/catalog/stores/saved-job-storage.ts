import { readSavedBulkJob, type SavedBulkJob } from '@sbc/domain';

/** The browser's record of the one unfinished bulk job (a bulk edit's or an import's). */
export const SAVED_JOB_KEY = 'sbc.admin.unfinishedBulkJob';

/** Where a BulkJob keeps itself while it writes (localStorage in the browser; tests may pass another). */
export interface JobStorage {
  /** false when it could not be kept (storage full or refused): the job still runs, it just cannot be resumed after a reload. */
  save(job: SavedBulkJob): boolean;
  /** The saved job, or `corrupt` when what is saved is not one (domain readSavedBulkJob), then removed. */
  load(): { job: SavedBulkJob | null; corrupt: boolean };
  clear(): void;
}

function storageOrNull(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // A browser that refuses storage (privacy settings) throws on access.
    return null;
  }
}

/** localStorage under SAVED_JOB_KEY; every access guarded (a browser may refuse storage, or be full). */
export function browserJobStorage(storage: Storage | null = storageOrNull()): JobStorage {
  return {
    save(job) {
      try {
        storage?.setItem(SAVED_JOB_KEY, JSON.stringify(job));
        return storage !== null;
      } catch {
        return false;
      }
    },
    load() {
      let text: string | null = null;
      try {
        text = storage?.getItem(SAVED_JOB_KEY) ?? null;
      } catch {
        return { job: null, corrupt: false };
      }
      const read = readSavedBulkJob(text);
      if (read.corrupt) this.clear();
      return read;
    },
    clear() {
      try {
        storage?.removeItem(SAVED_JOB_KEY);
      } catch {
        // Nothing to do: the next save replaces it.
      }
    },
  };
}
