/**
 * The public surface of the MobX stores, shared by the shell and both remotes. The classes in this folder
 * implement these interfaces; components depend only on what is listed here. Every async state is an
 * explicit observable value (`LoadState`), never implied by `undefined`.
 */
import type {
  CategoryGroup,
  GameDate,
  GameStats,
  Material,
  MaterialsTotals,
  MarketStatRow,
  PlanBudget,
  Product,
  ProfitabilityFilter,
  ProfitabilityRow,
  ProfitabilitySort,
  SuggestionRow,
  Talent,
  WatchEntry,
} from '@sbc/domain';
import type { MarketClockStatus, MarketUpdate } from './market-clock';
import type { AuditEntry } from '../data/audit';
import type { UsersPage } from '../data/users';
import type { BulkApplyResult, BulkProgress, CatalogPage, CatalogProduct } from '../data/admin-catalog-types';
import type { BulkChange, CatalogCursor, CatalogQuery } from '@sbc/domain';
import type { GrantableRole, NewMaterialDocument, TelemetryHour, UserDocument, UserRole } from '@sbc/domain';
import type { RoleAuditEntry } from '../data/role-entries';
import type { AuthUser, DataGateway, ProductWrite, PublicReadGateway, VersionedMaterial, VersionedProduct } from '../data/gateway';
import type { MaterialAuditEntry } from '../data/audit-entries';

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';
/**
 * A detail page's record: 'notFound' only when the database answered that it does not exist; 'error' when it
 * could not be asked (an outage), so the page offers Retry instead of saying the record is gone.
 */
export type DetailState = 'loading' | 'ready' | 'notFound' | 'error';

export interface AuthStoreApi {
  /** false until the provider has reported the first sign-in state. */
  readonly initialized: boolean;
  readonly user: AuthUser | null;
  readonly isAdmin: boolean;
  /**
   * What the user may do, read with the admin flag ('player' until then). Added with issue 38: a remote running in
   * an older shell finds it missing (@sbc/domain `sessionRole` reads either).
   */
  readonly role?: UserRole;
  /** true once the admin flag for the current user has been read (or failed → false). */
  readonly adminChecked: boolean;
  readonly isSignedIn: boolean;
  /** Resolves when signed in; rejects with the spec's login message (section 8). */
  login(email: string, password: string): Promise<void>;
  /** Registration via the cloud function then sign-in; rejects with the spec's registration message. */
  register(input: { email: string; password: string; displayName: string }): Promise<void>;
  /** Resolves true once signed out; a failure is only logged and resolves false (it never rejects). */
  logout(): Promise<boolean>;
}

