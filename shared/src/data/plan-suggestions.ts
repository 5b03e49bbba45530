/**
 * The production planner's "What should I make?" (issue 36: a page costs what it shows). Ranking a budget needs every
 * product and every material (domain rankSuggestions), but the page shows only the first SUGGESTIONS_SHOWN rows, so the
 * ranking runs where the catalogue already is, once per market period for every visitor, and the page gets the rows:
 * - in the browser: the site's open data API, `GET /api/v1/plan/suggestions` (functions/src/open-data), which ranks from
 *   its period cache of the products and materials (0 Firestore reads to the visitor, no Firebase download; the CDN
 *   keeps each budget's answer for the period): createApiPlanReads;
 * - on the render server: from the render's period cache of the same two lists (../ssr/server-gateway.ts
 *   serverRenderReads), so a render records only the rows it shows and costs no read once the lists are cached;
 * - the fake gateway, and the browser when the deployed API predates the route (a 404: functions deploy alone): from a
 *   gateway's whole lists, catalogueRanking (N + M reads there, the cost of every budget page before).
 * Decided in docs/decisions.md ("The planner's suggestions are ranked where the catalogue is").
 */
import { budgetSearch, PLAN_SUGGESTIONS_API_PATH, rankSuggestions, type PlanBudget, type RankedSuggestions, type SuggestionRow } from '@sbc/domain';
import type { MaterialReads, ProductReads } from './gateway-groups';
import { withTimeout } from './timeout';

/**
 * How long the page waits for the API's suggestions before it says they could not be loaded (the store's error state
 * and its Retry). A healthy answer takes well under a second (the ranking is 30–90 ms at 5,000 products); 15 s is
 * where people give up on a spinner, as for the authentication calls (./timeout.ts).
 */
export const PLAN_SUGGESTIONS_TIMEOUT_MS = 15_000;

// --- plan: the planner's suggestions (no Firestore call of its own: see above) ---

export interface PlanReads {
  /**
   * The first `limit` products to make with `budget`, best total margin first, and how many fit in all. Browser: one
   * API request (0 Firestore reads); render server: 0 reads once its period holds the products and materials (N + M
   * the first time in the period).
   */
  getSuggestions(budget: PlanBudget, limit: number): Promise<RankedSuggestions>;
}

/** The ranking from a gateway's whole product list and ledger (one getAll each: whatever they cost there). */
export function catalogueRanking(catalogue: { products: Pick<ProductReads, 'getAll'>; materials: Pick<MaterialReads, 'getAll'> }): PlanReads {
  return {
    async getSuggestions(budget, limit) {
      const [products, materials] = await Promise.all([catalogue.products.getAll(), catalogue.materials.getAll()]);
      return rankSuggestions(products, materials, budget, limit);
    },
  };
}

/** The API's answer (its PlanSuggestionList schema), as far as the page needs it. */
interface SuggestionList {
  data: SuggestionRow[];
  meta: { total: number };
}

/**
 * The browser's suggestions: the open data API on the page's own origin (the shell's Hosting rewrite of /api/**, the
 * static server locally). A 404 means the deployed API has no such route yet (functions deploy alone): the ranking is
 * then made here from `fallback`'s whole lists, as a page did before. Any other failure is the call's error (the page
 * says the suggestions could not be loaded).
 */
export function createApiPlanReads(fallback: PlanReads, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): PlanReads {
  return {
    async getSuggestions(budget, limit) {
      const url = `${PLAN_SUGGESTIONS_API_PATH}?${budgetSearch(budget)}&limit=${limit}`;
      const answer = async (): Promise<RankedSuggestions | null> => {
        const response = await fetchImpl(url, { headers: { Accept: 'application/json' } });
        if (response.status === 404) return null;
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
          throw new Error(`${PLAN_SUGGESTIONS_API_PATH}: HTTP ${response.status}${body?.error?.message ? `: ${body.error.message}` : ''}`);
        }
        // Anything but the API's list (a proxy's HTML page, a truncated body) is an error, never rows of undefined.
        const list = (await response.json().catch(() => null)) as Partial<SuggestionList> | null;
        if (!Array.isArray(list?.data) || typeof list?.meta?.total !== 'number') {
          throw new Error(`${PLAN_SUGGESTIONS_API_PATH}: the answer is not a list of suggestions`);
        }
        return { rows: list.data, total: list.meta.total };
      };
      const ranked = await withTimeout(answer(), PLAN_SUGGESTIONS_TIMEOUT_MS, PLAN_SUGGESTIONS_API_PATH);
      return ranked ?? fallback.getSuggestions(budget, limit);
    },
  };
}
