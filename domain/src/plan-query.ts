/**
 * The plan in the planner's address (issue 37), apart from the plan's figures (./production-plan.ts): the planner's
 * page data reads it at every page's start-up (public-site's prepare chunk), which should not carry the economics.
 */
import type { PlanBudget } from './production-plan';
import { slugify } from './text';

/** The plan in the planner's address, so a plan can be shared: ?p=<slug>&q=<units>… (pairs), have:<material>=<units>, sbc, slots, hours. */
export const PLAN_PARAMS = { product: 'p', quantity: 'q', havePrefix: 'have:', sbc: 'sbc', slots: 'slots', hours: 'hours' } as const;

/** At most this many products in one plan (the address stays short, the page readable). */
export const MAX_PLAN_LINES = 20;

export interface PlanQuery {
  lines: Array<{ slug: string; quantity: number }>;
  have: Record<string, number>;
  /** null unless all three are given as numbers above 0. */
  budget: PlanBudget | null;
}

/**
 * A budget figure or an amount the player has, as the address gives it: a plain decimal above 0 ('12', '2.5'), else
 * null. One rule for the planner's address and the open data API's /plan/suggestions (functions/src/open-data).
 */
export function positiveNumber(text: string | null | undefined): number | null {
  const t = (text ?? '').trim();
  const n = /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The budget's query (?sbc=&slots=&hours=, PLAN_PARAMS): the planner's address and the API's /plan/suggestions take the same. */
export function budgetSearch(budget: PlanBudget): string {
  const params = new URLSearchParams();
  params.set(PLAN_PARAMS.sbc, String(budget.sbc));
  params.set(PLAN_PARAMS.slots, String(budget.slots));
  params.set(PLAN_PARAMS.hours, String(budget.hours));
  return params.toString();
}

/**
 * What a picker's text names: a slug as it is (lower-case letters, digits and dashes), anything else read as a
 * product's name and turned into the slug a name gets (slugify), so a name typed before the picker offers its
 * choices still finds its product. '' when nothing is left.
 */
export function planSlug(text: string): string {
  const trimmed = text.trim();
  return /^[a-z0-9-]*$/.test(trimmed) ? trimmed : slugify(trimmed);
}

/**
 * Reads the plan from the address. A line without a product or with a quantity that is not a whole number above 0
 * is dropped, the same product twice is added up, at most MAX_PLAN_LINES; "have" amounts must be numbers above 0.
 */
export function readPlanQuery(params: URLSearchParams): PlanQuery {
  const slugs = params.getAll(PLAN_PARAMS.product);
  const quantities = params.getAll(PLAN_PARAMS.quantity);
  const bySlug = new Map<string, number>();
  slugs.forEach((raw, i) => {
    const slug = planSlug(raw);
    const quantity = positiveNumber(quantities[i] ?? null);
    if (slug === '' || quantity === null || !Number.isInteger(quantity)) return;
    if (!bySlug.has(slug) && bySlug.size >= MAX_PLAN_LINES) return;
    bySlug.set(slug, (bySlug.get(slug) ?? 0) + quantity);
  });
  const have: Record<string, number> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(PLAN_PARAMS.havePrefix)) continue;
    const amount = positiveNumber(value);
    if (amount !== null) have[key.slice(PLAN_PARAMS.havePrefix.length)] = amount;
  }
  const sbc = positiveNumber(params.get(PLAN_PARAMS.sbc));
  const slots = positiveNumber(params.get(PLAN_PARAMS.slots));
  const hours = positiveNumber(params.get(PLAN_PARAMS.hours));
  return {
    lines: [...bySlug].map(([slug, quantity]) => ({ slug, quantity })),
    have,
    budget: sbc !== null && slots !== null && hours !== null ? { sbc, slots, hours } : null,
  };
}

/** The address's query for a plan (readPlanQuery reads it back). */
export function planSearch(query: PlanQuery): string {
  const params = new URLSearchParams();
  for (const line of query.lines) {
    params.append(PLAN_PARAMS.product, line.slug);
    params.append(PLAN_PARAMS.quantity, String(line.quantity));
  }
  for (const [name, amount] of Object.entries(query.have)) params.append(`${PLAN_PARAMS.havePrefix}${name}`, String(amount));
  const budget = query.budget ? budgetSearch(query.budget) : '';
  return [params.toString(), budget].filter((part) => part !== '').join('&');
}
