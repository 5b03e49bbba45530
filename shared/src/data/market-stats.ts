import { collection, getDocs, type Firestore } from 'firebase/firestore/lite';
import { readMarketStatRow } from '@sbc/domain';
import type { MarketStatRow } from '@sbc/domain';
import { COLLECTIONS } from './collections';

/**
 * marketStats (product rows) and marketMaterialStats (material rows), read together. Rows come back as
 * stored; dropping 'uncategorized' and sorting is the domain's `marketStatRows`, applied by the store.
 */
export async function getMarketStats(db: Firestore): Promise<MarketStatRow[]> {
  const [products, materials] = await Promise.all([
    getDocs(collection(db, COLLECTIONS.marketStats)),
    getDocs(collection(db, COLLECTIONS.marketMaterialStats)),
  ]);
  return [
    ...products.docs.map((d) => readMarketStatRow(d.id, d.data(), 'product')),
    ...materials.docs.map((d) => readMarketStatRow(d.id, d.data(), 'material')),
  ];
}
