/**
 * The records of the detail pages (a product, a material, a recipe's materials), read one by one: the market
 * store's lookups (MarketStore.loadProductDetail / loadMaterialDetail), kept apart from its lists.
 */
import { slugify } from '@sbc/domain';
import type { Material, Product } from '@sbc/domain';
import type { MaterialReads, ProductReads } from '../data/gateway';
import { CACHE_MAX_AGE_MS, type SessionCache } from '../data/session-cache';
import type { DetailState, LoadState, ProductDetailApi } from './contract';

/** What the records need of the market store's lists. */
export interface LoadedLists {
  /** Every product loaded in memory (whole list and sectors). */
  knownProducts(): Product[];
  materials(): Material[];
  materialsState(): LoadState;
  loadMaterials(options: { force?: boolean }): Promise<void>;
}

export class DetailRecords {
  /**
   * Counts the market updates and refreshes followed (`forgetAll`, `nextRound`). A record last read in an earlier
   * round is read again past the caches when next asked (`staleSince`); the market store reads the records on screen
   * again itself, in the new round, so a page that asks after it costs no read.
   */
  private round = 0;
  /** Per detail key, the round of its last successful read (see `staleSince`). */
  private readonly detailReads = new Map<string, number>();
  /**
   * Records read one by one (a detail page, a recipe's materials), per detail key, kept for one market period
   * like the session cache: a page's load after hydration (the server's reads were replayed into this store)
   * and a revisit cost no read. A header refresh still reads them again (`staleSince`); a market update forgets
   * them (`forgetAll`).
   */
  private readonly singleReads = new Map<string, { record: Product | Material; at: number }>();

  constructor(
    private readonly gateway: { readonly products: Pick<ProductReads, 'getBySlug'>; readonly materials: Pick<MaterialReads, 'getByName'> },
    private readonly cache: SessionCache,
    private readonly lists: LoadedLists,
  ) {}

  /**
   * Products already in memory or in the session cache first (no read), then the gateway (by id, slug or
   * name). An empty slug or a missing product give notFound; a failed read gives error (logged), since the
   * product may well exist.
   *
   * `fresh` skips memory and session cache. It defaults to true for a slug last read before the latest refresh or
   * market update (`round`), so a page that asks after it shows what the database holds now. A failed fresh read keeps the known record (a refresh must
   * not turn a shown product into "not found").
   */
  async loadProduct(slug: string, options: { fresh?: boolean } = {}): Promise<ProductDetailApi> {
    if (slug.trim() === '') return detail('notFound', null);
    const key = `product:${slug}`;
    // The round this read starts in: a refresh that begins while it is in flight makes its answer stale.
    const round = this.round;
    const fresh = options.fresh ?? this.staleSince(key, round);
    const known =
      findProduct(this.lists.knownProducts(), slug) ?? findProduct(this.cache.products.read() ?? [], slug) ?? this.recentSingleRead<Product>(key);
    if (known && !fresh) return this.served(key, round, detail('ready', known));
    try {
      const product = await this.gateway.products.getBySlug(slug);
      return product ? this.served(key, round, detail('ready', this.rememberSingleRead(key, product))) : detail('notFound', null);
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
  async loadMaterial(slug: string, options: { fresh?: boolean } = {}): Promise<{ state: DetailState; material: Material | null }> {
    if (slug.trim() === '') return { state: 'notFound', material: null };
    const key = `material:${slug}`;
    // The round this read starts in: a refresh that begins while it is in flight makes its answer stale.
    const round = this.round;
    const fresh = options.fresh ?? this.staleSince(key, round);
    const known =
      findMaterial(this.lists.materials(), slug) ?? findMaterial(this.cache.materials.read() ?? [], slug) ?? this.recentSingleRead<Material>(key);
    if (known && !fresh) return this.served(key, round, { state: 'ready', material: known });
    let readFailed = false;
    try {
      const material = await this.gateway.materials.getByName(slug);
      if (material) return this.served(key, round, { state: 'ready', material: this.rememberSingleRead(key, material) });
    } catch (error) {
      console.error(`Failed to load material ${slug}`, error);
      readFailed = true;
    }
    if (fresh || this.lists.materialsState() !== 'ready') {
      await this.lists.loadMaterials({ force: fresh });
      const loaded = findMaterial(this.lists.materials(), slug);
      if (loaded) return this.served(key, round, { state: 'ready', material: loaded });
      // Neither the document nor the list could be read: nothing says the material is missing.
      if (readFailed && this.lists.materialsState() === 'error') return { state: 'error', material: null };
    }
    return { state: 'notFound', material: null };
  }

  /** After an admin write: the product's kept copies are replaced. */
  replaceProduct(product: Product): void {
    for (const [key, kept] of this.singleReads) {
      if (key.startsWith('product:') && kept.record.id === product.id) this.singleReads.set(key, { record: product, at: Date.now() });
    }
  }

  /** After a product was added: no kept product is trusted any more. */
  forgetProducts(): void {
    for (const key of [...this.singleReads.keys()]) if (key.startsWith('product:')) this.singleReads.delete(key);
  }

  /** After a market update: every kept record has old figures, and a new round begins. */
  forgetAll(): void {
    this.singleReads.clear();
    this.round += 1;
  }

  /** A refresh begins: a record read before it is read again past the caches when next asked. */
  nextRound(): void {
    this.round += 1;
  }

  /** True when this detail was last read in a round before `round`. */
  private staleSince(key: string, round: number): boolean {
    const last = this.detailReads.get(key);
    return last !== undefined && last < round;
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

  private served<R>(key: string, round: number, result: R): R {
    this.detailReads.set(key, round);
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
