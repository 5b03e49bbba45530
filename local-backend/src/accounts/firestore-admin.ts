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

export async function commitDocuments(firestoreUrl: string, documents: PlainDocument[], projectId = PROJECT_ID): Promise<void> {
  const root = `projects/${projectId}/databases/(default)/documents`;
  for (let start = 0; start < documents.length; start += MAX_WRITES_PER_COMMIT) {
    const writes = documents.slice(start, start + MAX_WRITES_PER_COMMIT).map((doc) => ({
      update: { name: `${root}/${doc.path}`, fields: toFirestoreFields(doc.data) },
      ...(doc.serverTimestamps?.length
        ? { updateTransforms: doc.serverTimestamps.map((fieldPath) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' })) }
        : {}),
    }));
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
