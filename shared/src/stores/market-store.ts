import { makeAutoObservable, observable, runInAction } from 'mobx';
import { budgetSearch, categoryList, groupByCategory, marketStatRows, materialsTotals, narrowProfitability, recipeMaterialNames, FIRST_VIEW_ROWS, SUGGESTIONS_SHOWN } from '@sbc/domain';
import type { CategoryGroup, MarketStatRow, Material, PlanBudget, Product, ProfitabilityFilter, ProfitabilityRow, ProfitabilitySort, RankedProfitability, SuggestionRow } from '@sbc/domain';
import type { PublicReadGateway } from '../data/gateway';
import type { MaterialsFirstView } from '../data/materials-first-view';
import type { UsedInFirstView } from '../data/used-in-first-view';
import type { CacheSlot, SessionCache } from '../data/session-cache';
import { CachedList } from './cached-load';
import { DetailRecord } from './detail-record';
import { DetailRecords } from './detail-records';
import { FirstRows } from './first-rows';
import type { DetailState, LedgerRows, LoadState, MarketStoreApi, PlanSuggestionRows, ProductDetailApi, ProfitabilityRows, SectorRows, UsedInList } from './contract';

/**
 * Products, materials and market statistics (the products and materials dashboards).
 *
 * Decisions where the spec is silent:
 * - A failed load with nothing cached leaves the list empty with state 'error'; with a fallback it is 'ready'.
 * - Selecting a category loads that sector only (`loadCategory`): one query `category == c`, cached per sector.
 *   If the whole product list is already loaded, the sector is taken from it at no cost.
 * - A sector's page first shows its first page (`loadCategoryFirstPage`: FIRST_VIEW_ROWS products by name and
 *   the sector's count, FIRST_VIEW_ROWS + 1 reads), so that what a large sector's page reads, renders on the
 *   server and embeds does not grow with it; the whole sector is read when the page first needs it (a sort, a
 *   filter, the CSV export, "Show more"). Selecting a sector loads its first page unless the whole is known.
 * - `refresh()` reloads materials, stats, the selected sector and the whole list only if it was loaded
 *   before; other sectors are forgotten and reload on their next selection.
 * - A market update (`followMarketUpdate`, called by the market clock through the root store) reads again only
 *   the lists on screen, keeping them shown meanwhile, and forgets the rest.
 * - A server-rendered material page's "Used in" list first shows its first view (`loadUsedInFirstView`: its first
 *   FIRST_VIEW_ROWS products by margin, its count and the materials they name), so that the HTML and page state do not
 *   grow with the list; the whole list (`loadUsedInMaterials`) is read when the page first needs it, as a sector's.
 * - The detail pages' records, read one by one, are ./detail-records.ts; each has one observable home here
 *   (`productRecord`, `materialRecord`: ./detail-record.ts), which the server render fills, its replay fills again
 *   before hydration, the page reads, and a header refresh or a market update reads again while a page shows it.
 */
/** "Used in" lists are per material and short-lived: no session-cache entry (nothing read, nothing written). */
const NO_CACHE: CacheSlot<Product[]> = { key: '', read: () => undefined, write: () => {}, clear: () => {} };
/** Nor the materials of a "Used in" list (issue 36). */
const NO_MATERIALS_CACHE: CacheSlot<Material[]> = { key: '', read: () => undefined, write: () => {}, clear: () => {} };

export class MarketStore implements MarketStoreApi {
  selectedCategory: string | null = null;
  refreshing = false;

