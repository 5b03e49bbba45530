import type { DetailState } from '@sbc/shared';
import type { Product } from '@sbc/domain';
import { useSlugDetail } from '../../../hooks/use-slug-detail';

/** One product for the detail page: 'loading', then 'ready', 'notFound' or 'error' (with `retry`). */
export function useProductDetail(slug: string | undefined): { state: DetailState; product: Product | null; retry: () => void } {
  const { state, item, retry } = useSlugDetail(slug, 'product', async (root, s) => {
    const detail = await root.loadProductDetail(s);
    return { state: detail.state, item: detail.product };
  });
  return { state, product: item, retry };
}
