import { FOUND, NOT_FOUND, type PageData } from '../../lib/page-data';
import { FILTER_PARAM, SORT_PARAM } from '../../hooks/use-table-url-state';

/**
 * /materials: the ledger's first rows, its count and its totals (issue 36: what the page shows first; the whole
 * ledger is read when the page first needs it). A sorted or filtered address shows rows taken from the whole ledger,
 * so it reads the whole ledger, as the page did before.
 */
export const materialsPageData: PageData = {
  stats: true,
  async load(root, { searchParams }, { force }) {
    const whole = searchParams.has(SORT_PARAM) || searchParams.has(FILTER_PARAM);
    await (whole ? root.market.loadMaterials({ force }) : root.market.loadMaterialsFirstPage({ force }));
    return FOUND;
  },
};

/** /materials/{slug}: the material's record (MarketStore.materialRecord) and the products it is used in. */
export const materialPageData: PageData = {
  stats: true,
  async load(root, { params }, { force }) {
    const slug = params.slug ?? '';
    const detail = await root.loadMaterialDetail(slug, { fresh: force });
    if (detail.state === 'notFound') return NOT_FOUND;
    // "Used in": its first view (issue 36: the first rows by margin, the count and the materials those rows name),
    // part of the recorded reads; the rest is read in the browser when the page needs it.
    const name = detail.material?.name;
    if (name !== undefined) await root.market.loadUsedInFirstView(name, { force });
    return FOUND;
  },
};
