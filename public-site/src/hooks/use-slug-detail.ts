import { useCallback, useEffect, useState } from 'react';
import { reaction } from 'mobx';
import { getPreloaded, useRootStore, type DetailState, type RootStore } from '@sbc/shared';

export interface SlugDetail<T> {
  state: DetailState;
  item: T | null;
}

export interface SlugDetailView<T> extends SlugDetail<T> {
  /** Loads the record again from the loading state (the error state's Retry button). */
  retry: () => void;
}

/**
 * One record for a detail page: 'loading', then 'ready', 'notFound' (the store found no such record) or
 * 'error' (the store could not read it; anything thrown beyond that is logged and shown as error too, never
 * as "not found"). `retry` starts the load again. A new slug starts over, and a late answer for an old slug
 * is dropped.
 *
 * A header refresh (`root.refreshGeneration`) loads the record again. The shown record stays on screen while
 * that runs (no flash back to the loading text), and the store reads it past its caches because it was read
 * before the refresh (RootStore `staleSinceRefresh`).
 */
export function useSlugDetail<T>(
  slug: string | undefined,
  what: string,
  load: (root: RootStore, slug: string) => Promise<SlugDetail<T>>,
): SlugDetailView<T> {
  const root = useRootStore();
  const generation = useRefreshGeneration(root);
  const [attempt, setAttempt] = useState(0);
  // A server-rendered page starts from the record the render loaded (public-site/src/ssr/prepare.ts).
  const [result, setResult] = useState<SlugDetail<T> & { slug: string | undefined }>(() => {
    const preloaded = getPreloaded<SlugDetail<T>>(root, `${what}:${slug ?? ''}`);
    return preloaded ? { slug, ...preloaded } : { slug, state: 'loading', item: null };
  });

// biome-ignore lint/correctness/useExhaustiveDependencies: a header refresh (generation) and Retry (attempt) are triggers; load and what are fixed per page
  useEffect(() => {
    let current = true;
    // Same slug (a refresh): keep what is shown, unless that is the error state (a Retry): back to loading.
    // Another slug: back to loading.
    setResult((shown) => (shown.slug === slug && shown.state !== 'error' ? shown : { slug, state: 'loading', item: null }));
    load(root, slug ?? '')
      .then((detail) => current && setResult({ slug, ...detail }))
      .catch((error: unknown) => {
        console.error(`Failed to load ${what} ${slug ?? ''}`, error);
        if (current) setResult((shown) => (shown.slug === slug && shown.item !== null ? shown : { slug, state: 'error', item: null }));
      });
    return () => {
      current = false;
    };
    // `load` and `what` are fixed per caller; the store, the slug, a header refresh and a Retry start a new load.
  }, [root, slug, generation, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return result.slug === slug ? { state: result.state, item: result.item, retry } : { state: 'loading', item: null, retry };
}

/** The store's refresh counter as React state, so the hook works in observer and plain components alike. */
function useRefreshGeneration(root: RootStore): number {
  const [generation, setGeneration] = useState(() => root.refreshGeneration);
  useEffect(() => reaction(() => root.refreshGeneration, setGeneration, { fireImmediately: true }), [root]);
  return generation;
}
