/**
 * What a material page's "Used in" list shows before the whole list is read (issue 36;
 * MarketStore.loadUsedInFirstView): the gateway's answer to getProductsUsingMaterialFirstView (./products.ts; the
 * gateway's products.getUsingMaterialFirstView), and how it is taken from a list and materials already read (the
 * Firebase call, the fake gateway). Its own file: the gateway's interface and ./products.ts both need it.
 */
import { USED_IN_LIMIT, usedInByMargin, usedInRows, type Material, type Product } from '@sbc/domain';

export interface UsedInFirstView {
  /** The list's first `count` products in its default order (margin per unit, highest first: domain usedInByMargin). */
  items: Product[];
  /**
   * How many products the whole list holds, as products.getUsingMaterial answers it: at most USED_IN_LIMIT + 1 (the
   * page shows USED_IN_LIMIT and says when more use the material).
   */
  total: number;
  /** The materials those products' recipes name (their margins), and no others. */
  materials: Material[];
}

/**
 * The first view of a "Used in" list already read with the materials its recipes name: ranked as the page's table
 * ranks the whole list (its first USED_IN_LIMIT products by name, then by margin), the first `count` kept with only
 * the materials they name. A name matches case-insensitively too, as the margins' price lookup does.
 */
export function usedInFirstView(products: readonly Product[], material: string, ledger: readonly Material[], count: number): UsedInFirstView {
  const ranked = usedInByMargin(usedInRows(products.slice(0, USED_IN_LIMIT), material, ledger));
  const items = ranked.slice(0, count).map((r) => r.product);
  const named = new Set(items.flatMap((p) => Object.keys(p.requested_materials).map((name) => name.toLowerCase())));
  return { items, total: products.length, materials: ledger.filter((m) => named.has(m.name.toLowerCase())) };
}
