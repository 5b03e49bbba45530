/** The in-memory database: documents by relative path, each with its fields and nanosecond times. */
import type { Nanos } from './timestamps';
import type { RestFields } from './values';

export interface StoredDocument {
  /** Relative path below `.../documents/`. */
  path: string;
  fields: RestFields;
  createTime: Nanos;
  updateTime: Nanos;
}

export class DocumentStore {
  private readonly docs = new Map<string, StoredDocument>();
  /** Bumped on every change, so persistence knows whether a save is due. */
  version = 0;

  get(path: string): StoredDocument | undefined {
    return this.docs.get(path);
  }

  all(): IterableIterator<StoredDocument> {
    return this.docs.values();
  }

  get size(): number {
    return this.docs.size;
  }

  put(doc: StoredDocument): void {
    this.docs.set(doc.path, doc);
    this.version++;
  }

  delete(path: string): void {
    if (this.docs.delete(path)) this.version++;
  }

  clear(): void {
    this.docs.clear();
    this.version++;
  }
}
