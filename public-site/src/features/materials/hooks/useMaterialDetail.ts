import type { DetailState, Material } from '@sbc/shared';
import { useSlugDetail } from '../../../hooks/use-slug-detail';

/** One material for the detail page: 'loading', then 'ready' or 'notFound'. */
export function useMaterialDetail(slug: string | undefined): { state: DetailState; material: Material | null } {
  const { state, item } = useSlugDetail(slug, 'material', async (root, s) => {
    const detail = await root.loadMaterialDetail(s);
    return { state: detail.state, item: detail.material };
  });
  return { state, material: item };
}
