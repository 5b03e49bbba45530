import { useCallback, useEffect, useState } from 'react';
import { useRootStore } from '@sbc/shared';
import type { CatalogIndexEntry } from '@sbc/domain';

/** A product the planner's picker offers: what the address takes (its slug) and what the player reads (its name). */
export interface ProductChoice {
  slug: string;
  name: string;
}

/** One read of the index per store (a page session), shared by every picker of the page. */
const loads = new WeakMap<object, Promise<ProductChoice[]>>();

const productChoices = (entries: readonly CatalogIndexEntry[]): ProductChoice[] =>
  entries
    .filter((entry) => entry.k === 'p')
    .map((entry) => ({ slug: entry.s, name: entry.n }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/**
 * The picker's choices: every product's name and slug from the header search's catalogue index
 * (market.getCatalogIndex: 4 reads whatever the catalogue's size), read when a picker is first used (`want`), never
 * with the page: the page carries its plan, not the catalogue (issue 36; at 5,000 products a list of every product
 * in each picker made the page megabytes). Until then, and if the index cannot be read, a picker takes a typed slug
 * or name (readPlanQuery reads a name as its slug).
 */
export function useProductChoices(): { choices: ProductChoice[] | null; want: () => void } {
  const root = useRootStore();
  const [wanted, setWanted] = useState(false);
  const [choices, setChoices] = useState<ProductChoice[] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let load = loads.get(root);
    if (!load) {
      load = root.gateway.market.getCatalogIndex().then(productChoices);
      loads.set(root, load);
      load.catch((error: unknown) => {
        console.error('Failed to load the planner’s product choices', error);
        loads.delete(root);
      });
    }
    load.then((list) => live && setChoices(list), () => undefined);
    return () => {
      live = false;
    };
  }, [root, wanted]);
  const want = useCallback(() => setWanted(true), []);
  return { choices, want };
}
