import { setPreloaded } from '@sbc/shared';
import { FOUND, NOT_FOUND, type PageData } from '../../lib/page-data';

/**
 * /materials: the whole ledger. Its tiles sum every material and the number of materials does not grow with the
 * products (44 in the demo economy), so unlike a sector the page holds all of it (docs/performance.md, issue 36).
 */
export const materialsPageData: PageData = {
  stats: true,
  async load(root, _match, { force }) {
    await root.market.loadMaterials({ force });
    return FOUND;
  },
};

/** /materials/{slug}: the material's record (MarketStore.materialRecord) and the products it is used in. */
export const materialPageData: PageData = {
  stats: true,
  async load(root, { params }, { force }) {
    const slug = params.slug ?? '';
    const detail = await root.loadMaterialDetail(slug, { fresh: force });
    // For a shell released before the store kept records (as ../products/page-data.ts).
    if (!root.market.materialRecord) setPreloaded(root, `material:${slug}`, { state: detail.state, item: detail.material });
    if (detail.state === 'notFound') return NOT_FOUND;
    // "Used in": the products needing it (one bounded query) and the ledger for their margins, part of the recorded
    // reads. A shell released before issue 37 has no loadProductsUsing: the browser loads the list then.
    const name = detail.material?.name;
    if (name !== undefined && root.market.loadProductsUsing) {
      await Promise.all([root.market.loadProductsUsing(name, { force }), root.market.loadMaterials({ force })]);
    }
    return FOUND;
  },
};