  private readonly productList: CachedList<Product>;
  private readonly materialList: CachedList<Material>;
  private readonly statList: CachedList<MarketStatRow>;
  private readonly sectors = observable.map<string, CachedList<Product>>();
  private readonly firstPages = observable.map<string, FirstRows<Product>>();
  private readonly productRecords = observable.map<string, DetailRecord<Product>>();
  private readonly materialRecords = observable.map<string, DetailRecord<Material>>();
  /** Per material name: the products whose recipe needs it ("Used in"), not kept in the session cache. */
  private readonly usedIn = observable.map<string, CachedList<Product>>();
  private autoSelected = false;
  private readonly details: DetailRecords;
  /** Issue 36: the ledger's first rows, count and totals (/materials), and per material its "Used in" materials. */
  private readonly ledgerFirst: FirstRows<Material, MaterialsFirstView>;
  private readonly usedInLedgers = observable.map<string, CachedList<Material>>();
  /** Issue 36: per material, its "Used in" list's first view (a server-rendered material page), beside the whole list. */
  private readonly usedInFirst = observable.map<string, FirstRows<Product, UsedInFirstView>>();
  /** Issue 36: the planner's first suggestions per budget (budgetSearch), ranked by the API or the render server. */
  private readonly suggestionViews = observable.map<string, FirstRows<SuggestionRow>>();
  /** Issue 36: the profitability ranking's first rows per filter (profitabilityKey), and the whole compact ranking. */
  private readonly profitabilityFirst = observable.map<string, FirstRows<ProfitabilityRow, ProfitabilityView>>();
  private readonly profitabilityWhole: FirstRows<ProfitabilityRow, ProfitabilityView>;
  /** The whole ranking narrowed by the last filter asked, kept while the ranking is the same (a page renders often). */
  private profitabilityNarrowed: { key: string; items: ProfitabilityRow[]; rows: ProfitabilityRow[] } | null = null;
  /** The first-row views in the order they were last asked for (the last is the one shown): what stays while a sort's rows come. */
  private profitabilityAsked: string[] = [];

