import { useCallback, useEffect, useState } from 'react';
import { useRootStore, type DetailState, type RootStore } from '@sbc/shared';

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
  /** The record's home in the store (MarketStore.productRecord, materialRecord), observable. */
  stored: (root: RootStore, slug: string) => SlugDetail<T>;
  /** Loads the record into that home. */
  load: (root: RootStore, slug: string) => Promise<unknown>;
}

/**
 * One record for a detail page: 'loading', then 'ready', 'notFound' (the store found no such record) or
 * 'error' (the store could not read it; anything thrown beyond that is logged). `retry` starts the load again.
 * Call it from an observer component: the record is read from the store.
 *
 * The record's one home is the market store (`productRecord`, `materialRecord`): the server render loaded it there,
 * the browser's replay of the render loaded it again before hydrating, so the page's first render shows it; a header
 * refresh or a market update reads it again while the page shows it, keeping it on screen meanwhile. (Under shells
 * released before issue 36 the record lived in the page's component, fed by a side channel and a refresh counter;
 * every shell in service has the store's records since f8b3064, so that path is gone from this remote.)
 */
export function useSlugDetail<T>(slug: string | undefined, what: string, access: DetailAccess<T>): SlugDetailView<T> {
  const root = useRootStore();
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: Retry (attempt) is a trigger; access and what are fixed per page
  useEffect(() => {
    // The store answers a failed read with the record's 'error' state; anything thrown beyond that is logged.
    access.load(root, slug ?? '').catch((error: unknown) => console.error(`Failed to load ${what} ${slug ?? ''}`, error));
  }, [root, slug, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const { state, item } = access.stored(root, slug ?? '');
  return { state, item, retry };
}
