import { materialsTotals } from '@sbc/domain';
import type { LedgerRows, MarketStoreApi } from '@sbc/shared';

/**
 * The ledger as the store knows it: its first rows until the whole ledger is read (issue 36). Under a shell released
 * before first views (`@sbc/shared` is the shell's copy: docs/deploying.md, compatibility policy) the store has only
 * the whole ledger, and this answers with it, as that release did.
 */
export function ledgerRowsOf(market: MarketStoreApi): LedgerRows {
  if (market.ledgerRows) return market.ledgerRows();
  const materials = market.materials;
  const state = market.materialsState;
  return { materials, total: materials.length, totals: materialsTotals(materials), complete: true, state, wholeState: state };
}

/** Loads what /materials shows first: the ledger's first view, or under an older shell the whole ledger. */
export function loadLedgerFirstView(market: MarketStoreApi, options: { force?: boolean } = {}): Promise<void> {
  return market.loadMaterialsFirstPage ? market.loadMaterialsFirstPage(options) : market.loadMaterials(options);
}
