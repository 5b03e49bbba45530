/**
 * The production planner's figures (issue 37): for products and quantities, the materials needed and what they cost
 * at current prices (less what the player already has), the game time, the warehouse space, the revenue at the
 * average price and the margin; and, for a budget of SBC, warehouse slots and game hours, what to make, best first.
 * Per-unit figures come from ./production-economics.ts (one home for each formula).
 *
 * Decisions (the spec has no planner):
 * - **Materials**: needed = Σ quantity × the recipe's quantity; to buy = needed − what the player has (not below 0);
 *   cash to spend = to buy × the ledger's unit price + quantity × production cost.
 * - **Margin** counts every material needed at its current price, owned or bought: a unit already owned could be sold
 *   at that price instead (its opportunity cost), so owning materials lowers the cash needed, not the margin.
 *   Margin = revenue − materials cost − production cost; revenue = quantity × average price.
 * - **Time** = quantity × lead time, in game hours (production.time is minutes), one unit after another.
 * - **Space** = the warehouse slots of the materials to buy (× the material's slots per unit) and of the finished
 *   products (× space_required), as if all were stored at once (the plan's peak).
 * - A material missing from the ledger leaves the line's cost and margins unknown (null), as on the product page.
 * - **Suggestions** ("what should I make with N SBC, W slots and H hours"): each product on its own, as many units as
 *   the budget, the space and the time allow (each per unit, the player's materials not counted), ranked by the total
 *   margin of those units, best first (then name, then slug: compareSuggestions); products with no known or no
 *   positive margin are left out.
 */
import { materialPriceLookup, productionEconomics, type ProductionEconomics } from './production-economics';
import type { Material, Product } from './types';
import type { components } from './open-data/openapi-types';

export interface PlanLine {
  product: Product;
  quantity: number;
}

export interface PlanMaterial {
  name: string;
  needed: number;
  have: number;
  toBuy: number;
  unitPrice: number | null;
  /** toBuy × unitPrice; null without a price. */
  cost: number | null;
}

export interface PlannedLine {
  product: Product;
  quantity: number;
  economics: ProductionEconomics;
  revenue: number;
  /** null when a material is missing from the ledger. */
  margin: number | null;
  hours: number;
  marginPerHour: number | null;
}

export interface ProductionPlan {
  lines: PlannedLine[];
  materials: PlanMaterial[];
  /** Σ materials to buy at their prices + production costs; null when a price is missing. */
  cash: number | null;
  revenue: number;
  margin: number | null;
  hours: number;
  marginPerHour: number | null;
  slots: number;
}

type Ledger = readonly Pick<Material, 'name' | 'value' | 'spaceRequired'>[];

const finite0 = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** What a plan looks up in the ledger: a material's unit price and its slots per unit. */
interface LedgerLookups {
  priceOf: (name: string) => number | null;
  slotsOf: ReadonlyMap<string, number>;
}

/**
 * Built once per ledger: suggestProduction plans every product twice, and building these per plan made ranking 5,000
 * products against 1,000 materials take 3-5 s (two maps of the whole ledger per plan) instead of milliseconds.
 */
function ledgerLookups(ledger: Ledger): LedgerLookups {
  return { priceOf: materialPriceLookup(ledger), slotsOf: new Map(ledger.map((m) => [m.name.toLowerCase(), finite0(m.spaceRequired)])) };
}

/** Every figure of a plan (see the decisions above). `have` maps material names to units already owned. */
export function productionPlan(lines: readonly PlanLine[], ledger: Ledger, have: Readonly<Record<string, number>> = {}): ProductionPlan {
  return planWith(ledgerLookups(ledger), lines, have);
}

function planWith({ priceOf, slotsOf }: LedgerLookups, lines: readonly PlanLine[], have: Readonly<Record<string, number>>): ProductionPlan {
  const needed = new Map<string, number>();
  const planned: PlannedLine[] = [];
  let productSlots = 0;
  for (const { product, quantity: raw } of lines) {
    const quantity = finite0(raw);
    const economics = productionEconomics(product, priceOf);
    for (const [name, q] of Object.entries(product.requested_materials)) needed.set(name, (needed.get(name) ?? 0) + finite0(q) * quantity);
    const hours = (economics.leadTimeMinutes * quantity) / 60;
    const margin = economics.marginPerUnit === null ? null : economics.marginPerUnit * quantity;
    planned.push({ product, quantity, economics, revenue: economics.averagePrice * quantity, margin, hours, marginPerHour: margin === null || !(hours > 0) ? null : margin / hours });
    productSlots += finite0(product.space_required) * quantity;
  }
  const materials: PlanMaterial[] = [...needed].map(([name, n]) => {
    const owned = finite0(have[name] ?? 0);
    const toBuy = Math.max(0, n - owned);
    const unitPrice = priceOf(name);
    return { name, needed: n, have: Math.min(owned, n), toBuy, unitPrice, cost: unitPrice === null ? null : toBuy * unitPrice };
  });
  const known = materials.every((m) => m.cost !== null);
  const production = planned.reduce((s, l) => s + l.economics.productionCost * l.quantity, 0);
  const hours = planned.reduce((s, l) => s + l.hours, 0);
  const margin = planned.every((l) => l.margin !== null) ? planned.reduce((s, l) => s + (l.margin ?? 0), 0) : null;
  const materialSlots = materials.reduce((s, m) => s + m.toBuy * (slotsOf.get(m.name.toLowerCase()) ?? 0), 0);
  return {
    lines: planned,
    materials,
    cash: known ? materials.reduce((s, m) => s + (m.cost ?? 0), 0) + production : null,
    revenue: planned.reduce((s, l) => s + l.revenue, 0),
    margin,
    hours,
    marginPerHour: margin === null || !(hours > 0) ? null : margin / hours,
    slots: materialSlots + productSlots,
  };
}

