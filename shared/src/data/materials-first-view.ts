/**
 * What /materials shows before the whole ledger is read (issue 36; MarketStore.loadMaterialsFirstPage): the gateway's
 * answer to getMaterialsFirstView (./materials.ts; the gateway's materials.getFirstView), and how it is taken from a ledger already read (the Firebase
 * call, the fake gateway). Its own file: the gateway's interface and ./materials.ts both need it.
 */
import { materialsTotals, type Material, type MaterialsTotals } from '@sbc/domain';

export interface MaterialsFirstView {
  /** The ledger's first `count` materials in the ledger's own order (document id = name, as getMaterials). */
  items: Material[];
  /** How many materials the ledger holds. */
  total: number;
  /** The four tiles' figures over the whole ledger (domain materialsTotals: the one home of the formula). */
  totals: MaterialsTotals;
}

/** The first view of a ledger already read, in its order. */
export function materialsFirstView(all: readonly Material[], count: number): MaterialsFirstView {
  return { items: all.slice(0, count), total: all.length, totals: materialsTotals(all) };
}