export interface MarketStoreApi {
  // products
  readonly products: Product[];
  readonly productsState: LoadState;
  /** Products of one category, loaded by `loadCategory` (cached per sector). */
  productsOfCategory(category: string): Product[];
  categoryState(category: string): LoadState;
  loadCategory(category: string, options?: { force?: boolean }): Promise<void>;
  loadProducts(options?: { force?: boolean }): Promise<void>;
  /**
   * A sector's first page (FIRST_VIEW_ROWS products by name) and its count, unless the whole sector is
   * known (loaded, cached or part of the whole list: then that, at no cost). Issue 36; every shell in service has it
   * since the release of f8b3064 (docs/deploying.md policy), so remotes call it without a fallback.
   */
  loadCategoryFirstPage(category: string, options?: { force?: boolean }): Promise<void>;
  /** What a sector's panel shows: its whole list once loaded, else its first page. */
  sectorRows(category: string): SectorRows;
  /**
   * A product's record as last loaded for `slug` by loadProductDetail (the render's, replayed before hydration, then
   * the page's), observable; re-read while shown by a header refresh or a market update. 'loading' before any load.
   * The record's one home (issue 36); every shell in service has it since f8b3064.
   */
  productRecord(slug: string): ProductDetailApi;
  /** A material's record as last loaded for `slug` by loadMaterialDetail; as productRecord. */
  materialRecord(slug: string): { state: DetailState; material: Material | null };
  /** Loads a product's record into productRecord (also RootStoreApi.loadProductDetail). */
  loadProductDetail(slug: string, options?: { fresh?: boolean }): Promise<ProductDetailApi>;
  /** Loads a material's record into materialRecord. */
  loadMaterialDetail(slug: string, options?: { fresh?: boolean }): Promise<{ state: DetailState; material: Material | null }>;
  /**
   * "Used in" (added in issue 37): the products whose recipe needs a material. Every shell in service has them since
   * f8b3064.
   */
  productsUsing(material: string): Product[];
  productsUsingState(material: string): LoadState;
  loadProductsUsing(material: string, options?: { force?: boolean }): Promise<void>;
  // materials
  readonly materials: Material[];
  readonly materialsState: LoadState;
  loadMaterials(options?: { force?: boolean }): Promise<void>;
  /**
   * Issue 36, /materials: the ledger's first rows, its count and its totals (gateway materials.getFirstView), unless
   * the whole ledger is known (loaded or cached: then that, at no cost). Every shell in service has it since f8b3064.
   */
  loadMaterialsFirstPage(options?: { force?: boolean }): Promise<void>;
  /** What the ledger shows: the whole ledger once loaded, else its first rows. */
  ledgerRows(): LedgerRows;
  /**
   * Issue 36, /materials/{name}: the materials the recipes of its "Used in" products name (loads those products
   * first), read by name instead of the whole ledger; `usedInMaterials` answers them (the whole ledger when it is
   * loaded). Every shell in service has them since f8b3064.
   */
  loadUsedInMaterials(material: string, options?: { force?: boolean }): Promise<void>;
  usedInMaterials(material: string): Material[];
  /**
   * Issue 36, /materials/{name} rendered on the server: the "Used in" list's first rows in its default order (margin,
   * highest first), its count and the materials those rows name (gateway products.getUsingMaterialFirstView), unless
   * the whole list is known. Every shell in service has it since cda50e2.
   */
  loadUsedInFirstView(material: string, options?: { force?: boolean }): Promise<void>;
  /** What "Used in" shows: the whole list once read (with its materials), else its first view. */
  usedInList(material: string): UsedInList;
  /**
   * Issue 36, the planner's "What should I make?": the first SUGGESTIONS_SHOWN products for a budget, ranked where the
   * catalogue is (the open data API, the render server's period cache: gateway plan.getSuggestions), not in the page.
   * Every shell in service has them since cda50e2.
   */
  loadPlanSuggestions(budget: PlanBudget, options?: { force?: boolean }): Promise<void>;
  planSuggestions(budget: PlanBudget): PlanSuggestionRows;
  /**
   * Issue 36, /market/profitability: the ranking narrowed by `filter`, made where the catalogue is (the open data API,
   * the render server's period cache: gateway plan.getProfitability): its first FIRST_VIEW_ROWS rows, or with `whole`
   * every product's compact row. New in the release after bfc4cf7: a remote checks that the shell's store has it
   * (public-site's ProfitabilityPage ranks the products itself under an older shell).
   */
  loadProfitability?(filter: ProfitabilityFilter, options?: { whole?: boolean; force?: boolean; sort?: ProfitabilitySort }): Promise<void>;
  /** With `sort`: its first rows once read (the first sort of a page shows them without the whole ranking). */
  profitability?(filter: ProfitabilityFilter, sort?: ProfitabilitySort): ProfitabilityRows;
  // stats
  readonly statRows: MarketStatRow[];
  readonly statsState: LoadState;
  readonly categoryGroups: CategoryGroup[];
  /** Sorted category names derived from the groups. */
  readonly categories: string[];
  loadMarketStats(options?: { force?: boolean }): Promise<void>;
  // selection (products dashboard)
  readonly selectedCategory: string | null;
  selectCategory(category: string | null): void;
  /** Selects the first category once, if none is selected and it was never auto-selected. */
  autoSelectFirstCategory(): void;
  // refresh
  readonly refreshing: boolean;
  /** Materials, products and stats together; ignored while running; individual failures tolerated. */
  refresh(): Promise<void>;
  /** A market update: the lists on screen are read again (still shown meanwhile), the others forgotten. */
  followMarketUpdate(): Promise<void>;
}

/** A sector's products as far as they are known (MarketStoreApi.sectorRows). */
export interface SectorRows {
  /** The whole sector once read, else its first page; by name. */
  readonly products: Product[];
  /** How many products the sector has. */
  readonly total: number;
  /** True when `products` is the whole sector. */
  readonly complete: boolean;
  /** The state of what `products` holds. */
  readonly state: LoadState;
  /** The state of the whole sector's read ('loading' while a sort, a filter or an export waits for it). */
  readonly wholeState: LoadState;
}

