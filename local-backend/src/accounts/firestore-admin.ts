/**
 * Writes to our Firestore emulator over its REST API as an admin (`Bearer owner`, as firebase-admin does
 * against an emulator), so that seeding works whether the emulator runs in this process or in a running stack.
 */
import { MAX_REQUEST_BYTES } from '../firestore/limits';
import { requestBodies } from '../firestore/request-chunks';
import type { RestFields } from '../firestore/values';
import { toFirestoreFields } from '../seed/emulator-import';
import { PROJECT_ID } from '../static-server/app-config';

export interface PlainDocument {
  /** 'collection/documentId' */
  path: string;
  data: Record<string, unknown>;
  /** Fields set to the server's request time (Firestore serverTimestamp()). */
  serverTimestamps?: string[];
}

/** Sets (replaces) documents given as plain data, in commits that each fit Firestore's request size limit. */
export async function commitDocuments(firestoreUrl: string, documents: PlainDocument[], projectId = PROJECT_ID): Promise<void> {
  await commitInChunks(firestoreUrl, projectId, documents, (root, doc) => ({
    update: { name: `${root}/${doc.path}`, fields: toFirestoreFields(doc.data) },
    ...(doc.serverTimestamps?.length
      ? { updateTransforms: doc.serverTimestamps.map((fieldPath) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' })) }
      : {}),
  }));
}

/** Deletes documents by path ('collection/id'); an absent document is no error (as in Firestore). */
export async function deleteDocuments(firestoreUrl: string, paths: string[], projectId = PROJECT_ID): Promise<void> {
  await commitInChunks(firestoreUrl, projectId, paths, (root, path) => ({ delete: `${root}/${path}` }));
}

async function commitInChunks<T>(
  firestoreUrl: string,
  projectId: string,
  items: T[],
  toWrite: (root: string, item: T) => Record<string, unknown>,
): Promise<void> {
  const root = `projects/${projectId}/databases/(default)/documents`;
  if (items.length === 0) return;
  for (const body of requestBodies('writes', items.map((item) => toWrite(root, item)))) {
    const response = await fetch(`${firestoreUrl}/v1/${root}:commit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body,
    });
    if (!response.ok) {
      throw new Error(`Firestore emulator commit failed: HTTP ${response.status} ${await response.text()}`);
    }
  }
}

/** A document for the emulator's admin import: its path and REST-typed fields (they survive JSON; Dates would not). */
export interface RestDocument {
  path: string;
  fields: RestFields;
}

export interface BulkLoadOptions {
  /** The largest request body; default Firestore's MAX_REQUEST_BYTES (tests pass a smaller one). */
  maxRequestBytes?: number;
}

/**
 * Replaces every document of the emulator with `documents`: the first request is `POST /emulator/v1/reset` with as
 * many as fit, the rest follow through `POST /emulator/v1/import`, each request within Firestore's request size
 * limit (one request of 6,029 documents, 15 MiB, was refused). Admin endpoints: no rules, no counted write, no
 * trigger (as an import into Google's emulator). Not atomic any more: between the first and the last request a
 * reader sees part of the documents, so callers put the one a reader watches (the game stats) last.
 * Returns the number of requests sent.
 */
export async function replaceAllDocuments(firestoreUrl: string, documents: readonly RestDocument[], options: BulkLoadOptions = {}): Promise<number> {
  const [first, ...rest] = requestBodies('documents', documents, options.maxRequestBytes ?? MAX_REQUEST_BYTES);
  await adminPost(firestoreUrl, 'reset', first);
  for (const body of rest) await adminPost(firestoreUrl, 'import', body);
  return 1 + rest.length;
}

/** Adds or replaces `documents` (others are kept), in requests within the request size limit; returns their number. */
export async function importDocuments(firestoreUrl: string, documents: readonly RestDocument[], options: BulkLoadOptions = {}): Promise<number> {
  if (documents.length === 0) return 0;
  const bodies = requestBodies('documents', documents, options.maxRequestBytes ?? MAX_REQUEST_BYTES);
  for (const body of bodies) await adminPost(firestoreUrl, 'import', body);
  return bodies.length;
}

async function adminPost(firestoreUrl: string, endpoint: 'reset' | 'import', body: string): Promise<void> {
  const response = await fetch(`${firestoreUrl}/emulator/v1/${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  if (!response.ok) throw new Error(`Firestore emulator ${endpoint} failed: HTTP ${response.status} ${await response.text()}`);
}
