/**
 * The catalogue index behind the header search: one small entry per product and per material, spread over a
 * fixed number of shard documents (`catalogIndex/{shard}`), so a search session reads CATALOG_INDEX_SHARDS
 * documents whatever the size of the catalogue. Sectors are not stored: they are the products' categories.
 *
 * Who writes it: the Firestore-triggered function `functions/src/catalog-index.ts` on every product or material
 * change (the game backend writes those collections in production), and the demo-data seed in one go.
 * Both go through `upsertCatalogEntry` / `buildCatalogIndex` here, so the shard of an entry never differs.
 */
import { IGNORED_MATERIAL_DOCUMENT_ID, readMaterial, readProduct } from '../readers';

/** p = product, m = material. Short keys: an entry is about 100 bytes, so 5,000 products ≈ 500 KB in all. */
export type CatalogEntryKind = 'p' | 'm';

export interface CatalogIndexEntry {
  k: CatalogEntryKind;
  /** Document id in products/ or materials/. */
  id: string;
  /** What the detail route takes: the product's slug, the material's name. */
  s: string;
  /** Display name. */
  n: string;
  /** Product category (its sector); materials have none. */
  c?: string;
}

/**
 * Four shards keep each document far below Firestore's 1 MiB limit: at 5,000 products a shard holds about
 * 1,250 entries ≈ 130 KB, so the layout holds up to about 30,000 products before a shard nears the limit.
 * Changing the count moves entries between shards: rebuild the index (the seed does) when you change it.
 */
export const CATALOG_INDEX_SHARDS = 4;

/** Shard document ids: '0' … '3'. */
export const catalogShardIds = (): string[] => Array.from({ length: CATALOG_INDEX_SHARDS }, (_, i) => String(i));

/** FNV-1a over the kind and id: stable across runtimes, spreads ids evenly. */
export function catalogShardOf(kind: CatalogEntryKind, id: string): string {
  let hash = 0x811c9dc5;
  const key = `${kind}:${id}`;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return String(hash % CATALOG_INDEX_SHARDS);
}

/** The entry of a product document (raw Firestore data), or null when it has nothing to find it by. */
export function productCatalogEntry(id: string, raw: unknown): CatalogIndexEntry | null {
  const product = readProduct(id, raw);
  const name = product.name.trim();
  const slug = product.slug.trim();
  if (!name && !slug) return null;
  return { k: 'p', id, s: slug || id, n: name || slug, c: product.category };
}

/** The entry of a material document (its id is its name). */
export function materialCatalogEntry(id: string, raw: unknown): CatalogIndexEntry | null {
  // The bookkeeping document materials/list is not a material (SPEC.md section 3).
  if (id === IGNORED_MATERIAL_DOCUMENT_ID) return null;
  const material = readMaterial(id, raw);
  const name = (material.name || id).trim();
  if (!name) return null;
  return { k: 'm', id, s: name, n: name };
}

/** Builds an entry from a changed document of `collection`; null for a deleted or unfindable document. */
export function catalogEntryFor(kind: CatalogEntryKind, id: string, raw: unknown | null): CatalogIndexEntry | null {
  if (raw === null || raw === undefined) return null;
  return kind === 'p' ? productCatalogEntry(id, raw) : materialCatalogEntry(id, raw);
}

/** True when the index would not change: the trigger skips its write (market updates touch only prices). */
export function sameCatalogEntry(a: CatalogIndexEntry | null, b: CatalogIndexEntry | null): boolean {
  if (a === null || b === null) return a === b;
  return a.k === b.k && a.id === b.id && a.s === b.s && a.n === b.n && (a.c ?? null) === (b.c ?? null);
}

/**
 * A shard's entries with `entry` put in place of the one of the same kind and id (or that one removed when
 * `entry` is null). Entries stay ordered by kind then id, so a rebuild and a sequence of upserts give equal
 * documents.
 */
export function upsertCatalogEntry(
  entries: readonly CatalogIndexEntry[],
  kind: CatalogEntryKind,
  id: string,
  entry: CatalogIndexEntry | null,
): CatalogIndexEntry[] {
  const rest = entries.filter((e) => !(e.k === kind && e.id === id));
  if (entry) rest.push(entry);
  return rest.sort(compareEntries);
}

function compareEntries(a: CatalogIndexEntry, b: CatalogIndexEntry): number {
  if (a.k !== b.k) return a.k < b.k ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every shard's entries, from the whole catalogue (the seed, or a rebuild): shard id → entries. */
export function buildCatalogIndex(
  products: Array<{ id: string; data: unknown }>,
  materials: Array<{ id: string; data: unknown }>,
): Map<string, CatalogIndexEntry[]> {
  const shards = new Map(catalogShardIds().map((id) => [id, [] as CatalogIndexEntry[]]));
  const add = (entry: CatalogIndexEntry | null) => {
    if (entry) shards.get(catalogShardOf(entry.k, entry.id))!.push(entry);
  };
  for (const p of products) add(productCatalogEntry(p.id, p.data));
  for (const m of materials) add(materialCatalogEntry(m.id, m.data));
  for (const entries of shards.values()) entries.sort(compareEntries);
  return shards;
}

/** Reads a shard document's `entries` leniently: malformed entries are dropped, never thrown on. */
export function readCatalogShard(raw: unknown): CatalogIndexEntry[] {
  const list = (raw as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(list)) return [];
  const out: CatalogIndexEntry[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { k, id, s, n, c } = item as Record<string, unknown>;
    if ((k !== 'p' && k !== 'm') || typeof id !== 'string' || typeof s !== 'string' || typeof n !== 'string') continue;
    out.push(typeof c === 'string' ? { k, id, s, n, c } : { k, id, s, n });
  }
  return out;
}
