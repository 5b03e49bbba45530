import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { CatalogProduct, RootStoreApi } from '@sbc/shared';
import { catalogCursorOf, DEFAULT_CATALOG_QUERY, type CatalogCursor, type CatalogQuery } from '@sbc/domain';

/**
 * The catalogue list's state: one page of the products that match the query (filters, search, sort), moved
 * with value cursors (a stack, for "Pagina precedente"), the number of matches, and the selection: products
 * ticked on any page, or every match ("Seleziona tutti i N risultati"). Each page is one bounded query
 * (≤ 51 reads, shared/src/data/admin-catalog.ts), the count one aggregation; nothing is cached, since admins
 * come here to change the current catalogue.
 */
export class CatalogStore {
  query: CatalogQuery = { ...DEFAULT_CATALOG_QUERY };
  products: CatalogProduct[] = [];
  state: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  hasMore = false;
  total: number | null = null;
  /** Ticked products by id (kept across pages). */
  selected = observable.map<string, CatalogProduct>();
  /** Every match is selected (the targets are read when the preview is made). */
  allMatching = false;
  private cursors: CatalogCursor[] = [];
  private request = 0;

  constructor(private readonly root: RootStoreApi) {
    makeAutoObservable<CatalogStore, 'cursors' | 'request' | 'root'>(this, { root: false, request: false, cursors: observable }, { autoBind: true });
  }

  get page(): number {
    return this.cursors.length + 1;
  }

  get hasPrevious(): boolean {
    return this.cursors.length > 0;
  }

  get selectedCount(): number {
    return this.allMatching ? (this.total ?? 0) : this.selected.size;
  }

  get pageAllSelected(): boolean {
    return this.products.length > 0 && this.products.every((p) => this.allMatching || this.selected.has(p.id));
  }

  load(): Promise<void> {
    return this.fetch(this.cursors.at(-1) ?? null, true);
  }

  /** A new query starts from its first page, with nothing selected. */
  setQuery(change: Partial<CatalogQuery>): Promise<void> {
    this.query = { ...this.query, ...change };
    this.cursors = [];
    this.clearSelection();
    return this.fetch(null, true);
  }

  next(): Promise<void> {
    if (!this.hasMore || this.products.length === 0) return Promise.resolve();
    const cursor = catalogCursorOf(this.products[this.products.length - 1], this.query);
    this.cursors.push(cursor);
    return this.fetch(cursor, false);
  }

  previous(): Promise<void> {
    if (!this.hasPrevious) return Promise.resolve();
    this.cursors.pop();
    return this.fetch(this.cursors.at(-1) ?? null, false);
  }

  toggle(product: CatalogProduct): void {
    if (this.allMatching) this.narrowToPage();
    if (this.selected.has(product.id)) this.selected.delete(product.id);
    else this.selected.set(product.id, product);
  }

  togglePage(): void {
    if (this.pageAllSelected) {
      if (this.allMatching) this.narrowToPage();
      for (const p of this.products) this.selected.delete(p.id);
    } else for (const p of this.products) this.selected.set(p.id, p);
  }

  selectAllMatching(): void {
    this.allMatching = true;
  }

  clearSelection(): void {
    this.allMatching = false;
    this.selected.clear();
  }

  /**
   * The products the selection names, as stored now (the preview's "before" must be the stored value, or the write
   * would skip the product as changed meanwhile): every match (N reads), or the ticked ones read again by id (one
   * read each), in the order they were ticked.
   */
  async targets(): Promise<CatalogProduct[]> {
    if (this.allMatching) return this.root.admin.listAllMatching(this.query);
    const ids = [...this.selected.keys()];
    const fresh = new Map((await this.root.admin.findProductsForImport([], ids)).map((p) => [p.id, p]));
    return ids.flatMap((id) => (fresh.has(id) ? [fresh.get(id) as CatalogProduct] : []));
  }

  /** After a bulk write: the page and the count again, the selection kept. */
  refresh(): Promise<void> {
    return this.fetch(this.cursors.at(-1) ?? null, true);
  }

  /** Leaving "every match" for a choice on the page: the page's products stay ticked. */
  private narrowToPage(): void {
    this.allMatching = false;
    for (const p of this.products) this.selected.set(p.id, p);
  }

  private async fetch(after: CatalogCursor | null, withCount: boolean): Promise<void> {
    const request = ++this.request;
    const query = this.query;
    this.state = 'loading';
    try {
      const [page, total] = await Promise.all([
        this.root.admin.listCatalogPage(query, after),
        withCount ? this.root.admin.countCatalog(query) : Promise.resolve(this.total),
      ]);
      runInAction(() => {
        if (request !== this.request) return; // a newer page or query was asked for meanwhile
        this.products = page.products;
        this.hasMore = page.hasMore;
        this.total = total;
        this.state = 'ready';
      });
    } catch {
      runInAction(() => {
        if (request === this.request) this.state = 'error';
      });
    }
  }
}
