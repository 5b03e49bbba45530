/**
 * Export/import of the whole database (the `dataDir` files are journal.ts's).
 * The export format is lossless REST form:
 *   { "version": 1, "documents": [{ "path": "c/id", "fields": {...}, "createTime": "...Z", "updateTime": "...Z" }] }
 * Import also accepts the plain form `{ "documents": [{ "path": "c/id", "data": { plain JS values } }] }`, and
 * REST documents named in full (`{ "name": "projects/p/databases/(default)/documents/c/id", "fields": {...} }`,
 * what `seed/cli.ts --format rest` writes), which must belong to the served project.
 */
import { readFileSync } from 'node:fs';
import { invalidArgument } from './errors';
import { checkDocument, checkDocumentPath } from './limits';
import { checkMessage } from './protocol';
import type { DocumentStore, StoredDocument } from './store';
import { relativeDocumentPath } from './resource-names';
import { formatTimestamp, parseTimestamp, type MonotonicClock } from './timestamps';
import { encodeFields, normalizeFields } from './values';

export interface PlainDocument {
  path: string;
  data: Record<string, unknown>;
}

export interface ExportedDocument {
  path: string;
  fields: Record<string, unknown>;
  createTime: string;
  updateTime: string;
}

export interface ExportedDatabase {
  version: 1;
  documents: ExportedDocument[];
}

function checkPath(path: unknown): string {
  const clean = String(path ?? '').replace(/^\/+|\/+$/g, '');
  const segments = clean.split('/');
  if (!clean || segments.length % 2 !== 0 || segments.some((s) => !s)) {
    throw invalidArgument(`"${String(path)}" is not a document path (collection/id[/collection/id...])`);
  }
  checkDocumentPath(clean);
  return clean;
}

export function exportDatabase(store: DocumentStore): ExportedDatabase {
  const documents = [...store.all()]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((d) => ({
      path: d.path,
      fields: d.fields,
      createTime: formatTimestamp(d.createTime),
      updateTime: formatTimestamp(d.updateTime),
    }));
  return { version: 1, documents };
}

/**
 * Adds (or replaces) documents. Entries with `data` are plain JS, entries with `fields` REST form; each is
 * identified by `path`, or by a full resource `name` of `projectId`'s database.
 */
export function importDocuments(store: DocumentStore, clock: MonotonicClock, entries: unknown[], projectId?: string): number {
  const docs = prepareDocuments(clock, entries, projectId);
  for (const doc of docs) store.put(doc);
  return docs.length;
}

/** The documents an import would store, every one checked (paths, limits): a bad entry throws, nothing is stored. */
export function prepareDocuments(clock: MonotonicClock, entries: unknown[], projectId?: string): StoredDocument[] {
  const time = clock.now();
  // Every entry is checked before any is stored: a bad one is a 400 and the import changes nothing.
  const docs: StoredDocument[] = [];
  for (const entry of entries as Array<Record<string, any>>) {
    if (!entry || typeof entry !== 'object') throw invalidArgument('Each imported document must be an object');
    const named = entry.path === undefined && entry.name !== undefined && projectId !== undefined;
    const path = named ? relativeDocumentPath(projectId, entry.name) : checkPath(entry.path);
    let doc: StoredDocument;
    if ('fields' in entry) {
      checkMessage({ fields: entry.fields }, 'Document', path);
      const createTime = entry.createTime ? parseTimestamp(entry.createTime) : time;
      const updateTime = entry.updateTime ? parseTimestamp(entry.updateTime) : time;
      clock.observe(updateTime);
      doc = { path, fields: normalizeFields(entry.fields), createTime, updateTime };
    } else {
      doc = { path, fields: encodeFields((entry.data ?? {}) as Record<string, unknown>), createTime: time, updateTime: time };
    }
    checkDocument(doc);
    docs.push(doc);
  }
  return docs;
}

export function readDatabaseFile(file: string): unknown[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const documents = Array.isArray(parsed) ? parsed : (parsed as { documents?: unknown })?.documents;
  if (!Array.isArray(documents)) throw new Error(`${file}: expected { "documents": [...] }`);
  return documents;
}

