/**
 * The material names the recipes of some products hold, each once: what a page reads from the ledger for their
 * margins or plans (the market store's "Used in" materials, the Firebase and fake gateways' first views, the
 * planner's recipe materials). A module of its own, without the margins' code, so the shared store in every page's
 * start-up JavaScript brings nothing more with it.
 */
import type { Product } from './types';

export function recipeMaterialNames(products: readonly Pick<Product, 'requested_materials'>[]): string[] {
  return [...new Set(products.flatMap((p) => Object.keys(p.requested_materials ?? {})))];
}
