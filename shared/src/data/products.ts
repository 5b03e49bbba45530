/** Product reads and writes (SPEC.md sections 5 and 7). */
import {
  collection,
  doc,
  FieldPath,
  getCount,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  where,
  writeBatch,
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
  reservedSlugError,
  SLUG_CHANGE_MESSAGE,
  takenIdMessage,
} from '@sbc/domain';
import { recipeMaterialNames, USED_IN_LIMIT, type Product } from '@sbc/domain';
import { AUDIT_ID_FIELD, auditEntryData, newAuditRef, type AuditAction, type AuditActor } from './audit';
import { COLLECTIONS } from './collections';
import { GatewayError, GatewayErrorCode } from './errors';
import type { ProductWrite, VersionedProduct } from './gateway';
import { getMaterialsByName } from './materials';
import { documentVersion, toPlainObject } from './plain-json';
import { usedInFirstView, type UsedInFirstView } from './used-in-first-view';

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

/**
 * The first `count` products of one sector by name: the rows a sector's page shows first, so that its server
 * render and the page state it embeds do not grow with the sector (issue 36). `count` reads (fewer in a smaller
 * sector), whatever the sector's size. Firestore orders by the names' code points, the site's lists by
 * `localeCompare`: the two agree on the catalogue's names (capitalised words), and where they would not, the
 * page's whole sector, read on the first sort, filter, export or "Show more", brings the site's order. Production
 * needs the composite index products (category ASC, name ASC).
 */
export async function getProductsByCategoryFirstPage(db: Firestore, category: string, count: number): Promise<Product[]> {
  const snapshot = await getDocs(query(productsCollection(db), where('category', '==', category), orderBy('name'), limit(count)));
  return sortByName(snapshot.docs.map((d) => readProduct(d.id, d.data())));
}

/**
 * How many products one sector has ("Showing 50 of 580 products" before the sector is read): an aggregation
 * query, billed one read per 1,000 products counted (at least one).
 */
export async function countProductsByCategory(db: Firestore, category: string): Promise<number> {
  const snapshot = await getCount(query(productsCollection(db), where('category', '==', category)));
  return snapshot.data().count;
}

/**
 * The products whose recipe needs the material `name` ("Used in" on the material page): one query
 * `requested_materials.<name> > 0` (Firestore indexes map fields by default), at most USED_IN_LIMIT + 1 documents,
 * so at most 201 reads however large the catalogue (1 when no product uses it: an empty query is billed one read).
 * Firestore returns them by that quantity, smallest first, so past the limit the products needing the most are
 * the ones left out; the extra document only tells the page that there are more (it says so).
 */
export async function getProductsUsingMaterial(db: Firestore, name: string): Promise<Product[]> {
  if (name === '') return [];
  const snapshot = await getDocs(query(productsCollection(db), where(new FieldPath('requested_materials', name), '>', 0), limit(USED_IN_LIMIT + 1)));
  return sortByName(snapshot.docs.map((d) => readProduct(d.id, d.data())));
}

/**
 * A material page's "Used in" as its first view shows it (issue 36): the first `count` products in the list's default
 * order (margin per unit, highest first), the list's count and the materials those products name. The order needs
 * every product's margin, so the call reads what the whole list reads: getProductsUsingMaterial (at most
 * USED_IN_LIMIT + 1 reads) and the materials all their recipes name (getMaterialsByName: one read per material found,
 * ⌈names / 30⌉ queries). What it answers is small (`count` products and their materials), and that answer is what a
 * server render records and embeds; the render server memoises the call per market period, so those reads are paid
 * once per period for every visitor. A page opened in the browser reads the whole list instead (the same reads).
 */
export async function getProductsUsingMaterialFirstView(db: Firestore, name: string, count: number): Promise<UsedInFirstView> {
  const products = await getProductsUsingMaterial(db, name);
  const names = recipeMaterialNames(products);
  const ledger = names.length === 0 ? [] : await getMaterialsByName(db, names);
  return usedInFirstView(products, name, ledger, count);
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
 * Writes a new product. A blank slug is refused (EMPTY_SLUG_MESSAGE), and so is a slug the site reserves for a
 * fixed address (reservedSlugError: no page could open the product). The duplicate-slug check is a query; if
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
  options: { explicitId?: string },
  actor: AuditActor,
): Promise<string> {
  const fields = product as Record<string, unknown>;
  const slug = typeof fields.slug === 'string' ? fields.slug : '';
  if (slug.trim() === '') throw new GatewayError(GatewayErrorCode.invalidData, EMPTY_SLUG_MESSAGE);
  // Also here, not only in the form: an admin console built before the rule may run beside this shell.
  const reserved = reservedSlugError(slug);
  if (reserved !== null) throw new GatewayError(GatewayErrorCode.invalidData, reserved);
  if (await slugExists(db, slug)) {
    throw new GatewayError(GatewayErrorCode.duplicateSlug, duplicateSlugMessage(slug));
  }
  // The audit entry is committed in the same batch, and its id is stored on the product (firestore.rules).
  const auditRef = newAuditRef(db);
  const data = {
    ...fields,
    enabled: fields.enabled ?? true,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    [AUDIT_ID_FIELD]: auditRef.id,
  };
  const entry = (productId: string) => auditEntryData({ productId, slug, action: 'create', actor, before: null, after: data });
  let id: string;
  if (options.explicitId) {
    const ref = doc(productsCollection(db), options.explicitId);
    await runTransaction(db, async (tx) => {
      const existing = await tx.get(ref);
      if (existing.exists()) throw new GatewayError(GatewayErrorCode.duplicateSlug, takenIdMessage(existing.data().slug, slug));
      tx.set(ref, data);
      tx.set(auditRef, entry(ref.id));
    });
    id = options.explicitId;
  } else {
    // An auto id chosen on the client (as addDoc does), so that the entry can name it.
    const ref = doc(productsCollection(db));
    const batch = writeBatch(db);
    batch.set(ref, data);
    batch.set(auditRef, entry(ref.id));
    await batch.commit();
    id = ref.id;
  }
  console.log(PRODUCT_ADDED_LOG);
  return id;
}

