/**
 * Keeps the header search's catalogue index (catalogIndex/{shard}, domain/src/search/catalog-index.ts)
 * in step with products/ and materials/, which the game backend writes in production. Runs on every write of
 * either collection (triggers in ./index.ts).
 *
 * Cost: a write that leaves the indexed fields (name, slug, category) as they were, which is what a market
 * update does to every product every 30 minutes, is compared from the event alone and costs nothing. Any other
 * write costs one transaction on one shard: 1 read and 1 write.
 */
import {
  catalogEntryFor,
  catalogShardOf,
  sameCatalogEntry,
  upsertCatalogEntry,
  type CatalogEntryKind,
  type CatalogIndexEntry,
} from '@sbc/domain';

export interface CatalogIndexDeps {
  /** Reads shard `shard`, hands its entries to `update` and writes the result, atomically (a transaction). */
  updateShard(shard: string, update: (entries: CatalogIndexEntry[]) => CatalogIndexEntry[]): Promise<void>;
}

export type CatalogChangeOutcome = 'unchanged' | 'updated';

/** Applies one document change (null = absent before / deleted after) to the index. */
export async function applyCatalogChange(
  kind: CatalogEntryKind,
  id: string,
  before: unknown | null,
  after: unknown | null,
  deps: CatalogIndexDeps,
): Promise<CatalogChangeOutcome> {
  const previous = catalogEntryFor(kind, id, before);
  const next = catalogEntryFor(kind, id, after);
  if (sameCatalogEntry(previous, next)) return 'unchanged';
  await deps.updateShard(catalogShardOf(kind, id), (entries) => upsertCatalogEntry(entries, kind, id, next));
  return 'updated';
}
