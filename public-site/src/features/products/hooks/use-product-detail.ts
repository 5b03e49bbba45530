import type { DetailState } from '@sbc/shared';
import type { Product } from '@sbc/domain';
import { useSlugDetail, type DetailAccess } from '../../../hooks/use-slug-detail';

const PRODUCT_RECORD: DetailAccess<Product> = {
  stored: ({ market }) => {
    const { productRecord } = market;
    if (!productRecord) return undefined;
    return (slug) => {
      const { state, product } = productRecord(slug);
      return { state, item: product };
    };
  },
  load: async (root, slug) => {
    const detail = await root.loadProductDetail(slug);
    return { state: detail.state, item: detail.product };
  },
};

/** One product for the detail page: 'loading', then 'ready', 'notFound' or 'error' (with `retry`). */
export function useProductDetail(slug: string | undefined): { state: DetailState; product: Product | null; retry: () => void } {
  const { state, item, retry } = useSlugDetail(slug, 'product', PRODUCT_RECORD);
  return { state, product: item, retry };
}
