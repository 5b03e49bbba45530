import { doc, getDoc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore/lite';
import { readUserDocument } from '../domain';
import type { UserDocument } from '../domain/types';
import { COLLECTIONS } from './collections';
import type { AuthUser } from './gateway';

export async function getUserDocument(db: Firestore, uid: string): Promise<UserDocument | null> {
  const snapshot = await getDoc(doc(db, COLLECTIONS.users, uid));
  return snapshot.exists() ? readUserDocument(snapshot.id, snapshot.data()) : null;
}

/** isAdmin is always false at creation: admin rights are granted only by editing the document by hand. */
export async function createUserDocument(db: Firestore, user: AuthUser): Promise<void> {
  await setDoc(doc(db, COLLECTIONS.users, user.uid), {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName ?? '',
    isAdmin: false,
    createdAt: serverTimestamp(),
    lastLoginAt: serverTimestamp(),
  });
}

export async function touchLastLogin(db: Firestore, uid: string): Promise<void> {
  await setDoc(doc(db, COLLECTIONS.users, uid), { lastLoginAt: serverTimestamp() }, { merge: true });
}
