import { FOUND, NOT_FOUND, type PageData } from '../../lib/page-data';
import { FILTER_PARAM, readTableState, SORT_PARAM } from '../../hooks/use-table-url-state';
import { SECTOR_PARAM } from './hooks/use-sector-selection';
import { RANKING_DEFAULT_SORT, rankingFilterOf, rankingSortOf } from './ranking-filter';

/**
 * /products: the market statistics (the heatmap) and the selected sector's first page (issue 36: what the panel shows
 * first; the rest is read when the panel first needs it). A sorted or filtered address shows rows taken from the whole
 * sector, so it reads the whole sector, as every sector page did before.
 */
export const productsPageData: PageData = {
  stats: true,
  async load(root, { searchParams }, { force }) {
    await root.market.loadMarketStats({ force });
    const sector = searchParams.get(SECTOR_PARAM) ?? root.market.categoryGroups[0]?.category ?? null;
    if (sector === null) return FOUND;
    const whole = searchParams.has(SORT_PARAM) || searchParams.has(FILTER_PARAM);
    await (whole ? root.market.loadCategory(sector, { force }) : root.market.loadCategoryFirstPage(sector, { force }));
    // Without ?sector= the page shows the first sector, as the browser's auto-selection does.
    if (searchParams.has(SECTOR_PARAM)) root.market.selectCategory(sector);
    else root.market.autoSelectFirstCategory();
    return FOUND;
  },
};

/**
 * /products/{slug}: the product's record (MarketStore.productRecord) and its recipe's materials (the production
 * economics panel's prices: part of the render's recorded reads, so the browser's panel finds them in its store
 * instead of reading them once per visitor).
 */
export const productPageData: PageData = {
  stats: true,
  async load(root, { params }, { force }) {
    const slug = params.slug ?? '';
    const detail = await root.loadProductDetail(slug, { fresh: force });
    if (detail.state === 'notFound') return NOT_FOUND;
    const recipe = Object.keys(detail.product?.requested_materials ?? {});
    await Promise.all(recipe.map((name) => root.loadMaterialDetail(name, { fresh: force })));
    return FOUND;
  },
};

/**
 * /market/profitability: the ranking's first rows for the address's ?sector= and ?talent=, in the order of its ?sort=
 * and ?dir= (issue 36: 20 compact rows ranked and sorted where the catalogue is, gateway plan.getProfitability, not the
 * N products and M materials the page read in the browser before). A text-filtered address renders those rows too,
 * busy, while the browser reads the whole compact ranking (as a sector page's first page waits for its sector): the
 * HTML never holds the whole catalogue. Under a shell whose store predates the ranking (optional in the contract),
 * nothing is read here: the page ranks the products itself in the browser, as before (ProfitabilityPage).
 */
export const profitabilityPageData: PageData = {
  stats: true,
  async load(root, { searchParams }, { force }) {
    const sort = rankingSortOf(readTableState(searchParams, RANKING_DEFAULT_SORT));
    await root.market.loadProfitability?.(rankingFilterOf(searchParams), sort ? { force, sort } : { force });
    return FOUND;
  },
};
