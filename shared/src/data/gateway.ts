import type {
  GameDate,
  GameStats,
  Material,
  MarketStatRow,
  Product,
  Talent,
  UserDocument,
} from '@sbc/domain';
import type { NewProductDocument } from '@sbc/domain';
import type { CatalogIndexEntry } from '@sbc/domain';
import type { NewMaterialDocument } from '@sbc/domain';
import type { TelemetryHour } from '@sbc/domain';
import type { MarketMovers, Trade } from '@sbc/domain';
import type { RecordedPoint } from './market-history';
import type { UsersPage } from './users-page';
import type { WatchlistGateway } from './watchlist';
import type { AlertHooksGateway } from './alert-hooks-items';
import type { BulkApplyResult, BulkProgress, CatalogPage, CatalogProduct } from './admin-catalog-types';
import type { BulkChange, CatalogCursor, CatalogQuery } from '@sbc/domain';
import type { AuditEntry, MaterialAuditEntry } from './audit-entries';
import type { RoleAuditEntry } from './role-entries';
import type { MaterialsFirstView } from './materials-first-view';
import type { GrantableRole } from '@sbc/domain';

/** A signed-in identity as the auth provider reports it. */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export interface RegistrationInput {
  email: string;
  password: string;
  displayName: string;
}

/** The registration function's reply. Only `success` and `error` come from the server (SPEC section 7). */
export interface RegistrationResult {
  success: boolean;
  error?: string;
  /** Set when the reply was an HTTP error: `error` is then the nested error text (SPEC section 8). */
  httpStatus?: number;
  /** Set when the request never got a reply (offline, CORS, DNS). */
  networkError?: boolean;
}

/**
 * What addProduct accepts: the domain's `NewProductDocument` (an interface, hence not assignable to a
 * Record by itself) or any plain object of fields.
 */
export type ProductWrite = NewProductDocument | Record<string, unknown>;

/** Result of a product write that may conflict with a concurrent change (JSON editor). */
export interface VersionedProduct {
  product: Product;
  /**
   * Opaque version token used for optimistic concurrency. Lite exposes no updateTime, so the Firebase gateway
   * uses a content hash of the stored document (./plain-json.ts `documentVersion`).
   */
  version: string;
  /** The raw stored document (plain JSON: timestamps as ISO strings), what the JSON editor edits. */
  raw: Record<string, unknown>;
}

/** A material for the console's editors (issue 38): as the ledger reads it, its version token, its stored fields. */
export interface VersionedMaterial {
  material: Material;
  version: string;
  raw: Record<string, unknown>;
}

/**
 * The transport the MobX stores receive (SPEC.md section 7). One named function per call. The Firebase
 * implementation lives in ./firebase-gateway.ts; tests use fakes. Errors are thrown as `GatewayError`
 * (./errors.ts) with the spec's user-facing message where the spec gives one.
 */
