import { makeObservable, observable, runInAction } from 'mobx';
import { slugify } from '../domain';
import type { Material, Product } from '../domain/types';
import type { DataGateway } from '../data/gateway';
import { defaultSessionStorage, SessionCache, type SessionCacheOptions } from '../data/session-cache';
import { AdminStore } from './admin-store';
import { AuthStore } from './auth-store';
import type { DetailState, ProductDetailApi, RootStoreApi } from './contract';
import { GameStore } from './game-store';
import { MarketStore } from './market-store';
import { TalentsStore } from './talents-store';
import { WatchlistStore } from './watchlist-store';

export interface RootStoreOptions {
  /** Where the session cache lives; defaults to the page's sessionStorage (null: no caching). */
  storage?: Storage | null;
  cache?: SessionCacheOptions;
}

/** One instance per page, shared by the shell and both remotes through `StoreProvider` (./context.tsx). */
export class RootStore implements RootStoreApi {
  readonly cache: SessionCache;
  readonly auth: AuthStore;
  readonly market: MarketStore;
  readonly game: GameStore;
  readonly talents: TalentsStore;
  readonly admin: AdminStore;
  /** The signed-in player's watchlist; follows the auth store's user. */
  readonly watchlist: WatchlistStore;
  refreshingAll = false;
  /**
   * Counts header refreshes. Detail pages watch it (public-site `useSlugDetail`) and read their record again,
   * since `refreshAll` only reloads the lists.
   */
  refreshGeneration = 0;
  /** Per detail key, the refresh generation of its last successful read (see `staleSinceRefresh`). */
  private readonly detailReads = new Map<string, number>();

  constructor(
    readonly gateway: DataGateway,
    options: RootStoreOptions = {},
  ) {
    const storage = options.storage === undefined ? defaultSessionStorage() : options.storage;
    this.cache = new SessionCache(storage, options.cache);
    this.auth = new AuthStore(gateway);
    this.market = new MarketStore(gateway, this.cache);
    this.game = new GameStore(gateway);
    this.talents = new TalentsStore(gateway, this.cache);
    this.admin = new AdminStore(gateway, this.market);
    this.watchlist = new WatchlistStore(gateway, this.auth);
    makeObservable(this, { refreshingAll: observable, refreshGeneration: observable });
  }

  /** Header refresh: materials and products, then the game date. Failures are logged by each load. */
  refreshAll = async (): Promise<void> => {
    if (this.refreshingAll) return;
    runInAction(() => {
      this.refreshingAll = true;
      // Bumped at the start: the detail re-read skips the caches, so it need not wait for the list reloads.
      this.refreshGeneration += 1;
    });
    try {
      await this.market.refreshProductsAndMaterials();
      await this.game.loadDate();
    } catch (error) {
      console.error('Refresh failed', error);
    } finally {
      runInAction(() => (this.refreshingAll = false));
    }
  };

  /**
   * Products already in memory or in the session cache first (no read), then the gateway (by id, slug or
   * name). An empty slug or a missing product give notFound; a failed read gives error (logged), since the
   * product may well exist.
   *
   * `fresh` skips memory and session cache. It defaults to true for a slug last read before the latest header
   * refresh, so the detail page's reload after a refresh shows what the database holds now. A failed fresh
   * read keeps the known record (a refresh must not turn a shown product into "not found").
   */
  loadProductDetail = async (slug: string, options: { fresh?: boolean } = {}): Promise<ProductDetailApi> => {
    if (slug.trim() === '') return detail('notFound', null);
    const key = `product:${slug}`;
    const fresh = options.fresh ?? this.staleSinceRefresh(key);
    const known = findProduct(this.market.knownProducts, slug) ?? findProduct(this.cache.products.read() ?? [], slug);
    if (known && !fresh) return this.served(key, detail('ready', known));
    try {
      const product = await this.gateway.getProductBySlug(slug);
      return product ? this.served(key, detail('ready', product)) : detail('notFound', null);
    } catch (error) {
      console.error(`Failed to load product ${slug}`, error);
      return known ? detail('ready', known) : detail('error', null);
    }
  };

  /**
   * The materials list (memory, then session cache) first; then one document read by name (the document id);
   * then, because the slug rule is not fixed by the spec, the whole list is loaded and matched by name,
   * case-insensitively or by slugified name. `fresh` as for products: no memory or cache first, and the list
   * fallback reloads the list (a failed reload keeps the loaded list, so the known record stays).
   * When the document read fails and the list cannot be loaded either, the answer is error, not notFound.
   */
  loadMaterialDetail = async (
    slug: string,
    options: { fresh?: boolean } = {},
  ): Promise<{ state: DetailState; material: Material | null }> => {
    if (slug.trim() === '') return { state: 'notFound', material: null };
    const key = `material:${slug}`;
    const fresh = options.fresh ?? this.staleSinceRefresh(key);
    const known = findMaterial(this.market.materials, slug) ?? findMaterial(this.cache.materials.read() ?? [], slug);
    if (known && !fresh) return this.served(key, { state: 'ready', material: known });
    let readFailed = false;
    try {
      const material = await this.gateway.getMaterialByName(slug);
      if (material) return this.served(key, { state: 'ready', material });
    } catch (error) {
      console.error(`Failed to load material ${slug}`, error);
      readFailed = true;
    }
    if (fresh || this.market.materialsState !== 'ready') {
      await this.market.loadMaterials({ force: fresh });
      const loaded = findMaterial(this.market.materials, slug);
      if (loaded) return this.served(key, { state: 'ready', material: loaded });
      // Neither the document nor the list could be read: nothing says the material is missing.
      if (readFailed && this.market.materialsState === 'error') return { state: 'error', material: null };
    }
    return { state: 'notFound', material: null };
  };

  /** True when this detail was last read before the latest header refresh. */
  private staleSinceRefresh(key: string): boolean {
    const last = this.detailReads.get(key);
    return last !== undefined && last < this.refreshGeneration;
  }

  private served<R>(key: string, result: R): R {
    this.detailReads.set(key, this.refreshGeneration);
    return result;
  }

  dispose(): void {
    this.auth.dispose();
    this.watchlist.dispose();
  }
}

function detail(state: DetailState, product: Product | null): ProductDetailApi {
  return { state, product };
}

function findProduct(products: Product[], slug: string): Product | undefined {
  return products.find((p) => p.slug === slug) ?? products.find((p) => p.id === slug) ?? products.find((p) => p.name === slug);
}

function findMaterial(materials: Material[], slug: string): Material | undefined {
  const wanted = slug.toLowerCase();
  return (
    materials.find((m) => m.name === slug) ??
    materials.find((m) => m.name.toLowerCase() === wanted) ??
    materials.find((m) => slugify(m.name) === slugify(slug))
  );
}