  constructor(
    private readonly gateway: Pick<PublicReadGateway, 'products' | 'materials' | 'market' | 'plan'>,
    private readonly cache: SessionCache,
  ) {
    this.productList = new CachedList({ slot: () => cache.products, fetch: () => gateway.products.getAll(), label: 'products' });
    this.materialList = new CachedList({ slot: () => cache.materials, fetch: () => gateway.materials.getAll(), label: 'materials' });
    this.statList = new CachedList({
      slot: () => cache.marketStats,
      fetch: async () => marketStatRows(await gateway.market.getStats()),
      label: 'market statistics',
    });
    this.ledgerFirst = new FirstRows({ fetch: () => gateway.materials.getFirstView(FIRST_VIEW_ROWS), label: 'the first materials' });
    this.profitabilityWhole = new FirstRows({ fetch: async () => viewOf(await gateway.plan.getProfitability({}), null), label: 'the profitability ranking' });
    this.details = new DetailRecords(gateway, cache, {
      knownProducts: () => this.knownProducts,
      materials: () => this.materials,
      materialsState: () => this.materialsState,
      loadMaterials: (options) => this.loadMaterials(options),
    });
    makeAutoObservable<MarketStore, 'gateway' | 'cache' | 'productList' | 'materialList' | 'statList' | 'details' | 'ledgerFirst' | 'profitabilityWhole' | 'profitabilityNarrowed' | 'profitabilityAsked'>(
      this,
      { gateway: false, cache: false, productList: false, materialList: false, statList: false, details: false, ledgerFirst: false, profitabilityWhole: false, profitabilityNarrowed: false, profitabilityAsked: false },
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

  /**
   * The sector's first page and count, unless its whole list is known: loaded, in the session cache or part of the
   * whole product list (then that, at no cost). `force` (the browser's replay of a server render) reads the first
   * page past the caches, as the render did.
   */
  loadCategoryFirstPage(category: string, options: { force?: boolean } = {}): Promise<void> {
    const force = options.force ?? false;
    if (!force) {
      const whole = this.sectors.get(category);
      if (whole?.state === 'ready' || this.firstPages.get(category)?.state === 'ready') return Promise.resolve();
      if (this.productsState === 'ready') return this.loadCategory(category);
      const cached = this.cache.productCategory(category).read();
      if (cached) {
        this.sectorList(category).set(cached, 'ready');
        return Promise.resolve();
      }
    }
    return this.firstPage(category).load({ force });
  }

  /** What a sector's panel shows: the whole sector once loaded, else its first page (see SectorRows). */
  sectorRows(category: string): SectorRows {
    const whole = this.sectors.get(category);
    const wholeState = whole?.state ?? 'idle';
    if (whole && (wholeState === 'ready' || whole.items.length > 0)) {
      return { products: whole.items, total: whole.items.length, complete: true, state: wholeState, wholeState };
    }
    const first = this.firstPages.get(category);
    if (first && (first.state !== 'idle' || first.items.length > 0)) {
      // A failed whole read keeps the first page on screen; the page says it could not load the rest.
      return { products: first.items, total: first.total, complete: false, state: first.state, wholeState };
    }
    return { products: [], total: 0, complete: false, state: wholeState, wholeState };
  }

  /** The products whose recipe needs `material` (loaded by loadProductsUsing; [] before). */
  productsUsing(material: string): Product[] {
    return this.usedIn.get(material)?.items ?? [];
  }

  productsUsingState(material: string): LoadState {
    return this.usedIn.get(material)?.state ?? 'idle';
  }

  /**
   * "Used in" on the material page: one query, at most USED_IN_LIMIT + 1 reads (gateway products.getUsingMaterial),
   * once per material and session; a market update reads it again while it is on screen, like every list.
   */
  loadProductsUsing(material: string, options: { force?: boolean } = {}): Promise<void> {
    let list = this.usedIn.get(material);
    if (!list) {
      list = new CachedList({ slot: () => NO_CACHE, fetch: () => this.gateway.products.getUsingMaterial(material), label: `products using ${material}` });
      this.usedIn.set(material, list);
    }
    if (!options.force && list.state === 'ready') return Promise.resolve();
    return list.load({ force: options.force ?? false });
  }

  loadMaterials(options: { force?: boolean } = {}): Promise<void> {
    return this.materialList.load(options);
  }

  loadMarketStats(options: { force?: boolean } = {}): Promise<void> {
    return this.statList.load(options);
  }

  // --- issue 36: the ledger as far as /materials shows it; the materials a "Used in" list needs ---

  /**
   * /materials' first view: FIRST_VIEW_ROWS materials in the ledger's order, the ledger's count and the tiles'
   * totals (gateway materials.getFirstView), unless the whole ledger is known (loaded, or in the session cache: then
   * that, at no cost). `force` (the browser's replay of a server render) reads the first view past the caches.
   */
  loadMaterialsFirstPage(options: { force?: boolean } = {}): Promise<void> {
    if (!options.force) {
      if (this.materialsState === 'ready' || this.ledgerFirst.state === 'ready') return Promise.resolve();
      if (this.cache.materials.read()) return this.loadMaterials();
    }
    return this.ledgerFirst.load({ force: options.force ?? false });
  }

  /** What the ledger shows: the whole ledger once loaded, else its first view (see LedgerRows). */
  ledgerRows(): LedgerRows {
    const whole = this.materialList;
    if (whole.state === 'ready' || whole.items.length > 0) {
      const materials = whole.items;
      return { materials, total: materials.length, totals: materialsTotals(materials), complete: true, state: whole.state, wholeState: whole.state };
    }
    const first = this.ledgerFirst;
    if (first.state !== 'idle' || first.items.length > 0) {
      // A ledger no longer than its first view is whole already (the demo's 44 materials): nothing more to read.
      const complete = first.state === 'ready' && first.items.length >= first.total;
      return { materials: first.items, total: first.total, totals: first.view?.totals ?? null, complete, state: first.state, wholeState: whole.state };
    }
    return { materials: [], total: 0, totals: null, complete: false, state: whole.state, wholeState: whole.state };
  }

  /**
   * "Used in" with its margins: the products using `material` (loadProductsUsing), then the materials their recipes
   * name, by name (gateway materials.getByNames: one read per material found), not the whole ledger; nothing when the
   * whole ledger is loaded (unless `force`).
   */
  async loadUsedInMaterials(material: string, options: { force?: boolean } = {}): Promise<void> {
    await this.loadProductsUsing(material, options);
    if (!options.force && this.materialsState === 'ready') return;
    const list = this.usedInLedger(material);
    if (!options.force && list.state === 'ready') return;
    await list.load({ force: options.force ?? false });
  }

  /** The "Used in" materials' list of `material`, created on first use (reads the names its products' recipes hold). */
  private usedInLedger(material: string): CachedList<Material> {
    let list = this.usedInLedgers.get(material);
    if (!list) {
      list = new CachedList({
        slot: () => NO_MATERIALS_CACHE,
        fetch: async () => {
          const wanted = recipeMaterialNames(this.productsUsing(material));
          return wanted.length === 0 ? [] : this.gateway.materials.getByNames(wanted);
        },
        label: `materials used with ${material}`,
      });
      this.usedInLedgers.set(material, list);
    }
    return list;
  }

  /** The materials for "Used in" margins: the whole ledger when loaded, else those loadUsedInMaterials read. */
  usedInMaterials(material: string): Material[] {
    if (this.materialsState === 'ready') return this.materials;
    return this.usedInLedgers.get(material)?.items ?? [];
  }

  /**
   * A server-rendered material page's "Used in": the list's first FIRST_VIEW_ROWS products in its default order, its
   * count and the materials those products name (gateway products.getUsingMaterialFirstView: what the page records and
   * embeds), unless the whole list is known (then that, at no cost). `force` (the browser's replay of a server render)
   * reads the first view past the caches, as the render did. The rest is loadUsedInMaterials, when the page needs it.
   */
  loadUsedInFirstView(material: string, options: { force?: boolean } = {}): Promise<void> {
    if (!options.force && (this.usedInWholeState(material) === 'ready' || this.usedInFirst.get(material)?.state === 'ready')) return Promise.resolve();
    return this.usedInFirstRows(material).load({ force: options.force ?? false });
  }

  /**
   * What "Used in" shows (see UsedInList): the whole list once it and its materials are read; else its first view
   * when there is one; else the whole list as far as it is read (a page opened in the browser reads only that).
   */
  usedInList(material: string): UsedInList {
    const wholeState = this.usedInWholeState(material);
    const first = this.usedInFirst.get(material);
    if (wholeState === 'ready' || !first || (first.state === 'idle' && first.items.length === 0)) {
      const products = this.productsUsing(material);
      return { products, materials: this.usedInMaterials(material), total: products.length, complete: true, state: this.productsUsingState(material), wholeState };
    }
    // A list no longer than its first view is whole already: nothing more to read.
    const complete = first.state === 'ready' && first.items.length >= first.total;
    return { products: first.items, materials: first.view?.materials ?? [], total: first.total, complete, state: first.state, wholeState };
  }

  /** The whole "Used in" list's read: its products, then the materials they name (or the whole ledger, loaded). */
  private usedInWholeState(material: string): LoadState {
    const products = this.productsUsingState(material);
    const materials = this.materialsState === 'ready' ? 'ready' : (this.usedInLedgers.get(material)?.state ?? 'idle');
    if (products === 'error' || materials === 'error') return 'error';
    if (products === 'ready' && materials === 'ready') return 'ready';
    return products === 'idle' && materials === 'idle' ? 'idle' : 'loading';
  }

  /** The first view of `material`'s "Used in" list (created on first use; not cached: see ./first-rows.ts). */
  private usedInFirstRows(material: string): FirstRows<Product, UsedInFirstView> {
    let first = this.usedInFirst.get(material);
    if (!first) {
      first = new FirstRows({ fetch: () => this.gateway.products.getUsingMaterialFirstView(material, FIRST_VIEW_ROWS), label: `the first products using ${material}` });
      this.usedInFirst.set(material, first);
    }
    return first;
  }

  /**
   * The ledger as far as it is known, read again past the caches (a header refresh): the first view when that is what
   * is shown; nothing on a material page that shows only its "Used in" materials (they are read again with their
   * list); else the whole ledger, as before issue 36.
   */
  private reloadLedger(): Promise<void> {
    const wholeKnown = this.materialsState !== 'idle' || this.materials.length > 0;
    if (!wholeKnown && this.ledgerFirst.state !== 'idle') return this.ledgerFirst.load({ force: true });
    if (!wholeKnown && [...this.usedInLedgers.values(), ...this.usedInFirst.values()].some((list) => list.observed)) return Promise.resolve();
    return this.loadMaterials({ force: true });
  }
  /**
   * The planner's "What should I make?" for `budget`: its first SUGGESTIONS_SHOWN rows and how many products fit
   * (gateway plan.getSuggestions: the open data API in the browser, the period's catalogue on the render server), not
   * the catalogue. Kept per budget for the session's page; a market update reads the shown one again. `force` (the
   * browser's replay of a server render) reads past what is kept, as the render did.
   */
  loadPlanSuggestions(budget: PlanBudget, options: { force?: boolean } = {}): Promise<void> {
    const key = budgetSearch(budget);
    let view = this.suggestionViews.get(key);
    if (!view) {
      view = new FirstRows<SuggestionRow>({
        fetch: async () => {
          const ranked = await this.gateway.plan.getSuggestions(budget, SUGGESTIONS_SHOWN);
          return { items: ranked.rows, total: ranked.total };
        },
        label: `the suggestions for ${key}`,
      });
      this.suggestionViews.set(key, view);
    }
    return view.load({ force: options.force ?? false });
  }

  /** The suggestions loadPlanSuggestions read for `budget` ('idle' before). */
  planSuggestions(budget: PlanBudget): PlanSuggestionRows {
    const view = this.suggestionViews.get(budgetSearch(budget));
    return { rows: view?.items ?? [], total: view?.total ?? 0, state: view?.state ?? 'idle' };
  }

  /**
   * The profitability ranking narrowed by `filter`, ranked where the catalogue is (gateway plan.getProfitability: the
   * open data API in the browser, the period's catalogue on the render server): its first FIRST_VIEW_ROWS rows, or with
   * `whole` every product's compact row (about 200 bytes each), which any filter then narrows here. Kept for the
   * session's page; a market update reads the shown one again. `force` reads past what is kept.
   */
  loadProfitability(filter: ProfitabilityFilter, options: { whole?: boolean; force?: boolean; sort?: ProfitabilitySort } = {}): Promise<void> {
    const force = options.force ?? false;
    if (options.whole) return this.profitabilityWhole.load({ force });
    if (!force && this.profitabilityWhole.state === 'ready') return Promise.resolve();
    const { sort } = options;
    const key = profitabilityKey(filter, sort);
    this.profitabilityAsked = [...this.profitabilityAsked.filter((asked) => asked !== key), key];
    let view = this.profitabilityFirst.get(key);
    if (!view) {
      const asked = canonicalFilter(filter);
      // Asked without a sort as before (a render's recorded call and the browser's replay of it agree).
      const read = sort ? () => this.gateway.plan.getProfitability(asked, FIRST_VIEW_ROWS, { key: sort.key, direction: sort.direction }) : () => this.gateway.plan.getProfitability(asked, FIRST_VIEW_ROWS);
      view = new FirstRows<ProfitabilityRow, ProfitabilityView>({
        fetch: async () => viewOf(await read(), sort ?? null),
        label: `the first products of the profitability ranking ${key}`,
      });
      this.profitabilityFirst.set(key, view);
    }
    return view.load({ force });
  }

  /**
   * What the ranking shows for `filter`: the whole ranking narrowed once it is read, else the first rows of `sort` once
   * read, else the filter's first rows in the ranking's own order (`order` says which).
   */
  profitability(filter: ProfitabilityFilter, sort?: ProfitabilitySort): ProfitabilityRows {
    const whole = this.profitabilityWhole;
    const items = whole.items;
    const wholeState = whole.state;
    if (whole.view && items.length >= whole.total) {
      const key = profitabilityKey(filter);
      const memo = this.profitabilityNarrowed;
      const rows = memo && memo.key === key && memo.items === items ? memo.rows : narrowProfitability(items, canonicalFilter(filter));
      this.profitabilityNarrowed = { key, items, rows };
      return { rows, total: rows.length, complete: true, state: 'ready', wholeState, order: null, sectors: whole.view.sectors, talents: whole.view.talents };
    }
    const askedKey = profitabilityKey(filter, sort);
    const asked = this.profitabilityFirst.get(askedKey);
    // A sort's rows not read yet: the rows of this filter shown last (another order's) stay on screen meanwhile.
    const ofFilter = profitabilityFilterPrefix(filter);
    const shownBefore = this.profitabilityAsked
      .filter((key) => key !== askedKey && key.startsWith(ofFilter))
      .map((key) => this.profitabilityFirst.get(key))
      .reverse()
      .find((other) => other?.view);
    const first = asked?.view ? asked : (shownBefore ?? asked);
    // The choices are the whole ranking's in every view: another filter's, already read, serves while this one loads.
    const view = first?.view ?? [...this.profitabilityFirst.values()].find((other) => other.view !== null)?.view ?? null;
    const state = asked?.state ?? 'idle';
    return {
      rows: first?.items ?? [],
      total: first?.total ?? 0,
      complete: first?.state === 'ready' && (first?.items.length ?? 0) >= (first?.total ?? 0),
      order: first?.view?.order ?? null,
      state,
      wholeState,
      sectors: view?.sectors ?? [],
      talents: view?.talents ?? [],
    };
  }
  // --- end issue 36 ---

  /** The sector's list, created on first use (one query `category == c`, cached per sector). */
  private sectorList(category: string): CachedList<Product> {
    let sector = this.sectors.get(category);
    if (!sector) {
      sector = new CachedList({
        slot: () => this.cache.productCategory(category),
        fetch: () => this.gateway.products.getByCategory(category),
        label: `products of ${category}`,
      });
      this.sectors.set(category, sector);
    }
    return sector;
  }

  /** The sector's first page (created on first use; not cached: see ./first-rows.ts). */
  private firstPage(category: string): FirstRows<Product> {
    let page = this.firstPages.get(category);
    if (!page) {
      page = new FirstRows<Product>({
        fetch: async () => {
          const [items, total] = await Promise.all([
            this.gateway.products.getFirstPageOfCategory(category, FIRST_VIEW_ROWS),
            this.gateway.products.countInCategory(category),
          ]);
          return { items, total };
        },
        label: `the first products of ${category}`,
      });
      this.firstPages.set(category, page);
    }
    return page;
  }

  /**
   * Selecting a sector also loads what its panel shows first (its first page, or the whole sector when known); null
   * clears the selection (Clear button). Remotes released before the first page load the whole sector themselves.
   */
  selectCategory(category: string | null): void {
    this.selectedCategory = category;
    if (category !== null) void this.loadCategoryFirstPage(category);
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

  /**
   * The market updated (the market clock saw a new stamp): what is on screen is read again in the background,
   * still shown meanwhile (no "loading" state, no layout jump); what is loaded but not on screen is forgotten, and
   * read when next shown. "On screen" is a list a rendered component reads (CachedList.observed), so the cost of an
   * update is what the page shows: the heatmap's rows and the shown sector on /products, the ledger on /materials,
   * the record on a detail page, the records of the trade book's items (DetailRecord.observed). The session
   * cache's market entries are dropped first (they hold the previous figures); the refetched lists write theirs.
   */
  async followMarketUpdate(): Promise<void> {
    this.details.forgetAll();
    const records = this.shownRecordReads();
    this.cache.products.clear();
    this.cache.materials.clear();
    this.cache.marketStats.clear();
    this.cache.clearProductCategories();
    for (const [category, sector] of [...this.sectors]) if (!sector.observed) this.sectors.delete(category);
    for (const [category, page] of [...this.firstPages]) if (!page.observed) this.firstPages.delete(category);
    for (const [material, list] of [...this.usedIn]) if (!list.observed) this.usedIn.delete(material);
    for (const [material, list] of [...this.usedInLedgers]) if (!list.observed) this.usedInLedgers.delete(material);
    for (const [material, first] of [...this.usedInFirst]) if (!first.observed) this.usedInFirst.delete(material);
    for (const [key, view] of [...this.suggestionViews]) if (!view.observed) this.suggestionViews.delete(key);
    for (const [key, view] of [...this.profitabilityFirst]) if (!view.observed) this.profitabilityFirst.delete(key);
    const lists = [
      ...[this.productList, this.materialList, this.statList, ...this.sectors.values(), ...this.firstPages.values(), ...this.usedIn.values()],
      ...[this.ledgerFirst, ...this.usedInLedgers.values(), ...this.usedInFirst.values(), ...this.suggestionViews.values()],
      ...[this.profitabilityWhole, ...this.profitabilityFirst.values()],
    ];
    const shown = lists.filter((list) => list.observed && list.state !== 'idle');
    for (const list of lists) if (!shown.includes(list)) list.forget();
    await Promise.allSettled([...shown.map((list) => list.refetch()), ...records.map((read) => read())]);
  }

  /** Materials and products (the header refresh and the dashboards' refresh). */
  async refreshProductsAndMaterials(): Promise<void> {
    this.details.nextRound();
    const selected = this.selectedCategory;
    this.forgetSectorsExcept(selected);
    const loads: Array<Promise<unknown>> = [this.reloadLedger(), ...this.shownRecordReads().map((read) => read())];
    for (const [material, list] of [...this.usedIn]) {
      if (list.observed) loads.push(this.usedInLedgers.has(material) ? this.loadUsedInMaterials(material, { force: true }) : this.loadProductsUsing(material, { force: true }));
      else this.usedIn.delete(material);
    }
    for (const material of [...this.usedInLedgers.keys()]) if (!this.usedIn.has(material)) this.usedInLedgers.delete(material);
    // A "Used in" first view on screen is read again as it is (the whole list, once read, is shown and reloaded above).
    for (const [material, first] of [...this.usedInFirst]) {
      if (!first.observed) this.usedInFirst.delete(material);
      else if (this.usedInWholeState(material) !== 'ready') loads.push(first.load({ force: true }));
    }
    // The planner's shown suggestions are read again (the API's answer of the period); the others are forgotten.
    for (const [key, view] of [...this.suggestionViews]) {
      if (view.observed) loads.push(view.load({ force: true }));
      else this.suggestionViews.delete(key);
    }
    // The profitability ranking as far as it is shown: the whole ranking once read, else the shown filter's first rows.
    if (this.profitabilityWhole.observed && this.profitabilityWhole.state !== 'idle') loads.push(this.profitabilityWhole.load({ force: true }));
    for (const [key, view] of [...this.profitabilityFirst]) {
      if (!view.observed) this.profitabilityFirst.delete(key);
      else if (this.profitabilityWhole.state !== 'ready') loads.push(view.load({ force: true }));
    }
    if (this.productsState !== 'idle') loads.push(this.loadProducts({ force: true }));
    // The selected sector as far as it is shown: the whole sector once read, else its first page.
    if (selected !== null) {
      const firstPageShown = this.firstPages.has(selected) && !this.sectorRows(selected).complete;
      loads.push(firstPageShown ? this.firstPage(selected).load({ force: true }) : this.loadCategory(selected, { force: true }));
    }
    await Promise.allSettled(loads);
  }

  /**
   * After an admin write: the product replaces its old copy in every loaded list, and the session caches
   * of products are dropped so that no page shows the old record.
   */
  applyProductChange(product: Product): void {
    this.clearProductCaches();
    this.details.replaceProduct(product);
    for (const entry of this.productRecords.values()) if (entry.record?.id === product.id) entry.replace(product);
    const replace = (list: Product[]) => [...list.filter((p) => p.id !== product.id), product].sort((a, b) => a.name.localeCompare(b.name));
    if (this.productsState === 'ready') this.productList.set(replace(this.products));
    for (const [category, sector] of this.sectors) {
      const without = sector.items.filter((p) => p.id !== product.id);
      sector.set(category === product.category ? replace(without) : without);
    }
    // A first page shows the product only if it held it already (its rows are the sector's first by name).
    for (const [category, page] of this.firstPages) {
      if (page.items.some((p) => p.id === product.id)) page.setItems(category === product.category ? replace(page.items) : page.items.filter((p) => p.id !== product.id));
    }
    // So does a "Used in" first view, in its place (its order is the margins', read again with the view).
    for (const [material, first] of this.usedInFirst) {
      if (!first.items.some((p) => p.id === product.id)) continue;
      first.setItems((product.requested_materials[material] ?? 0) > 0 ? first.items.map((p) => (p.id === product.id ? product : p)) : first.items.filter((p) => p.id !== product.id));
      first.markStale();
    }
  }

  /**
   * After a product was added: lists stay on screen but count as stale ('idle'), and their caches are
   * dropped, so the next load reads the gateway.
   */
  forgetProductCaches(): void {
    this.clearProductCaches();
    this.details.forgetProducts();
    this.productList.markStale();
    for (const sector of this.sectors.values()) sector.markStale();
    for (const page of this.firstPages.values()) page.markStale();
    for (const first of this.usedInFirst.values()) first.markStale();
  }

  /**
   * After an admin added a material: a loaded ledger lists it at once, and the materials cache is dropped so
   * that another tab's next load reads the collection.
   */
  /** A material edited in the console (issue 38): the loaded ledger shows it at once, the cached one is dropped. */
  applyMaterialChange(material: Material): void {
    this.cache.materials.clear();
    this.ledgerFirst.markStale();
    for (const first of this.usedInFirst.values()) first.markStale();
    for (const list of this.usedInLedgers.values()) if (list.items.some((m) => m.name === material.name)) list.set(list.items.map((m) => (m.name === material.name ? material : m)));
    for (const entry of this.materialRecords.values()) if (entry.record?.name === material.name) entry.replace(material);
    if (this.materialsState === 'ready') this.materialList.set(this.materials.map((m) => (m.name === material.name ? material : m)));
  }

  applyMaterialAdded(material: Material): void {
    this.cache.materials.clear();
    this.ledgerFirst.markStale();
    if (this.materialsState === 'ready') this.materialList.set([...this.materials, material]);
  }

  /** After an import wrote materials (issue 38): the ledger stays on screen but counts as stale, its cache is dropped. */
  forgetMaterialCaches(): void {
    this.cache.materials.clear();
    this.materialList.markStale();
    this.ledgerFirst.markStale();
    this.usedInLedgers.clear();
    for (const first of this.usedInFirst.values()) first.markStale();
  }

  private clearProductCaches(): void {
    this.cache.products.clear();
    this.cache.clearProductCategories();
  }

  /** Every product loaded in memory (whole list and sectors), for detail lookups. */
  get knownProducts(): Product[] {
    const all = [...this.products];
    for (const sector of this.sectors.values()) all.push(...sector.items);
    for (const page of this.firstPages.values()) all.push(...page.items);
    return all;
  }

  /** The kept sector is force-reloaded by the caller, which rewrites its cache entry. */
  private forgetSectorsExcept(keep: string | null): void {
    for (const category of [...this.sectors.keys()]) {
      if (category !== keep) this.sectors.delete(category);
    }
    for (const category of [...this.firstPages.keys()]) {
      if (category !== keep) this.firstPages.delete(category);
    }
    this.cache.clearProductCategories();
  }

  /**
   * The product detail page's record (./detail-records.ts DetailRecords.loadProduct), also kept as `productRecord`.
   */
  async loadProductDetail(slug: string, options: { fresh?: boolean } = {}): Promise<ProductDetailApi> {
    const entry = recordOf(this.productRecords, slug);
    const read = entry.begin();
    const result = await this.details.loadProduct(slug, options);
    entry.settle(read, result.state, result.product);
    return result;
  }

  /** The material detail page's record (./detail-records.ts DetailRecords.loadMaterial), also kept as `materialRecord`. */
  async loadMaterialDetail(slug: string, options: { fresh?: boolean } = {}): Promise<{ state: DetailState; material: Material | null }> {
    const entry = recordOf(this.materialRecords, slug);
    const read = entry.begin();
    const result = await this.details.loadMaterial(slug, options);
    entry.settle(read, result.state, result.material);
    return result;
  }

  /** A product's record as last loaded for `slug` ('loading' before any load: the page starts one). */
  productRecord(slug: string): ProductDetailApi {
    const entry = this.productRecords.get(slug);
    return entry ? { state: entry.state, product: entry.record } : { state: 'loading', product: null };
  }

  /** A material's record as last loaded for `slug` (a detail page's, or a recipe's material by name). */
  materialRecord(slug: string): { state: DetailState; material: Material | null } {
    const entry = this.materialRecords.get(slug);
    return entry ? { state: entry.state, material: entry.record } : { state: 'loading', material: null };
  }

  /**
   * The records a page shows, to read again past the caches (a header refresh, a market update); the others are
   * dropped, and loaded again when a page next asks.
   */
  private shownRecordReads(): Array<() => Promise<unknown>> {
    const reads: Array<() => Promise<unknown>> = [];
    for (const [slug, entry] of [...this.productRecords]) {
      if (entry.observed) reads.push(() => this.loadProductDetail(slug, { fresh: true }));
      else this.productRecords.delete(slug);
    }
    for (const [slug, entry] of [...this.materialRecords]) {
      if (entry.observed) reads.push(() => this.loadMaterialDetail(slug, { fresh: true }));
      else this.materialRecords.delete(slug);
    }
    return reads;
  }
}

/** The record kept for `key`, created on first use. */
function recordOf<T>(records: Map<string, DetailRecord<T>>, key: string): DetailRecord<T> {
  let entry = records.get(key);
  if (!entry) {
    entry = new DetailRecord<T>();
    records.set(key, entry);
  }
  return entry;
}

/** A ranking's rows as a first view (FirstRows' items and total), with the filters' choices. */
interface ProfitabilityView {
  items: ProfitabilityRow[];
  total: number;
  sectors: string[];
  talents: string[];
  /** The order of `items`: the sort asked for, null the ranking's own. */
  order: ProfitabilitySort | null;
}

const viewOf = ({ rows, total, sectors, talents }: RankedProfitability, order: ProfitabilitySort | null): ProfitabilityView => ({ items: rows, total, sectors, talents, order });

/** The filter as the gateway is asked it: only the values set, always in one order (a render's recorded call and its replay agree). */
function canonicalFilter(filter: ProfitabilityFilter): ProfitabilityFilter {
  return { ...(filter.sector ? { sector: filter.sector } : {}), ...(filter.talent ? { talent: filter.talent } : {}) };
}

/** What every first-row view's key of `filter` starts with, whatever its sort. */
const profitabilityFilterPrefix = (filter: ProfitabilityFilter) => `${JSON.stringify(canonicalFilter(filter))}|`;

/** A first-row view's key: the filter, then the sort ('' for the ranking's own order). */
function profitabilityKey(filter: ProfitabilityFilter, sort?: ProfitabilitySort): string {
  return `${profitabilityFilterPrefix(filter)}${sort ? `${sort.key} ${sort.direction}` : ''}`;
}
