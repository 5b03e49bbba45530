import { collection, doc, documentId, getDoc, getDocs, limit, orderBy, query, runTransaction, serverTimestamp, Timestamp, where, type Firestore } from 'firebase/firestore/lite';
import {
  bulkAuditEntryId,
  chunk,
  IGNORED_MATERIAL_DOCUMENT_ID,
  type BulkChange,
  addMaterialMessages,
  editMaterialMessages,
  MATERIAL_EDITABLE_FIELDS,
  readMaterial,
  readMaterials,
  validateMaterialEdit,
  type NewMaterialDocument,
} from '@sbc/domain';
import type { Material } from '@sbc/domain';
import { changedFields, snapshotForAudit } from './audit';
import { AUDIT_ACTIONS, AUDIT_ID_FIELD, HISTORY_PAGE_SIZE, type AuditAction, type AuditActor, type MaterialAuditEntry } from './audit-entries';
import { applyJobInChunks, storedAsPreviewed } from './bulk-job-writes';
import { COLLECTIONS } from './collections';
import { GatewayError, GatewayErrorCode } from './errors';
import type { BulkApplyResult, BulkProgress, CatalogProduct } from './admin-catalog-types';
import type { VersionedMaterial } from './gateway';
import { documentVersion, toPlainObject, type PlainJson } from './plain-json';
import { materialsFirstView, type MaterialsFirstView } from './materials-first-view';

/** A materialAudit entry describing one write of material `name` (firestore.rules materialAudit: these keys, the caller's uid, the server's time). */
function materialAuditEntryData(name: string, action: AuditAction, actor: AuditActor, stored: Record<string, unknown> | null, next: Record<string, unknown>) {
  const before = stored === null ? null : snapshotForAudit(stored);
  const after = snapshotForAudit(next);
  return { materialId: name, action, uid: actor.uid, email: actor.email ?? '', at: serverTimestamp(), before, after, changedFields: changedFields(before, after) };
}

/** The whole collection; the bookkeeping document 'list' is dropped by the reader (section 3). */
export async function getMaterials(db: Firestore): Promise<Material[]> {
  const snapshot = await getDocs(collection(db, COLLECTIONS.materials));
  return readMaterials(snapshot.docs.map((d) => ({ id: d.id, data: d.data() })));
}

// --- issue 36: the ledger's first view and the materials a page names (one function per Firestore call) ---

/** How many names one `in` query takes (Firestore's limit on an `in` filter's values). */
export const MATERIALS_IN_CHUNK = 30;

/**
 * The ledger's first `count` materials, its count and its totals, for /materials (issue 36). The tiles sum every
 * material, including the value of each stock (value × amount), which no aggregation query computes: the call reads
 * the whole collection, N reads for N materials, as getMaterials. What it answers is small (`count` materials and
 * five numbers), and that answer is what a server render records and embeds; the render server memoises the call
 * per market period, so the N reads are paid once per period for every visitor, not per page view. A page opened in
 * the browser without a server render reads the whole ledger (getMaterials) instead: the same N reads, all of it.
 */
export async function getMaterialsFirstView(db: Firestore, count: number): Promise<MaterialsFirstView> {
  return materialsFirstView(await getMaterials(db), count);
}

/**
 * The materials of these names (document ids), for the margins of a material page's "Used in" products, whose
 * recipes name them. One query `documentId() in [...]` per MATERIALS_IN_CHUNK names: one read per material found
 * (a query that finds none is billed one read), never the whole ledger. Names that cannot be a document id ('' and
 * names with '/') and the bookkeeping document 'list' are left out; a name not found is simply absent (the margin
 * then says the material is missing, as with the whole ledger). Returned in the ledger's order (by name).
 */