/** The materials ledger as far as it is known (MarketStoreApi.ledgerRows). */
export interface LedgerRows {
  /** The whole ledger once read, else its first rows; in the ledger's order. */
  readonly materials: Material[];
  /** How many materials the ledger has. */
  readonly total: number;
  /** The four tiles' figures over the whole ledger (null before anything is loaded). */
  readonly totals: MaterialsTotals | null;
  /** True when `materials` is the whole ledger. */
  readonly complete: boolean;
  /** The state of what `materials` holds. */
  readonly state: LoadState;
  /** The state of the whole ledger's read ('loading' while a sort, a filter or an export waits for it). */
  readonly wholeState: LoadState;
}

/** A material's "Used in" list as far as it is known (MarketStoreApi.usedInList). */
export interface UsedInList {
  /**
   * The whole list once read (by name; at most USED_IN_LIMIT + 1, as products.getUsingMaterial answers), else the
   * first view's rows in the list's default order (margin per unit, highest first).
   */
  readonly products: Product[];
  /** The materials their margins need: those their recipes name (the whole ledger when it is loaded). */
  readonly materials: Material[];
  /** How many products the whole list has (at most USED_IN_LIMIT + 1: more than USED_IN_LIMIT means "more do"). */
  readonly total: number;
  /** True when `products` is the whole list. */
  readonly complete: boolean;
  /** The state of what `products` holds. */
  readonly state: LoadState;
  /** The state of the whole list's read, products and their materials ('loading' while a sort, a filter or more rows wait for it). */
  readonly wholeState: LoadState;
}

/** The profitability ranking for one filter (MarketStoreApi.profitability). */
export interface ProfitabilityRows {
  /** The whole narrowed ranking in the ranking's order (margin per unit, highest first), else the first rows (`order`). */
  readonly rows: ProfitabilityRow[];
  /**
   * The order of first rows: the sort asked for once its rows are read; null is the ranking's own order (also the
   * first rows shown while a sort's are read). The whole ranking comes in the ranking's own order (null).
   */
  readonly order: ProfitabilitySort | null;
  /** How many products match the filter. */
  readonly total: number;
  /** True when `rows` is every matching product. */
  readonly complete: boolean;
  /** The state of what `rows` holds. */
  readonly state: LoadState;
  /** The state of the whole ranking's read ('loading' while a sort, a text filter, "Show more" or the CSV waits for it). */
  readonly wholeState: LoadState;
  /** Every sector and talent of the whole ranking: the filters' choices. */
  readonly sectors: string[];
  readonly talents: string[];
}

/** The planner's suggestions for one budget (MarketStoreApi.planSuggestions). */
export interface PlanSuggestionRows {
  /** The first rows, best total margin first. */
  readonly rows: SuggestionRow[];
  /** How many products fit the budget in all. */
  readonly total: number;
  readonly state: LoadState;
}

export interface ProductDetailApi {
  readonly state: DetailState;
  readonly product: Product | null;
}

export interface GameStoreApi {
  readonly date: GameDate | null;
  readonly dateState: LoadState;
  loadDate(): Promise<void>;
  readonly stats: GameStats | undefined;
  readonly statsState: LoadState;
  loadStats(): Promise<void>;
  /** Statistics read elsewhere (the market clock), shown as if loaded. */
  applyStats(stats: GameStats): void;
}

/** The market clock (./market-clock.ts): notices market updates while the page is open. */
export interface MarketClockApi {
  readonly status: MarketClockStatus;
  /** When the next read of the stamp is planned (ms since the epoch), or null. */
  readonly nextCheck: number | null;
  /** The latest update this page followed (the announcement and the notifications read it). */
  readonly lastUpdate: MarketUpdate | null;
  /** Reads of the stamp made so far. */
  readonly checks: number;
  /** The market period it expects, in ms. */
  readonly period: number;
  /** Starts watching (browser only); returns the stop function. */
  start(): () => void;
  /** Reads the stamp now; true when the market had updated (and the page followed). */
  checkNow(): Promise<boolean>;
}

export interface TalentsStoreApi {
  readonly talents: Talent[];
  readonly state: LoadState;
  load(): Promise<void>;
}

