/** Material derivations and dashboard totals, SPEC.md section 3 "Material" and "Materials dashboard totals". */
import type { Material, MaterialDerived, MaterialsTotals } from './types';

export function deriveMaterial(m: Material): MaterialDerived {
  return {
    totalValue: m.value * m.amount,
    previousQuantityChange: m.amount - m.lastqty,
    previousValueChange: m.value - m.lastvalue,
    sinceStartQuantityChange: m.amount - m.startqty,
    sinceStartValueChange: m.value * m.amount - m.startvalue * m.startqty,
    averagePerDay: m.cyclecount > 0 ? m.amount / m.cyclecount : m.amount,
  };
}

export function materialsTotals(materials: readonly Material[]): MaterialsTotals {
  const count = materials.length;
  let totalUnits = 0;
  let totalValue = 0;
  let unitValues = 0;
  for (const m of materials) {
    totalUnits += m.amount;
    totalValue += m.value * m.amount;
    unitValues += m.value;
  }
  return { count, totalUnits, totalValue, averageUnitCost: count === 0 ? 0 : unitValues / count };
}