export async function getMaterialsByName(db: Firestore, names: readonly string[]): Promise<Material[]> {
  const wanted = [...new Set(names)].filter((n) => n !== '' && n !== IGNORED_MATERIAL_DOCUMENT_ID && !n.includes('/')).sort();
  const parts = await Promise.all(
    chunk(wanted, MATERIALS_IN_CHUNK).map(async (part) => {
      const snapshot = await getDocs(query(collection(db, COLLECTIONS.materials), where(documentId(), 'in', part)));
      return snapshot.docs.map((d) => ({ id: d.id, data: d.data() }));
    }),
  );
  return readMaterials(parts.flat().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
}
// --- end issue 36 ---

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

/** A material for the console's editors: as the ledger reads it, its version token and its stored fields. 1 read. */
export async function getMaterialForEdit(db: Firestore, name: string): Promise<VersionedMaterial | null> {
  if (name === '' || name === 'list' || name.includes('/')) return null;
  const snapshot = await getDoc(doc(db, COLLECTIONS.materials, name));
  if (!snapshot.exists()) return null;
  const data = snapshot.data();
  return { material: readMaterial(name, data), version: documentVersion(data), raw: toPlainObject(data) };
}

/**
 * Saves a material edited in the console (its form or the JSON editor: the whole document), issue 38. Only the
 * editable fields (MATERIAL_EDITABLE_FIELDS) are taken; the game's bookkeeping stays as stored, and a change to it is
 * refused with the domain's Italian message (validateMaterialEdit, as firestore.rules refuse it). One transaction:
 * 1 read, 2 writes (the material with updatedAt and auditId, and its materialAudit entry). With `expectedVersion`, a
 * material changed meanwhile fails with code 'conflict'. Then 1 read of the stored result.
 */
export async function updateMaterial(
  db: Firestore,
  name: string,
  fields: Record<string, unknown>,
  options: { expectedVersion?: string; action?: 'update' | 'restore' },
  actor: AuditActor,
): Promise<VersionedMaterial> {
  const ref = doc(db, COLLECTIONS.materials, name);
  await runTransaction(db, async (tx) => {
    const current = await tx.get(ref);
    if (!current.exists()) throw new GatewayError(GatewayErrorCode.notFound, editMaterialMessages.notFound(name));
    const stored = current.data();
    if (options.expectedVersion !== undefined && documentVersion(stored) !== options.expectedVersion) {
      throw new GatewayError(GatewayErrorCode.conflict, editMaterialMessages.conflict(name));
    }
    const problems = validateMaterialEdit(toPlainObject(fields), toPlainObject(stored));
    if (problems.length > 0) throw new GatewayError(GatewayErrorCode.invalidData, problems.join('\n'));
    const next: Record<string, unknown> = { ...stored };
    for (const key of MATERIAL_EDITABLE_FIELDS) {
      if (key in fields && fields[key] !== undefined) next[key] = fields[key];
      else delete next[key];
    }
    const entryRef = doc(collection(db, COLLECTIONS.materialAudit));
    next.updatedAt = serverTimestamp();
    next[AUDIT_ID_FIELD] = entryRef.id;
    tx.set(ref, next);
    tx.set(entryRef, materialAuditEntryData(name, options.action ?? 'update', actor, stored, next));
  });
  const stored = await getMaterialForEdit(db, name);
  if (!stored) throw new GatewayError(GatewayErrorCode.notFound, editMaterialMessages.notFound(name));
  return stored;
}

/**
 * The newest HISTORY_PAGE_SIZE edits of one material, newest first: one read per entry (≤ 20). Production needs the
 * composite index materialId ASC, at DESC (firestore.indexes.json), as productAudit's.
 */
export async function getMaterialHistory(db: Firestore, name: string): Promise<MaterialAuditEntry[]> {
  const snapshot = await getDocs(
    query(collection(db, COLLECTIONS.materialAudit), where('materialId', '==', name), orderBy('at', 'desc'), limit(HISTORY_PAGE_SIZE)),
  );
  return snapshot.docs.map((d) => {
    const data = d.data();
    const plainMap = (value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) ? (toPlainObject(value as Record<string, unknown>) as Record<string, PlainJson>) : null;
    return {
      id: d.id,
      materialId: String(data.materialId ?? ''),
      action: AUDIT_ACTIONS.includes(data.action) ? data.action : 'update',
      uid: String(data.uid ?? ''),
      email: typeof data.email === 'string' && data.email !== '' ? data.email : null,
      at: data.at instanceof Timestamp ? data.at.toDate() : null,
      before: plainMap(data.before),
      after: plainMap(data.after) ?? {},
      changedFields: Array.isArray(data.changedFields) ? data.changedFields.map(String) : [],
    };
  });
}

/**
 * The import's and the export's view of the ledger (issue 38): every material document as stored (plain JSON), its
 * name as id, without the bookkeeping document 'list'. One query: N reads for N materials (the game's ledger holds
 * tens; a dry run needs them all anyway for the next numeric id of a new material).
 */
export async function listMaterialDocuments(db: Firestore): Promise<CatalogProduct[]> {
  const snapshot = await getDocs(collection(db, COLLECTIONS.materials));
  return snapshot.docs
    .filter((d) => d.id !== IGNORED_MATERIAL_DOCUMENT_ID)
    .map((d) => ({ id: d.id, fields: toPlainObject(d.data()) as Record<string, PlainJson> }));
}

/**
 * Applies an import's changes to materials (a change's `productId` is the material's name), as applyBulkChanges does
 * products (./admin-catalog.ts): BULK_CHUNK_PRODUCTS materials per transaction, each 2 reads (the material, its job's
 * entry) and 2 writes (the material with updatedAt and auditId, its materialAudit entry `bulk_{jobId}_{name}`, action
 * 'create' or 'update' with the whole material before and after, so the material editor's history and Ripristina
 * work on it). Written at most once per job however often it is run again: an existing entry skips the material,
 * and firestore.rules refuse a material write naming an entry that exists. A material no longer as previewed (or a
 * new one whose name was taken meanwhile) is left alone and reported. An update replaces the document with the
 * stored one plus the changes (an `image_url` of null removes the image). A failed chunk throws (nothing of it is
 * written); the chunks before it stay written. Progress after each commit.
 */
export function applyMaterialChanges(
  db: Firestore,
  actor: AuditActor,
  jobId: string,
  changes: readonly BulkChange[],
  onProgress?: (progress: BulkProgress) => void,
): Promise<BulkApplyResult> {
  return applyJobInChunks(db, changes, {
    refsOf: (change) => ({
      item: doc(db, COLLECTIONS.materials, change.productId),
      entry: doc(db, COLLECTIONS.materialAudit, bulkAuditEntryId(jobId, change.productId)),
    }),
    write: (tx, change, { item, entry }, data) => {
      if (change.create ? data !== null : !storedAsPreviewed(data, change.before)) return 'conflict';
      const next: Record<string, unknown> = { ...(data ?? {}) };
      for (const [field, value] of Object.entries(change.after)) {
        if (value === null) delete next[field];
        else next[field] = value;
      }
      next.updatedAt = serverTimestamp();
      next[AUDIT_ID_FIELD] = entry.id;
      tx.set(item, next);
      tx.set(entry, materialAuditEntryData(change.productId, change.create ? 'create' : 'update', actor, data, next));
      return 'applied';
    },
    onProgress,
  });
}
