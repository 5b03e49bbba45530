import type { DetailState } from '@sbc/shared';
import type { Product } from '@sbc/domain';
import { useSlugDetail, type DetailAccess } from '../../../hooks/use-slug-detail';

const PRODUCT_RECORD: DetailAccess<Product> = {
  stored: ({ market }, slug) => {
    const { state, product } = market.productRecord(slug);
    return { state, item: product };
  },
  load: (root, slug) => root.loadProductDetail(slug),
};

/** One product for the detail page: 'loading', then 'ready', 'notFound' or 'error' (with `retry`). */
export function useProductDetail(slug: string | undefined): { state: DetailState; product: Product | null; retry: () => void } {
  const { state, item, retry } = useSlugDetail(slug, 'product', PRODUCT_RECORD);
  return { state, product: item, retry };
}
