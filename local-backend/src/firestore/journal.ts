/**
 * Durability of `dataDir`: an acknowledged commit survives `kill -9`.
 *
 * - Every change (a commit's final document states, an import, a reset) is appended to `firestore.log` as one
 *   JSON line and flushed to disk (write + fdatasync) BEFORE the store changes and the client gets its answer.
 *   If the append fails, the commit fails (503 UNAVAILABLE) and nothing changes: never an acknowledged write
 *   that is not on disk.
 * - In the background (a timer, 1 s after the last change, and on stop) the whole database is compacted into
 *   `firestore.json`: written to a temporary file, fsynced, renamed over the old one (atomic), then the log is
 *   emptied. A compaction that fails is logged and retried later; it never throws out of its timer, and the
 *   log keeps every change meanwhile.
 * - On start: load `firestore.json`, then replay the log. Each line holds the final states of the documents it
 *   touched, so replaying a line the snapshot already contains changes nothing (a crash between the rename and
 *   the truncation is harmless). A last line cut short by the kill (no newline) was never acknowledged: it is
 *   dropped and the file truncated to the last whole line. A damaged line before the end is an error that
 *   names the file and the line.
 */
import { closeSync, existsSync, fdatasyncSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from './errors';
import { exportDatabase, type ExportedDocument } from './persistence';
import type { DocumentStore, StoredDocument } from './store';
import { formatTimestamp, parseTimestamp, type MonotonicClock } from './timestamps';

export const DATA_FILE_NAME = 'firestore.json';
export const LOG_FILE_NAME = 'firestore.log';

/** One log line: optionally clear everything, then store `put` and delete `del`. */
export interface JournalEntry {
  clear?: true;
  put?: ExportedDocument[];
  del?: string[];
}

export interface JournalOptions {
  /** Compaction runs this long after the last change. Default 1000 ms. */
  compactDelayMs?: number;
  /** Where errors of background compaction go. Default console.error. */
  logError?: (message: string) => void;
}

function exported(doc: StoredDocument): ExportedDocument {
  return { path: doc.path, fields: doc.fields, createTime: formatTimestamp(doc.createTime), updateTime: formatTimestamp(doc.updateTime) };
}

/** A commit's final states as a log entry. */
export function entryOf(finalState: Map<string, StoredDocument | null>): JournalEntry {
  const put: ExportedDocument[] = [];
  const del: string[] = [];
  for (const [path, doc] of finalState) {
    if (doc) put.push(exported(doc));
    else del.push(path);
  }
  return { ...(put.length ? { put } : {}), ...(del.length ? { del } : {}) };
}

export function documentsEntry(docs: StoredDocument[], clear: boolean): JournalEntry {
  return { ...(clear ? { clear: true as const } : {}), put: docs.map(exported) };
}

function writeAll(fd: number, data: Buffer): void {
  for (let offset = 0; offset < data.length; ) offset += writeSync(fd, data, offset, data.length - offset);
}

function applyEntry(store: DocumentStore, clock: MonotonicClock, entry: JournalEntry): void {
  if (entry.clear) store.clear();
  for (const doc of entry.put ?? []) {
    const updateTime = parseTimestamp(doc.updateTime);
    clock.observe(updateTime);
    store.put({ path: doc.path, fields: doc.fields as StoredDocument['fields'], createTime: parseTimestamp(doc.createTime), updateTime });
  }
  for (const path of entry.del ?? []) store.delete(path);
}

export class Journal {
  readonly snapshotFile: string;
  readonly logFile: string;
  private fd: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private readonly compactDelayMs: number;
  private readonly logError: (message: string) => void;

  constructor(
    dataDir: string,
    private readonly store: DocumentStore,
    options: JournalOptions = {},
  ) {
    mkdirSync(dataDir, { recursive: true });
    this.snapshotFile = join(dataDir, DATA_FILE_NAME);
    this.logFile = join(dataDir, LOG_FILE_NAME);
    this.compactDelayMs = options.compactDelayMs ?? 1000;
    this.logError = options.logError ?? ((message) => console.error(`[firestore-emulator] ${message}`));
  }

  /** Snapshot, then the log; returns how many log entries were replayed. Opens the log for appending. */
  load(clock: MonotonicClock, importSnapshot: (documents: unknown[]) => void): number {
    if (existsSync(this.snapshotFile)) {
      const parsed = JSON.parse(readFileSync(this.snapshotFile, 'utf8')) as { documents?: unknown };
      if (!Array.isArray(parsed?.documents)) throw new Error(`${this.snapshotFile}: expected { "documents": [...] }`);
      importSnapshot(parsed.documents);
    }
    let replayed = 0;
    let goodLength = 0;
    if (existsSync(this.logFile)) {
      const data = readFileSync(this.logFile);
      const lines: Array<{ start: number; end: number }> = [];
      for (let start = 0; start < data.length; ) {
        const nl = data.indexOf(0x0a, start);
        if (nl === -1) break; // torn tail: never acknowledged
        lines.push({ start, end: nl });
        start = nl + 1;
      }
      lines.forEach(({ start, end }, i) => {
        let entry: JournalEntry;
        try {
          entry = JSON.parse(data.subarray(start, end).toString('utf8')) as JournalEntry;
        } catch (error) {
          if (i === lines.length - 1) return; // a damaged last line is a torn write too
          throw new Error(`${this.logFile}: line ${i + 1} is damaged (${(error as Error).message}); move the file away to start from ${DATA_FILE_NAME} alone`);
        }
        applyEntry(this.store, clock, entry);
        goodLength = end + 1;
        replayed++;
      });
    }
    this.fd = openSync(this.logFile, 'a');
    ftruncateSync(this.fd, goodLength);
    if (replayed > 0) this.scheduleCompaction();
    return replayed;
  }

  /**
   * Appends one entry and flushes it to disk; throws UNAVAILABLE if that fails, before anything changed.
   * Called before the store is changed.
   */
  append(entry: JournalEntry): void {
    if (this.fd === undefined) throw new Error('Journal.append before load');
    try {
      writeAll(this.fd, Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8'));
      fdatasyncSync(this.fd);
    } catch (error) {
      this.logError(`could not write ${this.logFile}: ${(error as Error).message}`);
      throw new ApiError(503, 'UNAVAILABLE', `The change could not be saved (${(error as Error).message}); nothing was written`);
    }
    this.scheduleCompaction();
  }

  private scheduleCompaction(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.compactSafely();
    }, this.compactDelayMs);
    this.timer.unref();
  }

  /** Never throws: a failure is logged and the log, which still holds every change, is kept. */
  compactSafely(): boolean {
    try {
      this.compact();
      return true;
    } catch (error) {
      this.logError(`could not save ${this.snapshotFile} (the changes stay in ${this.logFile}): ${(error as Error).message}`);
      if (!this.timer && this.fd !== undefined) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.compactSafely();
        }, Math.max(this.compactDelayMs, 5000));
        this.timer.unref();
      }
      return false;
    }
  }

  /** Writes the snapshot atomically, then empties the log. Throws on failure (the log is then kept). */
  compact(): void {
    if (!this.dirty) return;
    const tmp = `${this.snapshotFile}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      writeAll(fd, Buffer.from(JSON.stringify(exportDatabase(this.store)), 'utf8'));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.snapshotFile);
    if (this.fd !== undefined) {
      ftruncateSync(this.fd, 0);
      fdatasyncSync(this.fd);
    }
    this.dirty = false;
  }

  /** Compacts (errors logged) and closes the log. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.compactSafely();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
