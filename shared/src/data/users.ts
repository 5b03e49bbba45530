import { collection, doc, getDoc, getDocs, limit, orderBy, query, serverTimestamp, setDoc, startAfter, where, type Firestore } from 'firebase/firestore/lite';
import { readUserDocument } from '@sbc/domain';
import type { UserDocument } from '@sbc/domain';
import { COLLECTIONS } from './collections';
import type { AuthUser } from './gateway';
import { USERS_PAGE_SIZE, type UsersPage } from './users-page';

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

/** Manage Users shows the users in pages of this many (issue 18). */
export { USERS_PAGE_SIZE, type UsersPage } from './users-page';

export async function listUsers(db: Firestore, options: { after?: string | null; prefix?: string } = {}): Promise<UsersPage> {
  const users = collection(db, COLLECTIONS.users);
  const typed = options.prefix?.trim() ?? '';
  if (typed === '') {
    const snapshot = await getDocs(
      query(users, orderBy('email'), ...(options.after ? [startAfter(options.after)] : []), limit(USERS_PAGE_SIZE + 1)),
    );
    const page = snapshot.docs.map((d) => readUserDocument(d.id, d.data()));
    return { users: page.slice(0, USERS_PAGE_SIZE), hasMore: page.length > USERS_PAGE_SIZE };
  }
  const byPrefix = (field: string, prefix: string) =>
    getDocs(query(users, where(field, '>=', prefix), where(field, '<=', `${prefix}\uf8ff`), orderBy(field), limit(USERS_PAGE_SIZE)));
  const searches: Array<[string, string]> = [
    ['email', typed.toLowerCase()],
    ['displayName', typed],
    ['displayName', typed.charAt(0).toUpperCase() + typed.slice(1)],
  ];
  const unique = searches.filter(([f, p], i) => searches.findIndex(([f2, p2]) => f2 === f && p2 === p) === i);
  const snapshots = await Promise.all(unique.map(([field, prefix]) => byPrefix(field, prefix)));
  const byUid = new Map<string, UserDocument>();
  for (const snapshot of snapshots) for (const d of snapshot.docs) byUid.set(d.id, readUserDocument(d.id, d.data()));
  const found = [...byUid.values()].sort((a, b) => a.email.localeCompare(b.email));
  return { users: found.slice(0, USERS_PAGE_SIZE), hasMore: false };
}
