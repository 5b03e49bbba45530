/**
 * Roles granted in Manage Users (issue 38; the roles themselves are @sbc/domain roles.ts). Granting or revoking the
 * editor role is one batch: the user's `role` and `roleAuditId`, and a `roleAudit` entry naming who changed what
 * for whom and when. firestore.rules refuse either write alone, any write by a non-admin, and any change to an
 * admin's own document.
 */
import { collection, doc, getDoc, getDocs, limit, orderBy, query, serverTimestamp, Timestamp, writeBatch, type Firestore } from 'firebase/firestore/lite';
import { GRANTABLE_ROLES, readUserDocument, ROLE_AUDIT_ID_FIELD, ROLE_FIELD, type GrantableRole, type UserDocument } from '@sbc/domain';
import type { AuditActor } from './audit-entries';
import { COLLECTIONS } from './collections';
import { GatewayError, GatewayErrorCode } from './errors';
import { ROLE_HISTORY_PAGE_SIZE, type RoleAuditEntry } from './role-entries';

export { ROLE_HISTORY_PAGE_SIZE, type RoleAuditEntry } from './role-entries';

/**
 * Sets users/{uid}.role to `role` ('editor' grants, 'player' revokes) with its roleAudit entry. Cost: 1 read (the
 * user's current role, for the entry's previousRole and the answer), 2 writes in one batch. Returns the user as
 * stored after the write (its timestamps as they were).
 */
export async function setUserRole(db: Firestore, uid: string, role: GrantableRole, actor: AuditActor): Promise<UserDocument> {
  if (!GRANTABLE_ROLES.includes(role)) throw new GatewayError(GatewayErrorCode.invalidData, `Ruolo sconosciuto: ${String(role)}`);
  const userRef = doc(db, COLLECTIONS.users, uid);
  const current = await getDoc(userRef);
  if (!current.exists()) throw new GatewayError(GatewayErrorCode.notFound, `Utente ${uid} non trovato`);
  const before = readUserDocument(uid, current.data());
  const entryRef = doc(collection(db, COLLECTIONS.roleAudit));
  const batch = writeBatch(db);
  batch.update(userRef, { [ROLE_FIELD]: role, [ROLE_AUDIT_ID_FIELD]: entryRef.id });
  batch.set(entryRef, {
    userId: uid,
    userEmail: before.email,
    role,
    previousRole: before.role === 'editor' ? 'editor' : 'player',
    uid: actor.uid,
    email: actor.email ?? '',
    at: serverTimestamp(),
  });
  await batch.commit();
  return { ...before, role };
}

/** The newest ROLE_HISTORY_PAGE_SIZE role changes, newest first. Cost: one read per entry returned (≤ 20). */
export async function getRoleHistory(db: Firestore): Promise<RoleAuditEntry[]> {
  const snapshot = await getDocs(query(collection(db, COLLECTIONS.roleAudit), orderBy('at', 'desc'), limit(ROLE_HISTORY_PAGE_SIZE)));
  return snapshot.docs.map((d) => readRoleAuditEntry(d.id, d.data()));
}

export function readRoleAuditEntry(id: string, data: Record<string, unknown>): RoleAuditEntry {
  const role = (value: unknown): GrantableRole => (value === 'editor' ? 'editor' : 'player');
  return {
    id,
    userId: String(data.userId ?? ''),
    userEmail: String(data.userEmail ?? ''),
    role: role(data.role),
    previousRole: role(data.previousRole),
    uid: String(data.uid ?? ''),
    email: typeof data.email === 'string' && data.email !== '' ? data.email : null,
    at: data.at instanceof Timestamp ? data.at.toDate() : null,
  };
}
