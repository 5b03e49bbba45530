/**
 * The admin console's audit trail: every product write from the console (add, JSON editor save, restore) is
 * committed together with one entry in `productAudit` describing it (firestore.rules refuse either without the
 * other). The entry's id is stored on the product as `auditId`, which is how the rules tie the two writes of
 * one batch together (see the productAudit block there).
 */
import {
  collection,
  doc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  Timestamp,
  where,
  type DocumentReference,
  type Firestore,
} from 'firebase/firestore/lite';
import { COLLECTIONS } from './collections';
import { toPlainJson, toPlainObject, type PlainJson } from './plain-json';
import { AUDIT_ACTIONS, BOOKKEEPING_FIELDS, HISTORY_PAGE_SIZE, type AuditAction, type AuditActor, type AuditEntry } from './audit-entries';

export { AUDIT_ACTIONS, AUDIT_ID_FIELD, HISTORY_PAGE_SIZE, type AuditAction, type AuditActor, type AuditEntry } from './audit-entries';

export function auditCollection(db: Firestore) {
  return collection(db, COLLECTIONS.productAudit);
}

/** A fresh entry reference (auto id, no read): its id goes on the product before both are committed. */
export function newAuditRef(db: Firestore): DocumentReference {
  return doc(auditCollection(db));
}

/**
 * Top-level fields whose values differ, sorted; bookkeeping fields are left out. Compared as plain JSON, so a
 * Timestamp and its ISO string are equal (the editor shows timestamps as ISO strings).
 */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>): string[] {
  const was = before ?? {};
  const keys = new Set([...Object.keys(was), ...Object.keys(after)]);
  const differs = (key: string) =>
    key in was !== key in after || JSON.stringify(toPlainJson(was[key])) !== JSON.stringify(toPlainJson(after[key]));
  return [...keys].filter((key) => !BOOKKEEPING_FIELDS.has(key) && differs(key)).sort();
}

/** The product's data as the entry keeps it: plain JSON, without the bookkeeping fields. */
export function snapshotForAudit(data: Record<string, unknown>): Record<string, PlainJson> {
  // Dropped before the conversion: updatedAt is a serverTimestamp() sentinel in the data being written.
  const kept = Object.fromEntries(Object.entries(data).filter(([key]) => !BOOKKEEPING_FIELDS.has(key)));
  return toPlainObject(kept) as Record<string, PlainJson>;
}

/** The entry document written beside the product (the shape firestore.rules check). */
export function auditEntryData(input: {
  productId: string;
  slug: string;
  action: AuditAction;
  actor: AuditActor;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}): Record<string, unknown> {
  const before = input.before === null ? null : snapshotForAudit(input.before);
  const after = snapshotForAudit(input.after);
  return {
    productId: input.productId,
    slug: input.slug,
    action: input.action,
    uid: input.actor.uid,
    email: input.actor.email ?? '',
    at: serverTimestamp(),
    before,
    after,
    changedFields: changedFields(before, after),
  };
}

/**
 * The newest HISTORY_PAGE_SIZE entries of one product, newest first. Cost: one read per entry returned
 * (≤ HISTORY_PAGE_SIZE). Production needs the composite index productId ASC, at DESC (firestore.indexes.json).
 */
export async function getProductHistory(db: Firestore, productId: string): Promise<AuditEntry[]> {
  const snapshot = await getDocs(
    query(auditCollection(db), where('productId', '==', productId), orderBy('at', 'desc'), limit(HISTORY_PAGE_SIZE)),
  );
  return snapshot.docs.map((d) => readAuditEntry(d.id, d.data()));
}

export function readAuditEntry(id: string, data: Record<string, unknown>): AuditEntry {
  const action = AUDIT_ACTIONS.includes(data.action as AuditAction) ? (data.action as AuditAction) : 'update';
  const plainMap = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (toPlainObject(value as Record<string, unknown>) as Record<string, PlainJson>) : null;
  return {
    id,
    productId: String(data.productId ?? ''),
    slug: String(data.slug ?? ''),
    action,
    uid: String(data.uid ?? ''),
    email: typeof data.email === 'string' && data.email !== '' ? data.email : null,
    at: data.at instanceof Timestamp ? data.at.toDate() : null,
    before: plainMap(data.before),
    after: plainMap(data.after) ?? {},
    changedFields: Array.isArray(data.changedFields) ? data.changedFields.map(String) : [],
  };
}
