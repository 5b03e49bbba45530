import type { DetailState } from '@sbc/shared';
import type { Material } from '@sbc/domain';
import { useSlugDetail } from '../../../hooks/use-slug-detail';

/** One material for the detail page: 'loading', then 'ready', 'notFound' or 'error' (with `retry`). */
export function useMaterialDetail(slug: string | undefined): { state: DetailState; material: Material | null; retry: () => void } {
  const { state, item, retry } = useSlugDetail(slug, 'material', async (root, s) => {
    const detail = await root.loadMaterialDetail(s);
    return { state: detail.state, item: detail.material };
  });
  return { state, material: item, retry };
}