export interface DataGateway {
  // --- auth ---
  /** Subscribes to sign-in state changes; returns the unsubscribe function. */
  onAuthStateChanged(listener: (user: AuthUser | null) => void): () => void;
  /** Throws an error carrying the provider's code (e.g. 'auth/wrong-password'). */
  signIn(email: string, password: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** POSTs {email, password, displayName} to the registration function; resolves its {success, error} reply. */
  register(input: RegistrationInput): Promise<RegistrationResult>;

  // --- users ---
  /** Reads users/{uid}; null when missing. */
  getUserDocument(uid: string): Promise<UserDocument | null>;
  /** Creates users/{uid} with isAdmin false and server timestamps. */
  createUserDocument(user: AuthUser): Promise<void>;
  /** Merge-writes lastLoginAt (server timestamp). */
  touchLastLogin(uid: string): Promise<void>;

  // --- products ---
  getAllProducts(): Promise<Product[]>;
  getProductsByCategory(category: string): Promise<Product[]>;
  /** The first `count` products of a sector by name (`count` reads; ./products.ts). */
  getProductsByCategoryFirstPage(category: string, count: number): Promise<Product[]>;
  /** How many products a sector has (1 read per 1,000 counted; ./products.ts). */
  countProductsByCategory(category: string): Promise<number>;
  /** By document id, then slug ==, then name ==; null when none. */
  getProductBySlug(slug: string): Promise<Product | null>;
  /** Products whose recipe needs the material (quantity above 0): at most USED_IN_LIMIT + 1 reads (see products.ts). */
  getProductsUsingMaterial(name: string): Promise<Product[]>;
  getProductForEdit(slug: string): Promise<VersionedProduct | null>;
  /** Returns the new document id. Duplicate slug → 'Un prodotto con lo slug "{slug}" esiste già'. */
  addProduct(product: ProductWrite, options?: { explicitId?: string }): Promise<string>;
  /**
   * Whole-document replace by slug (fields left out are removed): createdAt and migratedAt are kept, a
   * different slug is refused (SLUG_CHANGE_MESSAGE), updatedAt is set, an audit entry is written with it
   * (action 'update' or 'restore'). With `expectedVersion`, fails with code 'conflict' if the stored document
   * changed since. Not found → 'Prodotto con slug "{slug}" non trovato'.
   */
  updateProduct(
    slug: string,
    fields: Record<string, unknown>,
    options?: { expectedVersion?: string; action?: 'update' | 'restore' },
  ): Promise<VersionedProduct>;
  /** The JSON editor's picker: products whose name or slug starts with the text (≤ 18 reads, see products.ts). */
  searchProducts(text: string): Promise<Product[]>;
  /** The newest audit entries of one product (by document id), newest first (≤ 20 reads). */
  getProductHistory(productId: string): Promise<AuditEntry[]>;

  // --- the console's catalogue (issue 38; reads and writes in ./admin-catalog.ts) ---
  /** Admin: one page of the products list (≤ CATALOG_PAGE_SIZE + 1 reads). */
  listCatalogPage(query: CatalogQuery, after: CatalogCursor | null): Promise<CatalogPage>;
  /** Admin: how many products match (a count: 1 read per 1,000 matches). */
  countCatalog(query: CatalogQuery): Promise<number>;
  /** Admin: every product that matches (N reads). */
  listAllMatching(query: CatalogQuery): Promise<CatalogProduct[]>;
  /** Admin: the products an import names, by slug or by document id, or a bulk edit's ticked ones by id (one read per product found). */
  findProductsForImport(slugs: readonly string[], ids: readonly string[]): Promise<CatalogProduct[]>;
  /** Admin: a bulk job's changes, each product written once per job with its audit entry, however often it is run. */
  applyBulkChanges(jobId: string, changes: readonly BulkChange[], onProgress?: (progress: BulkProgress) => void): Promise<BulkApplyResult>;

  // --- the console's materials import and export (issue 38; reads and writes in ./materials.ts) ---
  /** Editors: every material document as stored, by name, without 'list' (N reads). */
  listMaterialDocuments(): Promise<CatalogProduct[]>;
  /** Editors: an import's changes to materials (`productId` = name), each once per job with its materialAudit entry. */
  applyMaterialChanges(jobId: string, changes: readonly BulkChange[], onProgress?: (progress: BulkProgress) => void): Promise<BulkApplyResult>;

  // --- market data ---
  getMaterials(): Promise<Material[]>;
  // --- issue 36: materials read as far as a page shows them (reads in ./materials.ts) ---
  /** /materials' first view: the ledger's first `count` materials, its count and its totals (N reads, answer small). */
  getMaterialsFirstView(count: number): Promise<MaterialsFirstView>;
  /** The materials of these names ("Used in" margins): one read per material found, in chunks of 30 names. */
  getMaterialsByName(names: readonly string[]): Promise<Material[]>;
  // --- end issue 36 ---
  getMaterialByName(name: string): Promise<Material | null>;
  /** Admin: a page of users by e-mail, or the users matching a search (see data/users.ts for the reads). */
  listUsers(options?: { after?: string | null; prefix?: string }): Promise<UsersPage>;
  /**
   * Admin: grants ('editor') or revokes ('player') the editor role of user `uid`, with its roleAudit entry in the same
   * batch (1 read, 2 writes; see data/roles.ts). Returns the user as it now is.
   */
  setUserRole(uid: string, role: GrantableRole): Promise<UserDocument>;
  /** Admin: the newest role changes, newest first (≤ 20 reads). */
  getRoleHistory(): Promise<RoleAuditEntry[]>;
  /** Admin: the telemetry hour documents from hour `sinceHour` ('YYYYMMDDHH') on (see data/telemetry.ts for the reads). */
  getTelemetryHours(sinceHour: string): Promise<TelemetryHour[]>;
  /** Admin: creates the material `name` (1 read, 1 write). An existing name → code 'already-exists'. */
  addMaterial(name: string, fields: NewMaterialDocument): Promise<Material>;
  /** Editors: one material with its version token (1 read). */
  getMaterialForEdit(name: string): Promise<VersionedMaterial | null>;
  /**
   * Editors: saves a material's editable fields with its materialAudit entry (see data/materials.ts); 'conflict' when
   * changed since `expectedVersion`, 'invalid-data' with the domain's Italian messages.
   */
  updateMaterial(name: string, fields: Record<string, unknown>, options?: { expectedVersion?: string; action?: 'update' | 'restore' }): Promise<VersionedMaterial>;
  /** Editors: the newest edits of one material, newest first (≤ 20 reads). */
  getMaterialHistory(name: string): Promise<MaterialAuditEntry[]>;
  /** marketStats and marketMaterialStats together. */
  getMarketStats(): Promise<MarketStatRow[]>;
  getGameDate(): Promise<GameDate>;
  /** undefined on failure (SPEC section 8). */
  getGameStats(): Promise<GameStats | undefined>;
  getTalents(): Promise<Talent[]>;
  /** The header search's catalogue index: every shard, CATALOG_INDEX_SHARDS reads whatever the catalogue size. */
  getCatalogIndex(): Promise<CatalogIndexEntry[]>;
  /** Recorded market history: the points of documents `ids` for the items `keys` (one read per id, see data/market-history.ts). */
  getMarketHistory(ids: readonly string[], keys?: readonly string[]): Promise<RecordedPoint[]>;
  /** The movers of the latest market update (1 read); null before any was recorded. */
  getMarketMovers(): Promise<MarketMovers | null>;

  // --- trade book (tradeBooks/{uid}, ./trade-book.ts; issue 37) ---
  /** The player's trades: 1 read. */
  getTrades(uid: string): Promise<Trade[]>;
  /** A transaction on the player's book: 1 read, 1 write; `change` may run again if another write lands first. */
  updateTrades(uid: string, change: (current: Trade[]) => Trade[]): Promise<Trade[]>;

  // --- watchlist (users/{uid}/watchlist, ./watchlist.ts) ---
  readonly watchlist: WatchlistGateway;

  // --- alert webhooks (users/{uid}/alertHooks and their secrets, ./alert-hooks.ts; issue 37) ---
  /**
   * Optional: a shell released before it brings a shared copy without it, and a remote's page then says webhooks are
   * not available yet (docs/deploying.md#compatibility-between-separately-deployed-apps-policy).
   */
  readonly alertHooks?: AlertHooksGateway;
}
