/**
 * Production economics of a product at today's market: what its materials cost, what is left of the average
 * price after materials and production cost, and that margin per hour of lead time.
 *
 * Decisions (the spec has no such figures; they answer "is this product worth producing?"):
 * - Materials cost = Σ quantity × the material's unit price (`Material.value`) from the materials ledger.
 * - Margin per unit = average market price − materials cost − production cost (`production.cost`).
 * - Margin % = margin per unit ÷ average price × 100; none (null) when the average price is not above 0.
 * - Margin per hour = margin per unit ÷ (lead time in hours); `production.time` is minutes of game time, so
 *   hours = minutes ÷ 60. None (null) for a zero, negative or non-finite lead time (there is no rate).
 * - A required material that is not in the ledger is listed in `missing` and its line has no price. The
 *   margins are then null (unknown), never computed as if the material were free; `marginUpperBound` keeps
 *   the average price minus what is known, which the margin can only be below.
 * - Material names are matched exactly first, then case-insensitively (the add-product picker upper-cases
 *   the first letter, records imported elsewhere may not).
 * - The average price is `average_market_price`; the price history (`lastvqvalue`) does not enter, so an
 *   empty history changes nothing.
 * - A non-finite quantity counts as 0 units (the line shows 0); a non-finite price is treated as missing.
 */
import type { Material, Product } from './types';

export interface MaterialCostLine {
  name: string;
  quantity: number;
  /** The ledger's unit price, or null when the material is not in the ledger. */
  unitPrice: number | null;
  /** quantity × unitPrice, or null when the price is unknown. */
  cost: number | null;
}

export interface MaterialsCost {
  lines: MaterialCostLine[];
  /** Σ of the known lines. */
  knownTotal: number;
  /** Names of required materials the ledger does not have. */
  missing: string[];
  /** The total when every line is known, else null. */
  total: number | null;
}

export interface ProductionEconomics {
  averagePrice: number;
  productionCost: number;
  /** Minutes of game time. */
  leadTimeMinutes: number;
  materials: MaterialsCost;
  /** null when a material is missing. */
  marginPerUnit: number | null;
  /** null when a material is missing or the average price is not above 0. */
  marginPercent: number | null;
  /** null when a material is missing or the lead time is not above 0. */
  marginPerHour: number | null;
  /** average price − known materials − production cost: the margin is at most this. */
  marginUpperBound: number;
}

/** A lookup of the materials ledger by name: exact match first, then case-insensitive. */
export function materialPriceLookup(materials: readonly Pick<Material, 'name' | 'value'>[]): (name: string) => number | null {
  const exact = new Map<string, number>();
  const folded = new Map<string, number>();
  for (const m of materials) {
    if (!Number.isFinite(m.value)) continue;
    exact.set(m.name, m.value);
    const key = m.name.toLowerCase();
    if (!folded.has(key)) folded.set(key, m.value);
  }
  return (name) => exact.get(name) ?? folded.get(name.toLowerCase()) ?? null;
}

/** Σ quantity × unit price, line by line, with the materials the ledger lacks. */
export function materialsCost(requested: Readonly<Record<string, number>>, priceOf: (name: string) => number | null): MaterialsCost {
  const lines: MaterialCostLine[] = [];
  const missing: string[] = [];
  let knownTotal = 0;
  for (const [name, raw] of Object.entries(requested)) {
    const quantity = Number.isFinite(raw) ? raw : 0;
    const unitPrice = priceOf(name);
    if (unitPrice === null) {
      missing.push(name);
      lines.push({ name, quantity, unitPrice: null, cost: null });
      continue;
    }
    const cost = quantity * unitPrice;
    knownTotal += cost;
    lines.push({ name, quantity, unitPrice, cost });
  }
  return { lines, knownTotal, missing, total: missing.length === 0 ? knownTotal : null };
}

/** Margin per unit ÷ average price × 100; null without a positive average price. */
export function marginPercent(margin: number, averagePrice: number): number | null {
  return Number.isFinite(averagePrice) && averagePrice > 0 ? (margin / averagePrice) * 100 : null;
}

/** Margin per unit ÷ lead-time hours (minutes ÷ 60); null without a positive lead time. */
export function marginPerHour(margin: number, leadTimeMinutes: number): number | null {
  return Number.isFinite(leadTimeMinutes) && leadTimeMinutes > 0 ? margin / (leadTimeMinutes / 60) : null;
}

const finiteOr0 = (n: number) => (Number.isFinite(n) ? n : 0);

/** Every figure of the production-economics panel and the profitability ranking. */
export function productionEconomics(
  product: Pick<Product, 'average_market_price' | 'production' | 'requested_materials'>,
  priceOf: (name: string) => number | null,
): ProductionEconomics {
  const averagePrice = finiteOr0(product.average_market_price);
  const productionCost = finiteOr0(product.production.cost);
  const leadTimeMinutes = finiteOr0(product.production.time);
  const materials = materialsCost(product.requested_materials, priceOf);
  const marginUpperBound = averagePrice - materials.knownTotal - productionCost;
  const marginPerUnit = materials.total === null ? null : marginUpperBound;
  return {
    averagePrice,
    productionCost,
    leadTimeMinutes,
    materials,
    marginPerUnit,
    marginPercent: marginPerUnit === null ? null : marginPercent(marginPerUnit, averagePrice),
    marginPerHour: marginPerUnit === null ? null : marginPerHour(marginPerUnit, leadTimeMinutes),
    marginUpperBound,
  };
}
