/**
 * The history recording's Firestore calls (./market-history.ts, MarketHistoryDeps) through firebase-admin, apart from
 * the trigger (./index.ts) so that `npm run size` runs the same calls against the local emulator
 * (local-backend/bench/market-update-costs.ts) and counts them.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { HISTORY_COLLECTION, MOVERS_COLLECTION, MOVERS_DOCUMENT_ID, readMaterials, readProduct } from '@sbc/domain';
import type { MarketHistoryDeps } from './market-history';

export function firestoreMarketHistoryDeps(db: () => Firestore): MarketHistoryDeps {
  return {
    readProducts: async () => (await db().collection('products').get()).docs.map((d) => readProduct(d.id, d.data())),
    readMaterials: async () => readMaterials((await db().collection('materials').get()).docs.map((d) => ({ id: d.id, data: d.data() }))),
    async readHistory(ids) {
      if (ids.length === 0) return [];
      const snapshots = await db().getAll(...ids.map((id) => db().collection(HISTORY_COLLECTION).doc(id)));
      return snapshots.filter((s) => s.exists).map((s) => s.data());
    },
    async commit(writes, movers) {
      const batch = db().batch();
      for (const write of writes) batch.set(db().collection(HISTORY_COLLECTION).doc(write.id), write.data, { mergeFields: write.fields });
      batch.set(db().collection(MOVERS_COLLECTION).doc(MOVERS_DOCUMENT_ID), movers);
      await batch.commit();
    },
    async pruneExpired(now, limit) {
      const expired = await db().collection(HISTORY_COLLECTION).where('expiresAt', '<', now).limit(limit).get();
      if (expired.empty) return 0;
      const batch = db().batch();
      for (const doc of expired.docs) batch.delete(doc.ref);
      await batch.commit();
      return expired.size;
    },
  };
}
