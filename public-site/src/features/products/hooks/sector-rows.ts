import type { MarketStoreApi, SectorRows } from '@sbc/shared';

/**
 * A sector's rows as the store knows them: its first page until the whole sector is read (issue 36). Under a shell
 * released before first pages (`@sbc/shared` is the shell's copy: docs/deploying.md, compatibility policy) the store
 * has only whole sectors, and this answers with those, as that release did.
 */
export function sectorRowsOf(market: MarketStoreApi, category: string): SectorRows {
  if (market.sectorRows) return market.sectorRows(category);
  const products = market.productsOfCategory(category);
  const state = market.categoryState(category);
  return { products, total: products.length, complete: true, state, wholeState: state };
}

/** Loads what a sector's page shows first: its first page, or under an older shell the whole sector. */
export function loadSectorFirstView(market: MarketStoreApi, category: string, options: { force?: boolean } = {}): Promise<void> {
  return market.loadCategoryFirstPage ? market.loadCategoryFirstPage(category, options) : market.loadCategory(category, options);
}
