/**
 * The admin console's catalogue (issue 38): the products list over the whole catalogue, and bulk writes.
 * Reads and writes (documents billed):
 * - `listCatalogPage`: one query, CATALOG_PAGE_SIZE + 1 documents (the extra one says "more"): ≤ 51 reads a
 *   page, whatever the catalogue's size; filters, search and sort are the query's (domain catalogQueryPlan).
 * - `countCatalog`: one count aggregation: 1 read per 1,000 matching index entries (5,000 products: 5 reads).
 * - `listAllMatching` ("select all that match"): every match, N reads, in queries of MATCH_PAGE documents.
 * - `findProductsForImport`: the products holding a file's slugs, then the document ids of its new products, by
 *   `in` queries of 30 values: one read per product found (≤ 1 a row; an empty query is billed 1 read).
 * - `applyBulkChanges`: per product 2 reads (the product, and its job's audit entry to skip what an earlier run
 *   applied) and 2 writes (the product, its audit entry), in one transaction per BULK_CHUNK_PRODUCTS products
 *   (200 writes a commit, within Firestore's 500).
 * Production indexes: a filter with a sort on another field, and the slug search with a filter, need composite
 * indexes, declared in firestore.indexes.json (docs/admin-catalogue.md); the local emulator refuses a query they do
 * not serve, as Firestore does.
 */
