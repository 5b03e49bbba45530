import { useEffect, useState } from 'react';
import { useRootStore, type DetailState, type Product } from '@sbc/shared';

/**
 * One product for the detail page: 'loading', then 'ready' or 'notFound' (the store turns a missing slug or a
 * failed read into notFound). A new slug starts over; a late answer for an old slug is dropped.
 */
export function useProductDetail(slug: string | undefined): { state: DetailState; product: Product | null } {
  const root = useRootStore();
  const [result, setResult] = useState<{ slug: string | undefined; state: DetailState; product: Product | null }>({
    slug,
    state: 'loading',
    product: null,
  });

  useEffect(() => {
    let current = true;
    setResult({ slug, state: 'loading', product: null });
    root
      .loadProductDetail(slug ?? '')
      .then((detail) => current && setResult({ slug, state: detail.state, product: detail.product }))
      .catch((error: unknown) => {
        console.error(`Failed to load product ${slug ?? ''}`, error);
        if (current) setResult({ slug, state: 'notFound', product: null });
      });
    return () => {
      current = false;
    };
  }, [root, slug]);

  return result.slug === slug ? result : { state: 'loading', product: null };
}