export interface PlanBudget {
  sbc: number;
  slots: number;
  hours: number;
}

export interface PlanSuggestion {
  product: Product;
  /** Units the budget, the space and the time allow. */
  quantity: number;
  /** What stops it: the first of the three to run out. */
  limitedBy: 'sbc' | 'slots' | 'hours';
  plan: ProductionPlan;
}

/** What to make with the budget: one product each, as many units as fit, best total margin first (see above). */
export function suggestProduction(products: readonly Product[], ledger: Ledger, budget: PlanBudget): PlanSuggestion[] {
  const suggestions: PlanSuggestion[] = [];
  const lookups = ledgerLookups(ledger);
  for (const product of products) {
    const one = planWith(lookups, [{ product, quantity: 1 }], {});
    if (one.margin === null || !(one.margin > 0) || one.cash === null) continue;
    const limits: Array<[PlanSuggestion['limitedBy'], number]> = [
      ['sbc', one.cash > 0 ? budget.sbc / one.cash : Number.POSITIVE_INFINITY],
      ['slots', one.slots > 0 ? budget.slots / one.slots : Number.POSITIVE_INFINITY],
      ['hours', one.hours > 0 ? budget.hours / one.hours : Number.POSITIVE_INFINITY],
    ];
    const [limitedBy, most] = limits.reduce((a, b) => (b[1] < a[1] ? b : a));
    // + 1e-9: 0.1 + 0.2 style noise must not cost a whole unit.
    const quantity = Number.isFinite(most) ? Math.floor(most + 1e-9) : 0;
    if (quantity < 1) continue;
    suggestions.push({ product, quantity, limitedBy, plan: planWith(lookups, [{ product, quantity }], {}) });
  }
  const positionOf = (s: PlanSuggestion): SuggestionPosition => ({ margin: s.plan.margin ?? 0, name: s.product.name, slug: s.product.slug });
  return suggestions.sort((a, b) => compareSuggestions(positionOf(a), positionOf(b)));
}

/** What places a suggestion in the ranking: its total margin, name and slug (the open data API's cursor holds the three). */
export interface SuggestionPosition {
  margin: number;
  name: string;
  slug: string;
}

/**
 * The suggestions' order: total margin, best first; then by name (localeCompare, as the planner always sorted); then
 * by slug (unique), so the order is total and the API's keyset cursor (functions/src/open-data/request.ts
 * SuggestionsKey) names one place in it. The slug only orders rows of the same margin and the same name, which the
 * sort used to leave in the catalogue's read order: every pair of rows the order told apart keeps its place.
 */
export function compareSuggestions(a: SuggestionPosition, b: SuggestionPosition): number {
  return b.margin - a.margin || a.name.localeCompare(b.name) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/**
 * How many suggestions the planner shows (the first rows of the ranking), and the open data API's default `?limit=` of
 * /api/v1/plan/suggestions: the page's HTML and embedded state carry these rows, not the catalogue (issue 36).
 */
export const SUGGESTIONS_SHOWN = 20;

/**
 * Where the open data API answers the ranking for a budget (`?sbc=&slots=&hours=&limit=`, docs/open-data-api.md): the
 * API's router (functions/src/open-data/request.ts) and the browser's gateway (shared/src/data/plan-suggestions.ts) both
 * take it from here.
 */
export const PLAN_SUGGESTIONS_API_PATH = '/api/v1/plan/suggestions';

/**
 * One suggestion as the planner shows it and the open data API sends it: the API's `PlanSuggestion` schema
 * (functions/src/open-data/openapi.json, where each field is described), so the page and the API cannot disagree on
 * a field. The product's slug and name and the figures of the units that fit, without the product document or the
 * plan's materials.
 */
export type SuggestionRow = components['schemas']['PlanSuggestion'];

/** The first rows of a ranking and how many products it ranked in all. */
export interface RankedSuggestions {
  rows: SuggestionRow[];
  total: number;
}

/**
 * The planner's ranking cut to its first `limit` rows: the one ranking of the page (the render server's, from its
 * period's catalogue), of the open data API (functions/src/open-data) and of a page whose shell's store predates it
 * (the whole catalogue in the browser). suggestProduction keeps only products whose cash and margin are known, so
 * both are numbers here.
 */
export function rankSuggestions(products: readonly Product[], ledger: Ledger, budget: PlanBudget, limit: number): RankedSuggestions {
  const all = suggestProduction(products, ledger, budget);
  const rows = all.slice(0, Math.max(0, limit)).map(({ product, quantity, limitedBy, plan }) => ({
    slug: product.slug,
    name: product.name,
    quantity,
    limitedBy,
    cash: plan.cash as number,
    revenue: plan.revenue,
    margin: plan.margin as number,
    marginPerHour: plan.marginPerHour,
    hours: plan.hours,
    slots: plan.slots,
  }));
  return { rows, total: all.length };
}
