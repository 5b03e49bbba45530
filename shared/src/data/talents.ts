import { collection, getDocs, type Firestore } from 'firebase/firestore/lite';
import { readTalents } from '@sbc/domain';
import type { Talent } from '@sbc/domain';
import { COLLECTIONS } from './collections';

/** One-time read of the talents collection; entries sorted by name (the domain reader). */
export async function getTalents(db: Firestore): Promise<Talent[]> {
  const snapshot = await getDocs(collection(db, COLLECTIONS.talents));
  return readTalents(snapshot.docs.map((d) => ({ id: d.id, data: d.data() })));
}
