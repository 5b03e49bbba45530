/**
 * The material names a list of products' recipes hold: what getMaterialsByName (./materials.ts) reads for their
 * margins. A module of its own, without the margins' code: the market store, in every page's start-up JavaScript,
 * needs only this, and ./used-in-first-view.ts brings the production economics with it.
 */
import type { Product } from '@sbc/domain';

export function recipeMaterialNames(products: readonly Pick<Product, 'requested_materials'>[]): string[] {
  return [...new Set(products.flatMap((p) => Object.keys(p.requested_materials)))];
}
