import { makeAutoObservable, observable, runInAction } from 'mobx';
import { categoryList, groupByCategory, marketStatRows } from '../domain';
import type { CategoryGroup, MarketStatRow, Material, Product } from '../domain/types';
import type { DataGateway } from '../data/gateway';
import type { SessionCache } from '../data/session-cache';
import { InFlight, loadWithCache } from './cached-load';
import type { LoadState, MarketStoreApi } from './contract';

/**
 * Products, materials and market statistics (the products and materials dashboards).
 *
 * Decisions where the spec is silent:
 * - A failed load with nothing cached leaves the list empty with state 'error'; with a fallback it is 'ready'.
 * - Selecting a category loads that sector only (`loadCategory`): one query `category == c`, cached per sector.
 *   If the whole product list is already loaded, the sector is taken from it at no cost.
 * - `refresh()` reloads materials, stats, the selected sector and the whole list only if it was loaded
 *   before; other sectors are forgotten and reload on their next selection.
 */
export class MarketStore implements MarketStoreApi {
  products: Product[] = [];
  productsState: LoadState = 'idle';
  materials: Material[] = [];
  materialsState: LoadState = 'idle';
  statRows: MarketStatRow[] = [];
  statsState: LoadState = 'idle';
  selectedCategory: string | null = null;
  refreshing = false;

  private readonly sectors = observable.map<string, { products: Product[]; state: LoadState }>();
  private autoSelected = false;
  private readonly inFlight = new InFlight();

  constructor(
    private readonly gateway: DataGateway,
    private readonly cache: SessionCache,
  ) {
    makeAutoObservable<MarketStore, 'gateway' | 'cache' | 'inFlight'>(
      this,
      { gateway: false, cache: false, inFlight: false },
      { autoBind: true },
    );
  }

  get categoryGroups(): CategoryGroup[] {
    return groupByCategory(this.statRows);
  }

  get categories(): string[] {
    return categoryList(this.categoryGroups);
  }

  productsOfCategory(category: string): Product[] {
    return this.sectors.get(category)?.products ?? [];
  }

  categoryState(category: string): LoadState {
    return this.sectors.get(category)?.state ?? 'idle';
  }

  loadProducts(options: { force?: boolean } = {}): Promise<void> {
    const force = options.force ?? false;
    if (!force && this.productsState === 'ready') return Promise.resolve();
    return this.inFlight.run(`products:${force}`, async () => {
      runInAction(() => (this.productsState = 'loading'));
      const outcome = await loadWithCache({
        slot: this.cache.products,
        fetch: () => this.gateway.getAllProducts(),
        force,
        current: this.products,
        label: 'products',
      });
      runInAction(() => {
        this.products = outcome.items;
        this.productsState = outcome.state;
      });
    });
  }

  loadCategory(category: string, options: { force?: boolean } = {}): Promise<void> {
    const force = options.force ?? false;
    if (!force && this.categoryState(category) === 'ready') return Promise.resolve();
    if (!force && this.productsState === 'ready') {
      this.setSector(category, this.products.filter((p) => p.category === category), 'ready');
      return Promise.resolve();
    }
    return this.inFlight.run(`category:${category}:${force}`, async () => {
      runInAction(() => this.setSector(category, this.productsOfCategory(category), 'loading'));
      const outcome = await loadWithCache({
        slot: this.cache.productCategory(category),
        fetch: () => this.gateway.getProductsByCategory(category),
        force,
        current: this.productsOfCategory(category),
        label: `products of ${category}`,
      });
      runInAction(() => this.setSector(category, outcome.items, outcome.state));
    });
  }

  loadMaterials(options: { force?: boolean } = {}): Promise<void> {
    const force = options.force ?? false;
    if (!force && this.materialsState === 'ready') return Promise.resolve();
    return this.inFlight.run(`materials:${force}`, async () => {
      runInAction(() => (this.materialsState = 'loading'));
      const outcome = await loadWithCache({
        slot: this.cache.materials,
        fetch: () => this.gateway.getMaterials(),
        force,
        current: this.materials,
        label: 'materials',
      });
      runInAction(() => {
        this.materials = outcome.items;
        this.materialsState = outcome.state;
      });
    });
  }

