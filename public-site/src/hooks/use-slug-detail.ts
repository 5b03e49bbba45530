import { useEffect, useState } from 'react';
import { useRootStore, type DetailState, type RootStore } from '@sbc/shared';

export interface SlugDetail<T> {
  state: DetailState;
  item: T | null;
}

/**
 * One record for a detail page: 'loading', then 'ready' or 'notFound' (the store turns a missing slug or a
 * failed read into notFound; anything thrown beyond that is logged and shown as notFound too). A new slug
 * starts over, and a late answer for an old slug is dropped.
 */
export function useSlugDetail<T>(
  slug: string | undefined,
  what: string,
  load: (root: RootStore, slug: string) => Promise<SlugDetail<T>>,
): SlugDetail<T> {
  const root = useRootStore();
  const [result, setResult] = useState<SlugDetail<T> & { slug: string | undefined }>({ slug, state: 'loading', item: null });

  useEffect(() => {
    let current = true;
    setResult({ slug, state: 'loading', item: null });
    load(root, slug ?? '')
      .then((detail) => current && setResult({ slug, ...detail }))
      .catch((error: unknown) => {
        console.error(`Failed to load ${what} ${slug ?? ''}`, error);
        if (current) setResult({ slug, state: 'notFound', item: null });
      });
    return () => {
      current = false;
    };
    // `load` and `what` are fixed per caller; only the store and the slug start a new load.
  }, [root, slug]);

  return result.slug === slug ? { state: result.state, item: result.item } : { state: 'loading', item: null };
}
