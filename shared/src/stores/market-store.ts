import { makeAutoObservable, observable, runInAction } from 'mobx';
import { categoryList, groupByCategory, marketStatRows, slugify } from '@sbc/domain';
import type { CategoryGroup, MarketStatRow, Material, Product } from '@sbc/domain';
import type { DataGateway } from '../data/gateway';
import { CACHE_MAX_AGE_MS, type SessionCache } from '../data/session-cache';
import { CachedList } from './cached-load';
import type { DetailState, LoadState, MarketStoreApi, ProductDetailApi } from './contract';

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
  selectedCategory: string | null = null;
  refreshing = false;

  private readonly productList: CachedList<Product>;
  private readonly materialList: CachedList<Material>;
  private readonly statList: CachedList<MarketStatRow>;
  private readonly sectors = observable.map<string, CachedList<Product>>();
  private autoSelected = false;
  /** Per detail key, the refresh generation of its last successful read (see `staleSince`). */
  private readonly detailReads = new Map<string, number>();
  /**
   * Records read one by one (a detail page, a recipe's materials), per detail key, kept for one market period
   * like the session cache: a page's load after hydration (the server's reads were replayed into this store)
   * and a revisit cost no read. A header refresh still reads them again (`staleSince`).
   */
  private readonly singleReads = new Map<string, { record: Product | Material; at: number }>();

  constructor(
    private readonly gateway: DataGateway,
    private readonly cache: SessionCache,
  ) {
    this.productList = new CachedList({ slot: () => cache.products, fetch: () => gateway.getAllProducts(), label: 'products' });
    this.materialList = new CachedList({ slot: () => cache.materials, fetch: () => gateway.getMaterials(), label: 'materials' });
    this.statList = new CachedList({
      slot: () => cache.marketStats,
      fetch: async () => marketStatRows(await gateway.getMarketStats()),
      label: 'market statistics',
    });
    makeAutoObservable<MarketStore, 'gateway' | 'cache' | 'productList' | 'materialList' | 'statList' | 'detailReads' | 'singleReads'>(
      this,
      { gateway: false, cache: false, productList: false, materialList: false, statList: false, detailReads: false, singleReads: false },
      { autoBind: true },
    );
  }

  get products(): Product[] {
    return this.productList.items;
  }

  get productsState(): LoadState {
    return this.productList.state;
  }

  get materials(): Material[] {
    return this.materialList.items;
  }

  get materialsState(): LoadState {
    return this.materialList.state;
  }

  get statRows(): MarketStatRow[] {
    return this.statList.items;
  }

  get statsState(): LoadState {
    return this.statList.state;
  }

  get categoryGroups(): CategoryGroup[] {
    return groupByCategory(this.statRows);
  }

  get categories(): string[] {
    return categoryList(this.categoryGroups);
  }

  productsOfCategory(category: string): Product[] {
    return this.sectors.get(category)?.items ?? [];
  }

  categoryState(category: string): LoadState {
    return this.sectors.get(category)?.state ?? 'idle';
  }

  loadProducts(options: { force?: boolean } = {}): Promise<void> {
    return this.productList.load(options);
  }

  loadCategory(category: string, options: { force?: boolean } = {}): Promise<void> {
    const force = options.force ?? false;
    const sector = this.sectorList(category);
    if (!force && sector.state === 'ready') return Promise.resolve();
    if (!force && this.productsState === 'ready') {
      sector.set(
        this.products.filter((p) => p.category === category),
        'ready',
      );
      return Promise.resolve();
    }
    return sector.load({ force });
  }

  loadMaterials(options: { force?: boolean } = {}): Promise<void> {
    return this.materialList.load(options);
  }

  loadMarketStats(options: { force?: boolean } = {}): Promise<void> {
    return this.statList.load(options);
  }

  /** The sector's list, created on first use (one query `category == c`, cached per sector). */
  private sectorList(category: string): CachedList<Product> {
    let sector = this.sectors.get(category);
    if (!sector) {
      sector = new CachedList({
        slot: () => this.cache.productCategory(category),
        fetch: () => this.gateway.getProductsByCategory(category),
        label: `products of ${category}`,
      });
      this.sectors.set(category, sector);
    }
    return sector;
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
    for (const [key, kept] of this.singleReads) {
      if (key.startsWith('product:') && kept.record.id === product.id) this.singleReads.set(key, { record: product, at: Date.now() });
    }
    const replace = (list: Product[]) => [...list.filter((p) => p.id !== product.id), product].sort((a, b) => a.name.localeCompare(b.name));
    if (this.productsState === 'ready') this.productList.set(replace(this.products));
    for (const [category, sector] of this.sectors) {
      const without = sector.items.filter((p) => p.id !== product.id);
      sector.set(category === product.category ? replace(without) : without);
    }
  }

  /**
   * After a product was added: lists stay on screen but count as stale ('idle'), and their caches are
   * dropped, so the next load reads the gateway.
   */
  forgetProductCaches(): void {
    this.clearProductCaches();
    for (const key of [...this.singleReads.keys()]) if (key.startsWith('product:')) this.singleReads.delete(key);
    this.productList.markStale();
    for (const sector of this.sectors.values()) sector.markStale();
  }

  /**
   * After an admin added a material: a loaded ledger lists it at once, and the materials cache is dropped so
   * that another tab's next load reads the collection.
   */
  applyMaterialAdded(material: Material): void {
    this.cache.materials.clear();
    if (this.materialsState === 'ready') this.materialList.set([...this.materials, material]);
  }

  private clearProductCaches(): void {
    this.cache.products.clear();
    this.cache.clearProductCategories();
  }

  /** Every product loaded in memory (whole list and sectors), for detail lookups. */
  get knownProducts(): Product[] {
    const all = [...this.products];
    for (const sector of this.sectors.values()) all.push(...sector.items);
    return all;
  }

  /** The kept sector is force-reloaded by the caller, which rewrites its cache entry. */
  private forgetSectorsExcept(keep: string | null): void {
    for (const category of [...this.sectors.keys()]) {
      if (category !== keep) this.sectors.delete(category);
    }
    this.cache.clearProductCategories();
  }

  /**
   * Products already in memory or in the session cache first (no read), then the gateway (by id, slug or
   * name). An empty slug or a missing product give notFound; a failed read gives error (logged), since the
   * product may well exist.
   *
   * `fresh` skips memory and session cache. It defaults to true for a slug last read before the latest header
   * refresh (`generation`, the root store's refresh count), so the detail page's reload after a refresh shows
   * what the database holds now. A failed fresh read keeps the known record (a refresh must not turn a shown
   * product into "not found").
   */
  async loadProductDetail(slug: string, options: { fresh?: boolean; generation?: number } = {}): Promise<ProductDetailApi> {
    if (slug.trim() === '') return detail('notFound', null);
    const key = `product:${slug}`;
    const generation = options.generation ?? 0;
    const fresh = options.fresh ?? this.staleSince(key, generation);
    const known =
      findProduct(this.knownProducts, slug) ?? findProduct(this.cache.products.read() ?? [], slug) ?? this.recentSingleRead<Product>(key);
    if (known && !fresh) return this.served(key, generation, detail('ready', known));
    try {
      const product = await this.gateway.getProductBySlug(slug);
      return product ? this.served(key, generation, detail('ready', this.rememberSingleRead(key, product))) : detail('notFound', null);
    } catch (error) {
      console.error(`Failed to load product ${slug}`, error);
      return known ? detail('ready', known) : detail('error', null);
    }
  }

  /**
   * The materials list (memory, then session cache) first; then one document read by name (the document id);
   * then, because the slug rule is not fixed by the spec, the whole list is loaded and matched by name,
   * case-insensitively or by slugified name. `fresh` as for products: no memory or cache first, and the list
   * fallback reloads the list (a failed reload keeps the loaded list, so the known record stays).
   * When the document read fails and the list cannot be loaded either, the answer is error, not notFound.
   */
  async loadMaterialDetail(
    slug: string,
    options: { fresh?: boolean; generation?: number } = {},
  ): Promise<{ state: DetailState; material: Material | null }> {
    if (slug.trim() === '') return { state: 'notFound', material: null };
    const key = `material:${slug}`;
    const generation = options.generation ?? 0;
    const fresh = options.fresh ?? this.staleSince(key, generation);
    const known =
      findMaterial(this.materials, slug) ?? findMaterial(this.cache.materials.read() ?? [], slug) ?? this.recentSingleRead<Material>(key);
    if (known && !fresh) return this.served(key, generation, { state: 'ready', material: known });
    let readFailed = false;
    try {
      const material = await this.gateway.getMaterialByName(slug);
      if (material) return this.served(key, generation, { state: 'ready', material: this.rememberSingleRead(key, material) });
    } catch (error) {
      console.error(`Failed to load material ${slug}`, error);
      readFailed = true;
    }
    if (fresh || this.materialsState !== 'ready') {
      await this.loadMaterials({ force: fresh });
      const loaded = findMaterial(this.materials, slug);
      if (loaded) return this.served(key, generation, { state: 'ready', material: loaded });
      // Neither the document nor the list could be read: nothing says the material is missing.
      if (readFailed && this.materialsState === 'error') return { state: 'error', material: null };
    }
    return { state: 'notFound', material: null };
  }

  /** True when this detail was last read before refresh `generation`. */
  private staleSince(key: string, generation: number): boolean {
    const last = this.detailReads.get(key);
    return last !== undefined && last < generation;
  }

  private rememberSingleRead<T extends Product | Material>(key: string, record: T): T {
    this.singleReads.set(key, { record, at: Date.now() });
    return record;
  }

  private recentSingleRead<T extends Product | Material>(key: string): T | undefined {
    const kept = this.singleReads.get(key);
    if (!kept) return undefined;
    if (Date.now() - kept.at < CACHE_MAX_AGE_MS) return kept.record as T;
    this.singleReads.delete(key);
    return undefined;
  }

  private served<R>(key: string, generation: number, result: R): R {
    this.detailReads.set(key, generation);
    return result;
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
