import { collection, doc, getDoc, getDocs, type Firestore } from 'firebase/firestore/lite';
import { readMaterial, readMaterials } from '../domain';
import type { Material } from '../domain/types';
import { COLLECTIONS } from './collections';

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