export interface AdminStoreApi {
  addProduct(product: ProductWrite, options?: { explicitId?: string }): Promise<string>;
  loadForEdit(slug: string): Promise<VersionedProduct | null>;
  updateProduct(
    slug: string,
    fields: Record<string, unknown>,
    options?: { expectedVersion?: string; action?: 'update' | 'restore' },
  ): Promise<VersionedProduct>;
  /** The JSON editor's picker: products whose name or slug starts with the text (bounded reads). */
  searchProducts(text: string): Promise<Product[]>;
  /** A product's newest audit entries (by document id), newest first. */
  loadHistory(productId: string): Promise<AuditEntry[]>;
  /** The console's products list: one page (≤ 51 reads; shared/src/data/admin-catalog.ts). */
  listCatalogPage(query: CatalogQuery, after: CatalogCursor | null): Promise<CatalogPage>;
  /** How many products match (1 read per 1,000). */
  countCatalog(query: CatalogQuery): Promise<number>;
  /** Every product that matches (N reads). */
  listAllMatching(query: CatalogQuery): Promise<CatalogProduct[]>;
  /** The products an import names, by slug or document id, or a bulk edit's ticked ones by id (one read per product found). */
  findProductsForImport(slugs: readonly string[], ids: readonly string[]): Promise<CatalogProduct[]>;
  /** A bulk job's changes, in batches, each product once per job with its audit entry; the product caches are dropped. */
  applyBulkChanges(jobId: string, changes: readonly BulkChange[], onProgress?: (progress: BulkProgress) => void): Promise<BulkApplyResult>;
  /**
   * The materials import and export (issue 38): every material as stored (N reads), and an import's changes to
   * materials, each once per job with its materialAudit entry. Every shell in service has them since f8b3064
   * (docs/deploying.md policy), so the console calls them without a fallback.
   */
  listMaterialDocuments(): Promise<CatalogProduct[]>;
  applyMaterialChanges(jobId: string, changes: readonly BulkChange[], onProgress?: (progress: BulkProgress) => void): Promise<BulkApplyResult>;
  /** Manage Users: a page of users by e-mail (after the cursor), or a search's matches. */
  listUsers(options?: { after?: string | null; prefix?: string }): Promise<UsersPage>;
  /**
   * The Salute page: telemetry hour documents from `sinceHour` ('YYYYMMDDHH') on. Added with issue 35; every shell
   * in service has it since f8b3064.
   */
  loadTelemetryHours(sinceHour: string): Promise<TelemetryHour[]>;
  /**
   * Manage Users: grants ('editor') or revokes ('player') the editor role, audited. Added with issue 38; every shell
   * in service has it since f8b3064.
   */
  setUserRole(uid: string, role: GrantableRole): Promise<UserDocument>;
  /** Manage Users: the newest role changes (issue 38; in every shell in service since f8b3064, like setUserRole). */
  loadRoleHistory(): Promise<RoleAuditEntry[]>;
  /**
   * Material editing (issue 38): one material with its version, a save of its editable fields (audited; the loaded
   * ledger shows it at once) and its history. Every shell in service has them since f8b3064.
   */
  loadMaterialForEdit(name: string): Promise<VersionedMaterial | null>;
  updateMaterial(name: string, fields: Record<string, unknown>, options?: { expectedVersion?: string; action?: 'update' | 'restore' }): Promise<VersionedMaterial>;
  loadMaterialHistory(name: string): Promise<MaterialAuditEntry[]>;
  /** Creates a material; the loaded ledger shows it at once. */
  addMaterial(name: string, fields: NewMaterialDocument): Promise<Material>;
}

export interface RootStoreApi {
  /**
   * The gateway the stores were built on: the whole gateway in the browser, the public reads alone on the render
   * server (a remote reaching a group beyond `PublicReadGateway`, e.g. `alertHooks`, checks that it is there).
   */
  readonly gateway: DataGateway | PublicReadGateway;
  readonly auth: AuthStoreApi;
  readonly market: MarketStoreApi;
  readonly game: GameStoreApi;
  readonly talents: TalentsStoreApi;
  readonly admin: AdminStoreApi;
  /** Header refresh: materials and products, then the game date; ignored while running. */
  refreshAll(): Promise<void>;
  readonly refreshingAll: boolean;
  readonly marketClock: MarketClockApi;
  /** The market updated: the open page reads again what it shows; resolves with the alerts that fired. */
  followMarketUpdate(stats: GameStats): Promise<WatchEntry[]>;
  /** Loads one product for the detail page (cache first; `fresh` or a refresh since its last read skips it). */
  loadProductDetail(slug: string, options?: { fresh?: boolean }): Promise<ProductDetailApi>;
  loadMaterialDetail(slug: string, options?: { fresh?: boolean }): Promise<{ state: DetailState; material: Material | null }>;
}
