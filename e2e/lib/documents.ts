// The stack's Firestore documents as the admin SDK reaches them (`Bearer owner`: rules bypassed), for journeys that
// read the raw documents a page's figures are recomputed from, or clear what a journey wrote.
import { deleteDocumentsAsAdmin } from './bulk-sector';
import { stack } from './stack';

/** The emulator's REST root for documents. */
export function documentsRoot(): string {
  const { firestore } = stack();
  return `${firestore.url}/v1/projects/${firestore.projectId}/databases/(default)/documents`;
}

/** The uid of the user document with this e-mail (the demo accounts' uids are the Auth emulator's). */
export async function uidOf(email: string): Promise<string> {
  const response = await fetch(`${documentsRoot()}/users?pageSize=1000`, { headers: { Authorization: 'Bearer owner' } });
  const { documents = [] } = (await response.json()) as { documents?: Array<{ name: string; fields: Record<string, { stringValue?: string }> }> };
  const found = documents.find((d) => d.fields.email?.stringValue === email);
  if (!found) throw new Error(`no users document for ${email}`);
  return found.name.split('/').pop() as string;
}

/**
 * Removes a user's trade book (tradeBooks/{uid}), so that a journey starts from an empty one and leaves none behind.
 * A delete write in a commit, as the SDKs send it (the emulator serves no REST DELETE; a plain DELETE here used to
 * answer 404 unnoticed and leave the book in place).
 */
export async function removeTradeBook(uid: string): Promise<void> {
  await deleteDocumentsAsAdmin([`tradeBooks/${uid}`]);
}
