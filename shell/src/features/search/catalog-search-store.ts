import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { PublicReadGateway, RootStore } from '@sbc/shared';
import { prepareCatalog, type PreparedCatalog } from '@sbc/domain';

export type CatalogSearchState = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The header search's catalogue: the index read once per page session, on first use (focus or shortcut), never
 * during a page's first paint. Cost: CATALOG_INDEX_SHARDS document reads (4), whatever the catalogue size.
 * A failed load is logged and can be retried (the search says so and offers Retry).
 */
export class CatalogSearchStore {
  state: CatalogSearchState = 'idle';
  catalog: PreparedCatalog | null = null;
  private loading: Promise<void> | null = null;

  constructor(private readonly gateway: Pick<PublicReadGateway, 'market'>) {
    makeAutoObservable<CatalogSearchStore, 'gateway' | 'loading'>(
      this,
      { gateway: false, loading: false, catalog: observableRef },
      { autoBind: true },
    );
  }

  /** Loads the index unless it is loaded or loading; after an error, tries again. */
  load(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    if (this.loading) return this.loading;
    this.state = 'loading';
    this.loading = this.gateway.market
      .getCatalogIndex()
      .then((entries) => {
        const catalog = prepareCatalog(entries);
        runInAction(() => {
          this.catalog = catalog;
          this.state = 'ready';
        });
      })
      .catch((error: unknown) => {
        console.error('Failed to load the search index', error);
        runInAction(() => (this.state = 'error'));
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}

/** One search store per RootStore (the shell has one per page), shared by every mount of the header search. */
const stores = new WeakMap<RootStore, CatalogSearchStore>();

export function catalogSearchStoreFor(root: RootStore): CatalogSearchStore {
  let store = stores.get(root);
  if (!store) {
    store = new CatalogSearchStore(root.gateway);
    stores.set(root, store);
  }
  return store;
}
