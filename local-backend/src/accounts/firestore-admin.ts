/**
 * Writes to our Firestore emulator over its REST API as an admin (`Bearer owner`, as firebase-admin does
 * against an emulator), so that seeding works whether the emulator runs in this process or in a running stack.
 */
import { toFirestoreFields } from '../seed/emulator-import';
import { PROJECT_ID } from '../static-server/app-config';

export interface PlainDocument {
  /** 'collection/documentId' */
  path: string;
  data: Record<string, unknown>;
  /** Fields set to the server's request time (Firestore serverTimestamp()). */
  serverTimestamps?: string[];
}

const MAX_WRITES_PER_COMMIT = 500;

/** Sets (replaces) documents given as plain data, in commits of at most 500 writes. */
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
  for (let start = 0; start < items.length; start += MAX_WRITES_PER_COMMIT) {
    const writes = items.slice(start, start + MAX_WRITES_PER_COMMIT).map((item) => toWrite(root, item));
    const response = await fetch(`${firestoreUrl}/v1/${root}:commit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ writes }),
    });
    if (!response.ok) {
      throw new Error(`Firestore emulator commit failed: HTTP ${response.status} ${await response.text()}`);
    }
  }
}