import {
  collection,
  doc,
  documentId,
  getCount,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  startAfter,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import {
  bulkAuditEntryId,
  CATALOG_PAGE_SIZE,
  catalogQueryPlan,
  chunk,
  PRODUCT_UPDATED_LOG,
  type BulkChange,
  type CatalogCursor,
  type CatalogQuery,
} from '@sbc/domain';
import { AUDIT_ID_FIELD, auditCollection, auditEntryData, type AuditActor } from './audit';
import type { BulkApplyResult, BulkProgress, CatalogPage, CatalogProduct } from './admin-catalog-types';
import { applyJobInChunks, storedAsPreviewed } from './bulk-job-writes';
import { COLLECTIONS } from './collections';
import { toPlainObject, type PlainJson } from './plain-json';

export type { BulkApplyResult, BulkProgress, CatalogAdminGateway, CatalogPage, CatalogProduct } from './admin-catalog-types';

/** Documents per query when every match is read ("select all that match"). */
export const MATCH_PAGE = 500;

function catalogQuery(db: Firestore, q: CatalogQuery, extra: QueryConstraint[]): Query {
  const plan = catalogQueryPlan(q);
  const constraints: QueryConstraint[] = plan.equals.map(([field, value]) => where(field, '==', value));
  if (plan.slugPrefix !== '') {
    constraints.push(where('slug', '>=', plan.slugPrefix), where('slug', '<', `${plan.slugPrefix}\uf8ff`));
  }
  constraints.push(orderBy(plan.orderField, plan.dir), orderBy(documentId(), plan.dir), ...extra);
  return query(collection(db, COLLECTIONS.products), ...constraints);
}

function readCatalogProduct(id: string, data: Record<string, unknown>): CatalogProduct {
  return { id, fields: toPlainObject(data) as Record<string, PlainJson> };
}

export async function listCatalogPage(db: Firestore, q: CatalogQuery, after: CatalogCursor | null): Promise<CatalogPage> {
  const snapshot = await getDocs(
    catalogQuery(db, q, [...(after ? [startAfter(after.value, after.id)] : []), limit(CATALOG_PAGE_SIZE + 1)]),
  );
  const products = snapshot.docs.map((d) => readCatalogProduct(d.id, d.data()));
  return { products: products.slice(0, CATALOG_PAGE_SIZE), hasMore: products.length > CATALOG_PAGE_SIZE };
}

export async function countCatalog(db: Firestore, q: CatalogQuery): Promise<number> {
  const snapshot = await getCount(catalogQuery(db, q, []));
  return snapshot.data().count;
}

export async function listAllMatching(db: Firestore, q: CatalogQuery): Promise<CatalogProduct[]> {
  const all: CatalogProduct[] = [];
  const plan = catalogQueryPlan(q);
  let after: CatalogCursor | null = null;
  for (;;) {
    const cursor: QueryConstraint[] = after ? [startAfter(after.value, after.id)] : [];
    const snapshot = await getDocs(catalogQuery(db, q, [...cursor, limit(MATCH_PAGE)]));
    const page: CatalogProduct[] = snapshot.docs.map((d) => readCatalogProduct(d.id, d.data()));
    all.push(...page);
    if (page.length < MATCH_PAGE) return all;
    const last: CatalogProduct = page[page.length - 1];
    after = { value: last.fields[plan.orderField] as string | number, id: last.id };
  }
}

/** Firestore's limit of values in one `in` filter. */
const IN_LIMIT = 30;

/** `ids[i]` is the document id row i would create; it is looked up only when no product holds `slugs[i]`. */
export async function findProductsForImport(db: Firestore, slugs: readonly string[], ids: readonly string[]): Promise<CatalogProduct[]> {
  const products = collection(db, COLLECTIONS.products);
  const found = new Map<string, CatalogProduct>();
  const run = async (field: 'slug' | typeof documentId, values: string[]) => {
    const parts = chunk([...new Set(values)], IN_LIMIT);
    const snapshots = await Promise.all(parts.map((part) => getDocs(query(products, where(field === 'slug' ? 'slug' : documentId(), 'in', part)))));
    for (const snapshot of snapshots) for (const d of snapshot.docs) found.set(d.id, readCatalogProduct(d.id, d.data()));
  };
  await run('slug', [...slugs]);
  const held = new Set([...found.values()].map((p) => p.fields.slug));
  await run(documentId, ids.filter((id, i) => !held.has(slugs[i]) && !found.has(id)));
  return [...found.values()];
}


/**
 * Applies a job's changes, BULK_CHUNK_PRODUCTS products per transaction. Each product is written at most once
 * per job, however often the job is run again after a failure: its audit entry has the id
 * `bulk_{jobId}_{productId}` (domain bulkAuditEntryId), the transaction skips a product whose entry exists, and
 * firestore.rules refuse a product write naming an entry that already exists. A product whose stored values are
 * no longer the change's "before" (changed since the preview) is left alone and reported, never overwritten; a
 * `create` (import) whose document exists meanwhile likewise.
 * Progress is reported after each committed chunk; a failed chunk throws (nothing of it is written) and the
 * chunks before it stay written.
 */
export function applyBulkChanges(
  db: Firestore,
  actor: AuditActor,
  jobId: string,
  changes: readonly BulkChange[],
  onProgress?: (progress: BulkProgress) => void,
): Promise<BulkApplyResult> {
  return applyJobInChunks(db, changes, {
    refsOf: (change) => ({ item: doc(db, COLLECTIONS.products, change.productId), entry: doc(auditCollection(db), bulkAuditEntryId(jobId, change.productId)) }),
    write: (tx, change, { item, entry }, data) => {
      if (change.create) {
        // A new product (import): refused if its document exists meanwhile, never replaced.
        if (data !== null) return 'conflict';
        const created = { ...change.after, createdAt: serverTimestamp(), updatedAt: serverTimestamp(), [AUDIT_ID_FIELD]: entry.id };
        tx.set(item, created);
        tx.set(entry, auditEntryData({ productId: change.productId, slug: change.slug, action: 'create', actor, before: null, after: created }));
        return 'applied';
      }
      if (data === null || !storedAsPreviewed(data, change.before)) return 'conflict';
      const update = { ...change.after, updatedAt: serverTimestamp(), [AUDIT_ID_FIELD]: entry.id };
      tx.update(item, update);
      tx.set(entry, auditEntryData({ productId: change.productId, slug: String(data.slug ?? change.slug), action: 'update', actor, before: data, after: { ...data, ...update } }));
      return 'applied';
    },
    onProgress,
    afterChunk: (outcome) => {
      if (outcome.applied.length > 0) console.log(PRODUCT_UPDATED_LOG);
    },
  });
}
