/** Product reads and writes (SPEC.md sections 5 and 7). */
import {
  addDoc,
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  runTransaction,
  serverTimestamp,
  updateDoc,
  where,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase/firestore/lite';
import {
  duplicateSlugMessage,
  EMPTY_SLUG_MESSAGE,
  PRODUCT_ADDED_LOG,
  PRODUCT_UPDATED_LOG,
  productNotFoundMessage,
  readProduct,
  takenIdMessage,
} from '../domain';
import type { Product } from '../domain/types';
import { COLLECTIONS } from './collections';
import { GatewayError, GatewayErrorCode } from './errors';
import type { ProductWrite, VersionedProduct } from './gateway';
import { documentVersion, toPlainObject } from './plain-json';

/** Fields an update never changes (section 5). */
const PROTECTED_FIELDS = ['slug', 'createdAt', 'migratedAt'] as const;

function productsCollection(db: Firestore) {
  return collection(db, COLLECTIONS.products);
}

/** The whole collection, sorted by name on the client (section 7). */
export async function getAllProducts(db: Firestore): Promise<Product[]> {
  const snapshot = await getDocs(productsCollection(db));
  return sortByName(snapshot.docs.map((d) => readProduct(d.id, d.data())));
}

/** One sector only: the products dashboard must not pay for the whole collection to show one sector. */
export async function getProductsByCategory(db: Firestore, category: string): Promise<Product[]> {
  const snapshot = await getDocs(query(productsCollection(db), where('category', '==', category)));
  return sortByName(snapshot.docs.map((d) => readProduct(d.id, d.data())));
}

export async function getProductBySlug(db: Firestore, slug: string): Promise<Product | null> {
  const snapshot = await findProduct(db, slug, { byName: true });
  return snapshot ? readProduct(snapshot.id, snapshot.data()) : null;
}

/** The raw document as plain JSON plus its version (a content hash: see plain-json.ts). */
export async function getProductForEdit(db: Firestore, slug: string): Promise<VersionedProduct | null> {
  const snapshot = await findProduct(db, slug, { byName: false });
  return snapshot ? versioned(snapshot) : null;
}

/**
 * Writes a new product. A blank slug is refused (EMPTY_SLUG_MESSAGE). The duplicate-slug check is a query; if
 * the check itself fails the slug counts as free (section 5). New products default to enabled true;
 * createdAt and updatedAt are server timestamps.
 *
 * With an explicit id (category_name, section 7) two different slugs can share one id ("Steel Beam" and
 * "Steel_Beam"), so the id must be free as well: a transaction reads it and creates the document only if it
 * is missing. The commit carries an "does not exist" precondition, so a create landing in between makes the
 * SDK retry, and the retry sees the document → the duplicate message, never a silent replacement.
 */
export async function addProduct(
  db: Firestore,
  product: ProductWrite,
  options: { explicitId?: string } = {},
): Promise<string> {
  const fields = product as Record<string, unknown>;
  const slug = typeof fields.slug === 'string' ? fields.slug : '';
  if (slug.trim() === '') throw new GatewayError(GatewayErrorCode.invalidData, EMPTY_SLUG_MESSAGE);
  if (await slugExists(db, slug)) {
    throw new GatewayError(GatewayErrorCode.duplicateSlug, duplicateSlugMessage(slug));
  }
  const data = {
    ...fields,
    enabled: fields.enabled ?? true,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  };
  let id: string;
  if (options.explicitId) {
    const ref = doc(productsCollection(db), options.explicitId);
    await runTransaction(db, async (tx) => {
      const existing = await tx.get(ref);
      if (existing.exists()) throw new GatewayError(GatewayErrorCode.duplicateSlug, takenIdMessage(existing.data().slug, slug));
      tx.set(ref, data);
    });
    id = options.explicitId;
  } else {
    id = (await addDoc(productsCollection(db), data)).id;
  }
  console.log(PRODUCT_ADDED_LOG);
  return id;
}

/**
 * Partial update of the product found by slug (top-level fields replace the stored ones; nested maps are
 * replaced whole, which is what the JSON editor's full-document save means). slug, createdAt and migratedAt
 * are kept; updatedAt becomes the server time.
 *
 * With `expectedVersion` the write runs in a transaction that re-reads the document and compares its
 * version; the transaction's commit carries the read's updateTime precondition, so a write landing between
 * that read and the commit makes the SDK retry, and the retry then sees the new version → 'conflict'.
 */
export async function updateProduct(
  db: Firestore,
  slug: string,
  fields: Record<string, unknown>,
  options: { expectedVersion?: string } = {},
): Promise<VersionedProduct> {
  const found = await findProduct(db, slug, { byName: false });
  if (!found) throw new GatewayError(GatewayErrorCode.notFound, productNotFoundMessage(slug));
  const changes = updatableFields(fields);
  const expected = options.expectedVersion;
  if (expected === undefined) {
    await updateDoc(found.ref, changes);
  } else {
    await runTransaction(db, async (tx) => {
      const current = await tx.get(found.ref);
      if (!current.exists()) throw new GatewayError(GatewayErrorCode.notFound, productNotFoundMessage(slug));
      if (documentVersion(current.data()) !== expected) throw conflictError(slug);
      tx.update(found.ref, changes);
    });
  }
  console.log(PRODUCT_UPDATED_LOG);
  const stored = await getDoc(found.ref);
  if (!stored.exists()) throw new GatewayError(GatewayErrorCode.notFound, productNotFoundMessage(slug));
  return versioned(stored);
}

export function conflictError(slug: string): GatewayError {
  return new GatewayError(
    GatewayErrorCode.conflict,
    `Il prodotto "${slug}" è stato modificato da un'altra sessione: ricarica il JSON prima di salvare`,
  );
}

function updatableFields(fields: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = { ...fields };
  for (const key of PROTECTED_FIELDS) delete changes[key];
  // `id` is the document id, never a stored field (the reader adds it).
  delete changes.id;
  changes.updatedAt = serverTimestamp();
  return changes;
}

function versioned(snapshot: DocumentSnapshot): VersionedProduct {
  const data = snapshot.data() ?? {};
  return {
    product: readProduct(snapshot.id, data),
    version: documentVersion(data),
    raw: toPlainObject(data),
  };
}

/** By document id, then slug ==, then (for reads only) name ==; each step costs one read. */
async function findProduct(
  db: Firestore,
  slug: string,
  options: { byName: boolean },
): Promise<DocumentSnapshot | null> {
  // An id containing '/' would address a subcollection path and make doc() throw.
  if (slug !== '' && !slug.includes('/')) {
    const byId = await getDoc(doc(productsCollection(db), slug));
    if (byId.exists()) return byId;
  }
  const bySlug = await firstWhere(db, 'slug', slug);
  if (bySlug || !options.byName) return bySlug;
  return firstWhere(db, 'name', slug);
}

async function firstWhere(db: Firestore, field: string, value: string): Promise<DocumentSnapshot | null> {
  const snapshot = await getDocs(query(productsCollection(db), where(field, '==', value), limit(1)));
  return snapshot.empty ? null : snapshot.docs[0];
}

async function slugExists(db: Firestore, slug: string): Promise<boolean> {
  try {
    return (await firstWhere(db, 'slug', slug)) !== null;
  } catch (error) {
    console.error('Slug check failed; treated as not existing', error);
    return false;
  }
}

function sortByName(products: Product[]): Product[] {
  return products.sort((a, b) => a.name.localeCompare(b.name));
}
