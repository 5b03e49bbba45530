/**
 * Who may do what (SPEC section 6, issue 38): the one home of the roles, what each may do and their Italian texts.
 * The shell's guards and header, the admin console and the Firestore gateway read them from here;
 * firestore.rules hold the same on the data (isAdmin, isEditor, canEditCatalogue).
 *
 * Storage (docs/decisions.md "Roles: the editor"): an admin is a user document with isAdmin true (granted by
 * hand, as before); an editor is a user document with role 'editor', which only an admin writes, in Manage Users,
 * never on their own document, with a roleAudit entry in the same batch. Revoking writes role 'player'.
 */
import type { UserDocument } from './types';

/** What a signed-in user is: admins manage users and roles, editors the catalogue only, players neither. */
export type UserRole = 'admin' | 'editor' | 'player';

/** The values of the user document's `role` field an admin may write ('player' is a revoked editor). */
export const GRANTABLE_ROLES = ['editor', 'player'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** The user document's fields the roles are read from. */
export const ROLE_FIELD = 'role';
export const ROLE_AUDIT_ID_FIELD = 'roleAuditId';

/** A user document's role: isAdmin wins (an admin granted by hand), then role 'editor', else a player. */
export function roleOfUser(user: Pick<UserDocument, 'isAdmin'> & { role?: unknown } | null | undefined): UserRole {
  if (!user) return 'player';
  if (user.isAdmin === true) return 'admin';
  return user.role === 'editor' ? 'editor' : 'player';
}

/**
 * The signed-in session's role from the shared auth store: its `role` (issue 38), or, in a shell released before
 * it, isAdmin alone (an editor is then a player: the older shell does not open the console to them).
 */
export function sessionRole(auth: { readonly isAdmin: boolean; readonly role?: UserRole }): UserRole {
  if (auth.role === 'admin' || auth.role === 'editor' || auth.role === 'player') return auth.role;
  return auth.isAdmin ? 'admin' : 'player';
}

/** Products, materials, the JSON editor and the audit trail's history and restore. */
export function canEditCatalogue(role: UserRole): boolean {
  return role === 'admin' || role === 'editor';
}

/** Manage Users (granting and revoking roles) and the console's admin-only pages (Salute). */
export function canManageUsers(role: UserRole): boolean {
  return role === 'admin';
}

/** The console's badge and the users table's role column. */
export const ROLE_LABELS: Record<UserRole, string> = {
  admin: 'Admin',
  editor: 'Editor',
  player: 'Giocatore',
};

/** Italian texts of the roles (the console and the shell's refusal of an admin-only page). */
export const roleMessages = {
  /** The heading of that refusal. */
  adminOnlyTitle: 'Accesso riservato agli amministratori',
  /** An editor on an admin-only page (Manage Users, Salute): the shell's guard and the console say this. */
  adminOnly: 'Questa sezione è riservata agli amministratori: il ruolo di editor permette di modificare solo il catalogo.',
  grant: 'Rendi editor',
  revoke: 'Revoca editor',
  confirmGrant: (who: string) => `Concedere il ruolo di editor a ${who}? Potrà modificare prodotti e materiali.`,
  confirmRevoke: (who: string) => `Revocare il ruolo di editor a ${who}? Non potrà più modificare il catalogo.`,
  granted: (who: string) => `Ruolo di editor concesso a ${who}.`,
  revoked: (who: string) => `Ruolo di editor revocato a ${who}.`,
  failed: 'Impossibile cambiare il ruolo. Riprova.',
};
