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
import { catalogueRanking } from '../data/plan-suggestions';

let appCount = 0;

export function createServerReadGateway(config: RuntimeConfig): { gateway: PublicReadGateway; app: FirebaseApp } {
  const app = initializeApp(config.firebase, `sbc-render-${++appCount}`);
  const db = getFirestore(app);
  if (config.emulators) connectFirestoreEmulator(db, config.emulators.firestoreHost, config.emulators.firestorePort);
  const products = createProductReads(db);
  const materials = createMaterialReads(db);
  const gateway: PublicReadGateway = {
    products,
    materials,
    market: createMarketReads(db),
    game: createGameReads(db),
    // Uncached here (N + M reads a call): a render ranks over its period cache instead (serverRenderReads).
    plan: catalogueRanking({ products, materials }),
  };
  return { gateway, app };
}

/**
 * Server only: the reads a render makes, over the render server's period cache (`periodReads`: every read answered once
 * per market period for all renders, shell/src/ssr/render.tsx). The planner's suggestions are ranked from that cache's
 * products and materials (domain rankSuggestions via catalogueRanking), so the render records only the rows the page
 * shows (SNAPSHOT_METHODS 'plan.getSuggestions') and a budget page costs no read once the period holds the two lists.
 */
export function serverRenderReads<G extends PublicReadGateway>(periodReads: G): G {
  return { ...periodReads, plan: catalogueRanking(periodReads) };
}
