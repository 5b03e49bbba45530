import { useEffect, useState } from 'react';
import { useRootStore, type DetailState, type Material } from '@sbc/shared';

/** One material for the detail page: 'loading', then 'ready' or 'notFound'; a late answer for an old slug is dropped. */
export function useMaterialDetail(slug: string | undefined): { state: DetailState; material: Material | null } {
  const root = useRootStore();
  const [result, setResult] = useState<{ slug: string | undefined; state: DetailState; material: Material | null }>({
    slug,
    state: 'loading',
    material: null,
  });

  useEffect(() => {
    let current = true;
    setResult({ slug, state: 'loading', material: null });
    root
      .loadMaterialDetail(slug ?? '')
      .then((detail) => current && setResult({ slug, state: detail.state, material: detail.material }))
      .catch((error: unknown) => {
        console.error(`Failed to load material ${slug ?? ''}`, error);
        if (current) setResult({ slug, state: 'notFound', material: null });
      });
    return () => {
      current = false;
    };
  }, [root, slug]);

  return result.slug === slug ? result : { state: 'loading', material: null };
}
