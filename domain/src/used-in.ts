/**
 * "Used in": the products whose recipe needs a material, with the quantity one unit needs and the product's
 * production economics at today's material prices (./production-economics.ts, the one home of the margins).
 *
 * Decisions (the spec has no such list):
 * - A product uses a material when its `requested_materials` holds the material's name with a quantity above 0
 *   (the query the site runs, `requested_materials.<name> > 0`, matches the exact name only; a recipe that spells
 *   it in another case is not found, as the ledger's lookup would not find it by document id either).
 * - At most USED_IN_LIMIT products are read for one material (bounded reads); the page says when there are more.
 */
import { materialPriceLookup, productionEconomics, type ProductionEconomics } from './production-economics';
import type { Material, Product } from './types';

/** Products read for one material's "Used in" list at most (one read each); one more is read to know there are more. */
export const USED_IN_LIMIT = 200;

export interface UsedInRow {
  product: Product;
  /** Units of the material one unit of the product needs. */
  quantity: number;
  economics: ProductionEconomics;
}

/** The quantity of `material` in the recipe, or 0 when the recipe does not name it (or names a non-finite or non-positive quantity). */
export function quantityOfMaterial(product: Pick<Product, 'requested_materials'>, material: string): number {
  const quantity = product.requested_materials[material];
  return typeof quantity === 'number' && Number.isFinite(quantity) && quantity > 0 ? quantity : 0;
}

/** One row per product that needs the material (quantity above 0), with its economics at the ledger's prices. */
export function usedInRows(products: readonly Product[], material: string, ledger: readonly Pick<Material, 'name' | 'value'>[]): UsedInRow[] {
  const priceOf = materialPriceLookup(ledger);
  const rows: UsedInRow[] = [];
  for (const product of products) {
    const quantity = quantityOfMaterial(product, material);
    if (quantity === 0) continue;
    rows.push({ product, quantity, economics: productionEconomics(product, priceOf) });
  }
  return rows;
}
