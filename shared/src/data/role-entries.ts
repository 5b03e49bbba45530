/** The role audit trail's shape, without Firestore (./roles.ts reads and writes the entries). */
import type { GrantableRole } from '@sbc/domain';

/** Manage Users shows this many of the newest role changes: one read each. */
export const ROLE_HISTORY_PAGE_SIZE = 20;

/** One role change: who (uid, email) set `role` on whom (userId, userEmail), and when. */
export interface RoleAuditEntry {
  id: string;
  userId: string;
  userEmail: string;
  role: GrantableRole;
  previousRole: GrantableRole;
  uid: string;
  email: string | null;
  /** Server time of the change; null only before the server filled it. */
  at: Date | null;
}
