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
  refreshingAll = false;

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
    makeObservable(this, { refreshingAll: observable });
  }

  /** Header refresh: materials and products, then the game date. Failures are logged by each load. */
  refreshAll = async (): Promise<void> => {
    if (this.refreshingAll) return;
    runInAction(() => (this.refreshingAll = true));
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
   * name). An empty slug, a missing product or a failed read give notFound (the failure is logged).
   */
  loadProductDetail = async (slug: string): Promise<ProductDetailApi> => {
    if (slug.trim() === '') return detail('notFound', null);
    const known = findProduct(this.market.knownProducts, slug) ?? findProduct(this.cache.products.read() ?? [], slug);
    if (known) return detail('ready', known);
    try {
      const product = await this.gateway.getProductBySlug(slug);
      return product ? detail('ready', product) : detail('notFound', null);
    } catch (error) {
      console.error(`Failed to load product ${slug}`, error);
      return detail('notFound', null);
    }
  };

  /**
   * The materials list (memory, then session cache) first; then one document read by name (the document id);
   * then, because the slug rule is not fixed by the spec, the whole list is loaded and matched by name,
   * case-insensitively or by slugified name.
   */
  loadMaterialDetail = async (slug: string): Promise<{ state: DetailState; material: Material | null }> => {
    if (slug.trim() === '') return { state: 'notFound', material: null };
    const known = findMaterial(this.market.materials, slug) ?? findMaterial(this.cache.materials.read() ?? [], slug);
    if (known) return { state: 'ready', material: known };
    try {
      const material = await this.gateway.getMaterialByName(slug);
      if (material) return { state: 'ready', material };
    } catch (error) {
      console.error(`Failed to load material ${slug}`, error);
    }
    if (this.market.materialsState !== 'ready') {
      await this.market.loadMaterials();
      const loaded = findMaterial(this.market.materials, slug);
      if (loaded) return { state: 'ready', material: loaded };
    }
    return { state: 'notFound', material: null };
  };

  dispose(): void {
    this.auth.dispose();
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
