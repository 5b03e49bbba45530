import type { DetailState } from '@sbc/shared';
import type { Material } from '@sbc/domain';
import { useSlugDetail, type DetailAccess } from '../../../hooks/use-slug-detail';

const MATERIAL_RECORD: DetailAccess<Material> = {
  stored: ({ market }, slug) => {
    const { state, material } = market.materialRecord(slug);
    return { state, item: material };
  },
  load: (root, slug) => root.loadMaterialDetail(slug),
};

/** One material for the detail page: 'loading', then 'ready', 'notFound' or 'error' (with `retry`). */
export function useMaterialDetail(slug: string | undefined): { state: DetailState; material: Material | null; retry: () => void } {
  const { state, item, retry } = useSlugDetail(slug, 'material', MATERIAL_RECORD);
  return { state, material: item, retry };
}
