/**
 * The audit trail's names and shapes, without Firestore: what the stores and the console use from the package
 * root (./audit.ts reads and writes the entries).
 */
import type { PlainJson } from './plain-json';

export const AUDIT_ACTIONS = ['create', 'update', 'restore'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The product field holding the id of the entry written with the product's last console write. */
export const AUDIT_ID_FIELD = 'auditId';

/** Fields every write rewrites: never reported as "changed" (they would be on every entry). */
export const BOOKKEEPING_FIELDS = new Set(['updatedAt', AUDIT_ID_FIELD]);

/** History panel page size: one read per entry, so opening a product's history costs at most this many. */
export const HISTORY_PAGE_SIZE = 20;

/** Who wrote: the signed-in admin, as the auth provider knows them. */
export interface AuditActor {
  uid: string;
  email: string | null;
}

/** One entry as the history panel shows it (values as plain JSON, as the editor shows the product). */
export interface AuditEntry {
  id: string;
  productId: string;
  slug: string;
  action: AuditAction;
  uid: string;
  email: string | null;
  /** Server time of the write; null only while the server has not filled it (never for a read entry). */
  at: Date | null;
  /** The product before the write (null for a create) and after it, without the bookkeeping fields. */
  before: Record<string, PlainJson> | null;
  after: Record<string, PlainJson>;
  changedFields: string[];
}

/** One material edit (issue 38, materialAudit): as AuditEntry, for the material named `materialId` (its document id). */
export interface MaterialAuditEntry extends Omit<AuditEntry, 'productId' | 'slug'> {
  materialId: string;
}
