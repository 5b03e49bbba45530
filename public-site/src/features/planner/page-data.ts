import type { RootStore } from '@sbc/shared';
import { readPlanQuery, recipeMaterialNames, type PlanQuery } from '@sbc/domain';
import { FOUND, type PageData } from '../../lib/page-data';

/**
 * What the planner shows decides what it reads (issue 36: a page costs what it shows, not the catalogue):
 * - a plan: each product it names, by slug, and each material their recipes name, by name (1 read each; the store's
 *   records, which a market update reads again while shown). A shared plan of 3 products reads about 10 documents at
 *   any catalogue size.
 * - "What should I make?" (a budget in the address): the first SUGGESTIONS_SHOWN rows of the ranking, made where the
 *   catalogue already is (store loadPlanSuggestions → gateway plan.getSuggestions: on the render server from its period
 *   cache of the products and materials, in the browser by the open data API's /api/v1/plan/suggestions), so the page's
 *   HTML and recorded reads hold 20 rows, not N products and M materials (shared/src/data/plan-suggestions.ts).
 * The product picker's choices are not part of the page: they come from the header search's index when the picker
 * is first used (./components/use-product-choices.ts).
 */
/** The budget's suggestions: the store's first rows. */
function loadSuggestions(root: RootStore, query: PlanQuery, force: boolean): Promise<unknown> | null {
  if (!query.budget) return null;
  return root.market.loadPlanSuggestions(query.budget, { force });
}

/** The one declaration of the planner's reads: the render, the replay before hydration, the browser's later visits. */
export async function loadPlannerData(root: RootStore, query: PlanQuery, options: { force: boolean }): Promise<void> {
  const suggestions = loadSuggestions(root, query, options.force);
  const details = await Promise.all(query.lines.map((line) => root.loadProductDetail(line.slug, { fresh: options.force })));
  const names = recipeMaterialNames(details.flatMap((detail) => (detail.product ? [detail.product] : [])));
  await Promise.all([suggestions, ...names.map((name) => root.loadMaterialDetail(name, { fresh: options.force }))]);
}

/** /market/planner (issue 37): see loadPlannerData. */
export const plannerPageData: PageData = {
  stats: true,
  async load(root, { searchParams }, { force }) {
    await loadPlannerData(root, readPlanQuery(searchParams), { force });
    return FOUND;
  },
};
