import { collection, doc, getDoc, getDocs, runTransaction, type Firestore } from 'firebase/firestore/lite';
import { addMaterialMessages, readMaterial, readMaterials, type NewMaterialDocument } from '@sbc/domain';
import type { Material } from '@sbc/domain';
import { COLLECTIONS } from './collections';
import { GatewayError, GatewayErrorCode } from './errors';

/** The whole collection; the bookkeeping document 'list' is dropped by the reader (section 3). */
export async function getMaterials(db: Firestore): Promise<Material[]> {
  const snapshot = await getDocs(collection(db, COLLECTIONS.materials));
  return readMaterials(snapshot.docs.map((d) => ({ id: d.id, data: d.data() })));
}

/** The document id is the material name. */
export async function getMaterialByName(db: Firestore, name: string): Promise<Material | null> {
  if (name === '' || name === 'list' || name.includes('/')) return null;
  const snapshot = await getDoc(doc(db, COLLECTIONS.materials, name));
  return snapshot.exists() ? readMaterial(snapshot.id, snapshot.data()) : null;
}

/**
 * Creates the material `name` (the document id) from the admin console: 1 read, 1 write. A transaction reads
 * the id first and refuses an existing name (GatewayErrorCode.alreadyExists with the Italian message); its
 * commit carries a "does not exist" precondition, so a create landing in between makes the SDK retry, and the
 * retry sees it. firestore.rules allow only admins to create, never to replace, a material. Returns the
 * material as the ledger reads it.
 */
export async function addMaterial(db: Firestore, name: string, fields: NewMaterialDocument): Promise<Material> {
  const ref = doc(db, COLLECTIONS.materials, name);
  await runTransaction(db, async (tx) => {
    if ((await tx.get(ref)).exists()) throw new GatewayError(GatewayErrorCode.alreadyExists, addMaterialMessages.exists(name));
    tx.set(ref, { ...fields });
  });
  return readMaterial(name, { ...fields });
}