  loadMarketStats(options: { force?: boolean } = {}): Promise<void> {
    const force = options.force ?? false;
    if (!force && this.statsState === 'ready') return Promise.resolve();
    return this.inFlight.run(`stats:${force}`, async () => {
      runInAction(() => (this.statsState = 'loading'));
      const outcome = await loadWithCache({
        slot: this.cache.marketStats,
        fetch: async () => marketStatRows(await this.gateway.getMarketStats()),
        force,
        current: this.statRows,
        label: 'market statistics',
      });
      runInAction(() => {
        this.statRows = outcome.items;
        this.statsState = outcome.state;
      });
    });
  }

  /** Selecting a sector also loads it; null clears the selection (Clear button). */
  selectCategory(category: string | null): void {
    this.selectedCategory = category;
    if (category !== null) void this.loadCategory(category);
  }

  autoSelectFirstCategory(): void {
    if (this.autoSelected || this.selectedCategory !== null) return;
    const first = this.categoryGroups[0];
    if (!first) return;
    this.autoSelected = true;
    this.selectCategory(first.category);
  }

  async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      // Each load already logs and tolerates its own failure; allSettled guards against anything else.
      await Promise.allSettled([this.refreshProductsAndMaterials(), this.loadMarketStats({ force: true })]);
    } finally {
      runInAction(() => (this.refreshing = false));
    }
  }

  /** Materials and products (the header refresh and the dashboards' refresh). */
  async refreshProductsAndMaterials(): Promise<void> {
    const selected = this.selectedCategory;
    this.forgetSectorsExcept(selected);
    const loads: Array<Promise<void>> = [this.loadMaterials({ force: true })];
    if (this.productsState !== 'idle') loads.push(this.loadProducts({ force: true }));
    if (selected !== null) loads.push(this.loadCategory(selected, { force: true }));
    await Promise.allSettled(loads);
  }

  /**
   * After an admin write: the product replaces its old copy in every loaded list, and the session caches
   * of products are dropped so that no page shows the old record.
   */
  applyProductChange(product: Product): void {
    this.clearProductCaches();
    const replace = (list: Product[]) => [...list.filter((p) => p.id !== product.id), product].sort((a, b) => a.name.localeCompare(b.name));
    if (this.productsState === 'ready') this.products = replace(this.products);
    for (const [category, sector] of this.sectors) {
      const without = sector.products.filter((p) => p.id !== product.id);
      this.sectors.set(category, {
        ...sector,
        products: category === product.category ? replace(without) : without,
      });
    }
  }

  /**
   * After a product was added: lists stay on screen but count as stale ('idle'), and their caches are
   * dropped, so the next load reads the gateway.
   */
  forgetProductCaches(): void {
    this.clearProductCaches();
    if (this.productsState === 'ready') this.productsState = 'idle';
    for (const [category, sector] of this.sectors) {
      if (sector.state === 'ready') this.sectors.set(category, { ...sector, state: 'idle' });
    }
  }

  /**
   * After an admin added a material: a loaded ledger lists it at once, and the materials cache is dropped so
   * that another tab's next load reads the collection.
   */
  applyMaterialAdded(material: Material): void {
    this.cache.materials.clear();
    if (this.materialsState === 'ready') this.materials = [...this.materials, material];
  }

  private clearProductCaches(): void {
    this.cache.products.clear();
    this.cache.clearProductCategories();
  }

  /** Every product loaded in memory (whole list and sectors), for detail lookups. */
  get knownProducts(): Product[] {
    const all = [...this.products];
    for (const sector of this.sectors.values()) all.push(...sector.products);
    return all;
  }

  private setSector(category: string, products: Product[], state: LoadState): void {
    this.sectors.set(category, { products, state });
  }

  /** The kept sector is force-reloaded by the caller, which rewrites its cache entry. */
  private forgetSectorsExcept(keep: string | null): void {
    for (const category of [...this.sectors.keys()]) {
      if (category !== keep) this.sectors.delete(category);
    }
    this.cache.clearProductCategories();
  }
}
