// A large extra sector written straight into the e2e stack's Firestore emulator, for measurements that need
// more rows than the demo economy has. Documents are built by the seed's own generator (same shapes and
// histories as the demo products) and written/deleted over the emulator's REST API as the admin caller
// (`Bearer owner`, rules bypassed), as local-backend's seeding does.
import { commitDocuments, deleteDocuments, type PlainDocument } from '../../local-backend/src/accounts';
import { generateDemoEconomy, PRODUCT_EDGE_CASES, productDocumentId, slugify } from '../../local-backend/src/seed';
import { productStatRows } from '../../local-backend/src/seed/stats';
import { firestoreExport, stack } from './stack';

/** Both sparklines of a row need a drawable series (the seed's edge cases have empty or constant ones). */
const MIN_POINTS = 10;

function drawable(data: Record<string, unknown>): boolean {
  const prices = Array.isArray(data.lastvqvalue) ? data.lastvqvalue : [];
  const production = data.production as { request_index_history?: unknown[] } | undefined;
  const requests = production?.request_index_history ?? [];
  return prices.length >= MIN_POINTS && new Set(prices).size > 1 && requests.length >= MIN_POINTS;
}

/**
 * `count` product documents in `category`, plus its marketStats row (`marketStats/product_<category>`),
 * computed as the seed computes its rows. Names are prefixed ('Benchmark Heat Pump Pro') so that slugs and
 * document ids never collide with the demo economy's.
 */
export function bulkSectorDocuments({ category = 'benchmark', count = 500, seed = 500, prefix = 'Benchmark' } = {}): {
  products: PlainDocument[];
  statRow: PlainDocument;
} {
  const edgeNames = new Set(PRODUCT_EDGE_CASES.map((e) => e.name));
  const generated = generateDemoEconomy({ seed, products: Math.min(count + 40, 5000) })
    .documents.filter((doc) => doc.path.startsWith('products/') && !edgeNames.has(String(doc.data.name)) && drawable(doc.data))
    .slice(0, count);
  if (generated.length < count) throw new Error(`the seed gave only ${generated.length} drawable products, ${count} wanted`);
  const products = generated.map(({ data }) => {
    const name = `${prefix} ${data.name}`;
    const slug = slugify(name);
    const id = productDocumentId(category, name);
    return {
      id,
      category,
      data: { ...data, name, slug, category, originalPath: `categories/${category}/products/${slug}` },
    };
  });
  const [statRow] = productStatRows(products, new Date());
  return {
    products: products.map((p) => ({ path: `products/${p.id}`, data: p.data })),
    statRow: { path: `marketStats/${statRow.id}`, data: statRow.data },
  };
}

/** Writes plain-data documents (`{ path: 'collection/id', data }`) as the admin caller. */
export async function writeDocumentsAsAdmin(documents: PlainDocument[]): Promise<void> {
  const { firestore } = stack();
  await commitDocuments(firestore.url, documents, firestore.projectId);
}

/** Deletes documents by path ('collection/id') as the admin caller; absent documents are no error. */
export async function deleteDocumentsAsAdmin(paths: string[]): Promise<void> {
  const { firestore } = stack();
  await deleteDocuments(firestore.url, paths, firestore.projectId);
}

/**
 * Path and update time of every stored document in `collections` (all when omitted), sorted: compare two of
 * these to prove the data came back unchanged.
 */
export async function firestoreFingerprint(collections?: string[]): Promise<string[]> {
  return (await firestoreExport()).documents
    .filter((d) => !collections || collections.includes(d.path.split('/')[0]))
    .map((d) => `${d.path}@${d.updateTime}`);
}
