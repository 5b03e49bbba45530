import { FOUND, NOT_FOUND, type PageData } from '../../lib/page-data';
import { FILTER_PARAM, SORT_PARAM } from '../../hooks/use-table-url-state';
import { SECTOR_PARAM } from './hooks/use-sector-selection';

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
