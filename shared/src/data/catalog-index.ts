import { collection, getDocs, type Firestore } from 'firebase/firestore/lite';
import { readCatalogShard, type CatalogIndexEntry } from '@sbc/domain';
import { COLLECTIONS } from './collections';

/**
 * The whole catalogue index for the header search: one query of the CATALOG_INDEX_SHARDS shard documents
 * (4 reads, whatever the number of products). A missing shard (index not built yet) just finds fewer entries.
 */
export async function getCatalogIndex(db: Firestore): Promise<CatalogIndexEntry[]> {
  const snapshot = await getDocs(collection(db, COLLECTIONS.catalogIndex));
  return snapshot.docs.flatMap((d) => readCatalogShard(d.data()));
}
