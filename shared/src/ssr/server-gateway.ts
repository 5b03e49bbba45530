/**
 * The gateway a render server uses: the public pages' reads (`PublicReadGateway`: products, materials, market and
 * game reads over firebase/firestore/lite, which runs in Node) and nothing else. A page rendered on the server is the
 * signed-out page: there is no auth group, no user data and no write here to call, and the stores a render builds
 * take these groups alone (../stores/root-store.ts), so the type system holds the render to reads.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import type { RuntimeConfig } from '../config/runtime-config';
import type { PublicReadGateway } from '../data/gateway';
import { createGameReads, createMarketReads, createMaterialReads, createProductReads } from '../data/public-reads';

let appCount = 0;

export function createServerReadGateway(config: RuntimeConfig): { gateway: PublicReadGateway; app: FirebaseApp } {
  const app = initializeApp(config.firebase, `sbc-render-${++appCount}`);
  const db = getFirestore(app);
  if (config.emulators) connectFirestoreEmulator(db, config.emulators.firestoreHost, config.emulators.firestorePort);
  const gateway: PublicReadGateway = {
    products: createProductReads(db),
    materials: createMaterialReads(db),
    market: createMarketReads(db),
    game: createGameReads(db),
  };
  return { gateway, app };
}
