/**
 * The gateway the browser pages use: Firebase behind a lazy loader (./lazy-gateway.ts), downloaded by the first
 * call that needs it, in a chunk of its own.
 */
import type { RuntimeConfig } from '../config/runtime-config';
import type { DataGateway } from './gateway';
import { createLazyGateway, mayHaveFirebaseSession } from './lazy-gateway';
import { catalogueRanking, createApiPlanReads } from './plan-suggestions';

export function createFirebaseGateway(config: RuntimeConfig): DataGateway {
  const lazy = createLazyGateway({
    load: () => import(/* webpackChunkName: "firebase" */ './firebase-gateway').then((module) => module.startFirebaseGateway(config)),
    mayHaveSession: () => mayHaveFirebaseSession(config.firebase.apiKey),
  });
  // The planner's suggestions come from the open data API, which needs no Firebase: only its fallback downloads it.
  return { ...lazy, plan: createApiPlanReads(catalogueRanking(lazy)) };
}
