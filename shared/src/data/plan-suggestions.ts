/**
 * The rankings made where the catalogue is (issue 36: a page costs what it shows): the production planner's "What
 * should I make?" and the profitability ranking (/market/profitability, domain rankProfitability: the page shows its
 * first rows and reads the whole compact ranking, about 200 bytes a product, when a sort, a filter, "Show more" or
 * the CSV asks for it; never the products' documents). Both are read the same three ways, below.
 *
 * The planner's suggestions: ranking a budget needs every
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
import {
  budgetSearch,
  PLAN_SUGGESTIONS_API_PATH,
  PROFITABILITY_API_PATH,
  rankProfitability,
  rankSuggestions,
  type PlanBudget,
  type ProfitabilityFilter,
  type ProfitabilityRow,
  type ProfitabilitySort,
  type RankedProfitability,
  type RankedSuggestions,
  type SuggestionRow,
} from '@sbc/domain';
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
  /**
   * The profitability ranking narrowed by `filter`, sorted by `sort` (the ranking's own order without one): its first
   * `limit` rows (every row without a limit), how many match, and every sector and talent (the filters' choices).
   * Browser: one API request (0 Firestore reads; about 200 bytes a row); render server: 0 reads once its period holds
   * the products and materials (N + M the first time).
   */
  getProfitability(filter: ProfitabilityFilter, limit?: number, sort?: ProfitabilitySort): Promise<RankedProfitability>;
}

/** The ranking from a gateway's whole product list and ledger (one getAll each: whatever they cost there). */
export function catalogueRanking(catalogue: { products: Pick<ProductReads, 'getAll'>; materials: Pick<MaterialReads, 'getAll'> }): PlanReads {
  return {
    async getSuggestions(budget, limit) {
      const [products, materials] = await Promise.all([catalogue.products.getAll(), catalogue.materials.getAll()]);
      return rankSuggestions(products, materials, budget, limit);
    },
    async getProfitability(filter, limit, sort) {
      const [products, materials] = await Promise.all([catalogue.products.getAll(), catalogue.materials.getAll()]);
      return rankProfitability(products, materials, filter, limit, sort);
    },
  };
}

/**
 * One list of the open data API on the page's own origin (the shell's Hosting rewrite of /api/**, the static server
 * locally), or null on a 404: the deployed API has no such route yet (functions deploy alone). Any other failure, and
 * an answer that is not the API's list (a proxy's HTML page, a truncated body: `valid` says), is the call's error.
 */
async function readApiList<List>(fetchImpl: typeof fetch, path: string, search: string, valid: (list: Partial<List> | null) => boolean, what: string): Promise<List | null> {
  const answer = async (): Promise<List | null> => {
    const response = await fetchImpl(search === '' ? path : `${path}?${search}`, { headers: { Accept: 'application/json' } });
    if (response.status === 404) return null;
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new Error(`${path}: HTTP ${response.status}${body?.error?.message ? `: ${body.error.message}` : ''}`);
    }
    const list = (await response.json().catch(() => null)) as Partial<List> | null;
    if (!valid(list)) throw new Error(`${path}: the answer is not ${what}`);
    return list as List;
  };
  return withTimeout(answer(), PLAN_SUGGESTIONS_TIMEOUT_MS, path);
}

/** The API's answers (PlanSuggestionList, ProfitabilityList), as far as the page needs them. */
interface SuggestionList {
  data: SuggestionRow[];
  meta: { total: number };
}
interface ProfitabilityList {
  data: ProfitabilityRow[];
  meta: { total: number; sectors: string[]; talents: string[] };
}

/**
 * The browser's rankings: the open data API. A 404 (an API deployed before the route) ranks here from `fallback`'s
 * whole lists, as a page did before; any other failure is the call's error (the page says what could not be loaded).
 */
export function createApiPlanReads(fallback: PlanReads, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): PlanReads {
  return {
    async getSuggestions(budget, limit) {
      const list = await readApiList<SuggestionList>(
        fetchImpl,
        PLAN_SUGGESTIONS_API_PATH,
        `${budgetSearch(budget)}&limit=${limit}`,
        (answer) => Array.isArray(answer?.data) && typeof answer?.meta?.total === 'number',
        'a list of suggestions',
      );
      return list ? { rows: list.data, total: list.meta.total } : fallback.getSuggestions(budget, limit);
    },
    async getProfitability(filter, limit, sort) {
      const search = new URLSearchParams();
      if (filter.sector) search.set('sector', filter.sector);
      if (filter.talent) search.set('talent', filter.talent);
      if (limit !== undefined) search.set('limit', String(limit));
      if (sort) {
        search.set('sort', sort.key);
        search.set('dir', sort.direction);
      }
      const list = await readApiList<ProfitabilityList>(
        fetchImpl,
        PROFITABILITY_API_PATH,
        search.toString(),
        (answer) => Array.isArray(answer?.data) && typeof answer?.meta?.total === 'number' && Array.isArray(answer?.meta?.sectors) && Array.isArray(answer?.meta?.talents),
        'the profitability ranking',
      );
      return list ? { rows: list.data, total: list.meta.total, sectors: list.meta.sectors, talents: list.meta.talents } : fallback.getProfitability(filter, limit, sort);
    },
  };
}