/**
 * Replaces the product found by slug with `fields`, as a whole document: a field left out of `fields` is removed
 * from the product (the JSON editor edits the whole document). slug, createdAt and migratedAt are kept as
 * stored (a different slug is refused with SLUG_CHANGE_MESSAGE, the rules forbid it); updatedAt becomes the
 * server time; an audit entry (action 'update', or 'restore' for a restored version) is written in the same
 * transaction.
 *
 * With `expectedVersion` the transaction compares the stored document's version first; its commit carries the
 * read's updateTime precondition, so a write landing between that read and the commit makes the SDK retry, and
 * the retry then sees the new version → 'conflict'.
 */
export async function updateProduct(
  db: Firestore,
  slug: string,
  fields: Record<string, unknown>,
  options: { expectedVersion?: string; action?: Extract<AuditAction, 'update' | 'restore'> },
  actor: AuditActor,
): Promise<VersionedProduct> {
  const found = await findProduct(db, slug, { byName: false });
  if (!found) throw new GatewayError(GatewayErrorCode.notFound, productNotFoundMessage(slug));
  const storedSlug = found.data()?.slug;
  if (typeof fields.slug === 'string' && fields.slug !== storedSlug) {
    throw new GatewayError(GatewayErrorCode.invalidData, SLUG_CHANGE_MESSAGE);
  }
  const expected = options.expectedVersion;
  await runTransaction(db, async (tx) => {
    const current = await tx.get(found.ref);
    if (!current.exists()) throw new GatewayError(GatewayErrorCode.notFound, productNotFoundMessage(slug));
    if (expected !== undefined && documentVersion(current.data()) !== expected) throw conflictError(slug);
    const auditRef = newAuditRef(db);
    const data = replacementDocument(current.data(), fields, auditRef.id);
    tx.set(found.ref, data);
    tx.set(
      auditRef,
      auditEntryData({
        productId: found.id,
        slug: String(storedSlug ?? slug),
        action: options.action ?? 'update',
        actor,
        before: current.data(),
        after: data,
      }),
    );
  });
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

/** The whole new document: the admin's fields, the protected ones as stored, fresh updatedAt and auditId. */
function replacementDocument(stored: Record<string, unknown>, fields: Record<string, unknown>, auditId: string): Record<string, unknown> {
  const next: Record<string, unknown> = { ...fields };
  // `id` is the document id, never a stored field (the reader adds it).
  delete next.id;
  for (const key of PROTECTED_FIELDS) {
    if (key in stored) next[key] = stored[key];
    else delete next[key];
  }
  next.updatedAt = serverTimestamp();
  next[AUDIT_ID_FIELD] = auditId;
  return next;
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

/** How many products one selector query returns (the JSON editor's product picker). */
export const PRODUCT_SEARCH_LIMIT = 6;

/**
 * The JSON editor's product picker: products whose name or slug starts with `text`, by name. Range queries, so
 * the cost does not grow with the catalogue: at most 3 queries × PRODUCT_SEARCH_LIMIT reads (name as typed, name
 * with a capital first letter, slug in lower case; Firestore compares case-sensitively). A blank text lists the
 * first products by name (PRODUCT_SEARCH_LIMIT reads). Category is not searched here (the spec's substring match
 * over name, slug and category needs the whole catalogue, the cost this replaces).
 */
export async function searchProducts(db: Firestore, text: string): Promise<Product[]> {
  const typed = text.trim();
  const byPrefix = (field: string, prefix: string) =>
    getDocs(
      prefix === ''
        ? query(productsCollection(db), orderBy(field), limit(PRODUCT_SEARCH_LIMIT))
        : query(productsCollection(db), where(field, '>=', prefix), where(field, '<=', `${prefix}\uf8ff`), orderBy(field), limit(PRODUCT_SEARCH_LIMIT)),
    );
  const prefixes: Array<[string, string]> =
    typed === '' ? [['name', '']] : [['name', typed], ['name', typed.charAt(0).toUpperCase() + typed.slice(1)], ['slug', typed.toLowerCase()]];
  const unique = prefixes.filter(([f, p], i) => prefixes.findIndex(([f2, p2]) => f2 === f && p2 === p) === i);
  const snapshots = await Promise.all(unique.map(([field, prefix]) => byPrefix(field, prefix)));
  const byId = new Map<string, Product>();
  for (const snapshot of snapshots) for (const d of snapshot.docs) byId.set(d.id, readProduct(d.id, d.data()));
  return sortByName([...byId.values()]);
}
