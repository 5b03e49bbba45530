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

/** Where a detail page's record lives and how it is loaded (use-product-detail.ts, use-material-detail.ts). */
export interface DetailAccess<T> {
  /**
   * The record's home in the store, or undefined under a shell released before the store kept records (issue 36):
   * the record then lives in the page's component, as that release had it.
   */
  stored: (root: RootStore) => ((slug: string) => SlugDetail<T>) | undefined;
  /** Loads the record (into the store, where it has a home). */
  load: (root: RootStore, slug: string) => Promise<SlugDetail<T>>;
}

/**
 * One record for a detail page: 'loading', then 'ready', 'notFound' (the store found no such record) or
 * 'error' (the store could not read it; anything thrown beyond that is logged and shown as error too, never
 * as "not found"). `retry` starts the load again. A new slug starts over.
 *
 * The record's one home is the market store (`productRecord`, `materialRecord`): the server render loaded it there,
 * the browser's replay of the render loaded it again before hydrating, so the page's first render shows it; a header
 * refresh or a market update reads it again while the page shows it, keeping it on screen meanwhile.
 */
export function useSlugDetail<T>(slug: string | undefined, what: string, access: DetailAccess<T>): SlugDetailView<T> {
  const root = useRootStore();
  // Chosen once per page: the store (the shell's) does not change while a page is open, so the hooks called stay the same.
  const read = access.stored(root);
  const useRecord = read ? useStoredRecord : useComponentRecord;
  return useRecord(slug, what, access, read);
}

/** The record from its home in the store; the page only asks for it (again on Retry). */
function useStoredRecord<T>(slug: string | undefined, what: string, access: DetailAccess<T>, read: ((slug: string) => SlugDetail<T>) | undefined): SlugDetailView<T> {
  const root = useRootStore();
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: Retry (attempt) is a trigger; access and what are fixed per page
  useEffect(() => {
    // The store answers a failed read with the record's 'error' state; anything thrown beyond that is logged.
    access.load(root, slug ?? '').catch((error: unknown) => console.error(`Failed to load ${what} ${slug ?? ''}`, error));
  }, [root, slug, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const { state, item } = read ? read(slug ?? '') : { state: 'loading' as const, item: null };
  return { state, item, retry };
}

/**
 * Under a shell released before the store kept records: the record in component state, started from what the
 * render loaded (its side channel, `getPreloaded`) and loaded again on a header refresh or a market update (the
 * store's `refreshGeneration`), as that release's pages did. A late answer for an old slug is dropped.
 */
function useComponentRecord<T>(slug: string | undefined, what: string, access: DetailAccess<T>): SlugDetailView<T> {
  const root = useRootStore();
  const generation = useRefreshGeneration(root);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<SlugDetail<T> & { slug: string | undefined }>(() => {
    const preloaded = getPreloaded<SlugDetail<T>>(root, `${what}:${slug ?? ''}`);
    return preloaded ? { slug, ...preloaded } : { slug, state: 'loading', item: null };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a header refresh (generation) and Retry (attempt) are triggers; access and what are fixed per page
  useEffect(() => {
    let current = true;
    // Same slug (a refresh): keep what is shown, unless that is the error state (a Retry): back to loading.
    // Another slug: back to loading.
    setResult((shown) => (shown.slug === slug && shown.state !== 'error' ? shown : { slug, state: 'loading', item: null }));
    access
      .load(root, slug ?? '')
      .then((detail) => current && setResult({ slug, ...detail }))
      .catch((error: unknown) => {
        console.error(`Failed to load ${what} ${slug ?? ''}`, error);
        if (current) setResult((shown) => (shown.slug === slug && shown.item !== null ? shown : { slug, state: 'error', item: null }));
      });
    return () => {
      current = false;
    };
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
