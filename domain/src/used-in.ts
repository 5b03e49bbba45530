/**
 * "Used in": the products whose recipe needs a material, with the quantity one unit needs and the product's
 * production economics at today's material prices (./production-economics.ts, the one home of the margins).
 *
 * Decisions (the spec has no such list):
 * - A product uses a material when its `requested_materials` holds the material's name with a quantity above 0
 *   (the query the site runs, `requested_materials.<name> > 0`, matches the exact name only; a recipe that spells
 *   it in another case is not found, as the ledger's lookup would not find it by document id either).
 * - At most USED_IN_LIMIT products are read for one material (bounded reads); the page says when there are more.
 * - The list's default order is the margin per unit, highest first (what "is this product worth producing?" asks
 *   first); a margin that is unknown (a material missing from the ledger) comes last, and ties keep the list's own
 *   order (by name). The page's first view (issue 36) is the first rows of that order: usedInByMargin.
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

/**
 * The rows in the list's default order: margin per unit, highest first, unknown margins last, ties in the order
 * given. The same order as the page's table sorted by its "Margin / Unit" column high to low (public-site's
 * table-state sortRows: missing last, stable), which a test of the page holds it to: a first view ranked here is the
 * top of what the table shows once the whole list is read.
 */
export function usedInByMargin(rows: readonly UsedInRow[]): UsedInRow[] {
  const known = (v: number | null): v is number => v !== null && !Number.isNaN(v);
  return [...rows].sort((a, b) => {
    const am = a.economics.marginPerUnit;
    const bm = b.economics.marginPerUnit;
    if (known(am) && known(bm)) return bm - am;
    return Number(!known(am)) - Number(!known(bm));
  });
}
