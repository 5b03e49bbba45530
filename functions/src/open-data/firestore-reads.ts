/**
 * The API's Firestore reads: the render server's own (shared/src/ssr/server-gateway.ts, firebase/firestore/lite,
 * signed out), so the API reads exactly what the public pages read, through the same security rules, and cannot
 * reach anything a signed-out visitor cannot (users, productAudit, watchlists are denied by firestore.rules, and no
 * read of them exists here). The import boundary allows the functions this one file of shared (scripts/boundaries/
 * rules.mjs): esbuild bundles it with firebase/firestore/lite into lib/index.js, so the function still deploys alone.
 */
import type { RuntimeConfig } from '../../../shared/src/config/runtime-config';
import { createServerReadGateway } from '../../../shared/src/ssr/server-gateway';
import type { OpenDataReads } from './handler';

/** What the reads need of the runtime configuration: the Firebase project, and the emulator when local. */
export type ReadsConfig = Pick<RuntimeConfig, 'firebase' | 'emulators'>;

export function createFirestoreReads(config: ReadsConfig): OpenDataReads {
  const { gateway } = createServerReadGateway({ remotes: { publicSite: '', adminConsole: '' }, registerUrl: '', ...config });
  return {
    getAllProducts: () => gateway.products.getAll(),
    getProductsByCategory: (category) => gateway.products.getByCategory(category),
    getProductBySlug: (slug) => gateway.products.getBySlug(slug),
    getMaterials: () => gateway.materials.getAll(),
    getMaterialByName: (name) => gateway.materials.getByName(name),
    getMarketStats: () => gateway.market.getStats(),
    getGameStats: () => gateway.game.getStats(),
    getMarketHistory: (ids) => gateway.market.getHistory(ids),
    getMarketMovers: () => gateway.market.getMovers(),
  };
}

/**
 * The reads of the deployed function: the project the function runs in (GCLOUD_PROJECT, set by the Functions
 * runtime and emulator), and our Firestore emulator when the local stack says where it is.
 */
export function readsConfigFromEnvironment(env: NodeJS.ProcessEnv): ReadsConfig {
  const projectId = env.GCLOUD_PROJECT || (env.FIREBASE_CONFIG ? (JSON.parse(env.FIREBASE_CONFIG) as { projectId?: string }).projectId : undefined);
  if (!projectId) throw new Error('openData: no project id (GCLOUD_PROJECT or FIREBASE_CONFIG)');
  const emulator = env.SBC_FIRESTORE_EMULATOR_HOST || env.FIRESTORE_EMULATOR_HOST;
  const [host, port] = (emulator ?? '').split(':');
  return {
    // Firestore needs only the project; the web API key and app id are for Auth and Analytics.
    firebase: { apiKey: '', authDomain: `${projectId}.firebaseapp.com`, projectId, appId: '' },
    emulators: emulator ? { authUrl: '', firestoreHost: host, firestorePort: Number(port) } : undefined,
  };
}
