import { FOUND, type PageData } from '../../lib/page-data';

/** /market/planner: its choices and figures, the product list N and the ledger M, shared by every render of the period. */
export const plannerPageData: PageData = {
  stats: true,
  async load(root, _match, { force }) {
    await Promise.all([root.market.loadProducts({ force }), root.market.loadMaterials({ force })]);
    return FOUND;
  },
};
