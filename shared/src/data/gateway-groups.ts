/**
 * The gateway's groups, one interface per entity (./gateway.ts puts them together as `DataGateway`). Each method
 * says what it costs in Firestore reads and writes; the Firestore code behind it is named beside the group. A
 * group whose reads a signed-out server render makes is split in two: its reads (`ProductReads`, …), which the
 * render server gets (`PublicReadGateway`), and the whole group, which extends them with the console's calls.
 */
import type {
  BulkChange,
  CatalogCursor,
  CatalogIndexEntry,
  CatalogQuery,
  GameDate,
  GameStats,
  GrantableRole,
  MarketMovers,
  MarketStatRow,
  Material,
  NewMaterialDocument,
  NewProductDocument,
  Product,
  Talent,
  TelemetryHour,
  Trade,
  UserDocument,
} from '@sbc/domain';
import type { BulkApplyResult, BulkProgress, CatalogPage, CatalogProduct } from './admin-catalog-types';
import type { AuditEntry, MaterialAuditEntry } from './audit-entries';
import type { RecordedPoint } from './market-history';
import type { RoleAuditEntry } from './role-entries';
import type { UsersPage } from './users-page';
import type { MaterialsFirstView } from './materials-first-view';
import type { UsedInFirstView } from './used-in-first-view';

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
 * What products.add accepts: the domain's `NewProductDocument` (an interface, hence not assignable to a
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

// --- auth: Firebase Auth and the registration function (./auth.ts, ./registration.ts); no Firestore read ---

export interface AuthGateway {
  /** Subscribes to sign-in state changes; returns the unsubscribe function. */
  onStateChanged(listener: (user: AuthUser | null) => void): () => void;
  /** Throws an error carrying the provider's code (e.g. 'auth/wrong-password'). */
  signIn(email: string, password: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** POSTs {email, password, displayName} to the registration function; resolves its {success, error} reply. */
  register(input: RegistrationInput): Promise<RegistrationResult>;
  /**
   * Has Firebase Auth send the signed-in player a link that verifies their address (e-mail alerts go only to a verified
   * address: docs/alert-webhooks.md). No Firestore read. Optional: remote code calls it, and a shell released before it
   * has none (the page then offers no button).
   */
  sendVerificationEmail?(): Promise<void>;
}

// --- users: users/{uid} (./users.ts, ./roles.ts) ---

export interface UsersGateway {
  /** Reads users/{uid} (1 read); null when missing. */
  get(uid: string): Promise<UserDocument | null>;
  /** Creates users/{uid} with isAdmin false and server timestamps (1 write). */
  create(user: AuthUser): Promise<void>;
  /** Merge-writes lastLoginAt (server timestamp; 1 write). */
  touchLastLogin(uid: string): Promise<void>;
  /** Admin: a page of users by e-mail, or the users matching a search (see ./users.ts for the reads). */
  list(options?: { after?: string | null; prefix?: string }): Promise<UsersPage>;
  /**
   * Admin: grants ('editor') or revokes ('player') the editor role of user `uid`, with its roleAudit entry in the same
   * batch (1 read, 2 writes; see ./roles.ts). Returns the user as it now is.
   */
  setRole(uid: string, role: GrantableRole): Promise<UserDocument>;
}

// --- products: products/{id} (./products.ts) ---

/** The product reads of a public page (the render server has these and no others). */
export interface ProductReads {
  /** The whole collection, by name (one read per product). */
  getAll(): Promise<Product[]>;
  /** One sector, by name (one read per product of the sector). */
  getByCategory(category: string): Promise<Product[]>;
  /** The first `count` products of a sector by name (`count` reads; ./products.ts). */
  getFirstPageOfCategory(category: string, count: number): Promise<Product[]>;
  /** How many products a sector has (1 read per 1,000 counted; ./products.ts). */
  countInCategory(category: string): Promise<number>;
  /** By document id, then slug ==, then name == (1 to 3 reads); null when none. */
  getBySlug(slug: string): Promise<Product | null>;
  /** Products whose recipe needs the material (quantity above 0): at most USED_IN_LIMIT + 1 reads (see ./products.ts). */
  getUsingMaterial(name: string): Promise<Product[]>;
  /**
   * Issue 36: the first `count` of those in the list's default order (margin, highest first), its count and the
   * materials they name; reads what the whole list reads, answers only what the page shows first (see ./products.ts).
   */
  getUsingMaterialFirstView(name: string, count: number): Promise<UsedInFirstView>;
}

export interface ProductsGateway extends ProductReads {
  /** Editors: the stored document as plain JSON with its version token (1 to 3 reads, as getBySlug). */
  getForEdit(slug: string): Promise<VersionedProduct | null>;
  /** Returns the new document id. Duplicate slug → 'Un prodotto con lo slug "{slug}" esiste già' (a transaction: 1–2 reads, 2 writes). */
  add(product: ProductWrite, options?: { explicitId?: string }): Promise<string>;
  /**
   * Whole-document replace by slug (fields left out are removed): createdAt and migratedAt are kept, a
   * different slug is refused (SLUG_CHANGE_MESSAGE), updatedAt is set, an audit entry is written with it
   * (action 'update' or 'restore'). With `expectedVersion`, fails with code 'conflict' if the stored document
   * changed since. Not found → 'Prodotto con slug "{slug}" non trovato'. A transaction: 1–3 reads, 2 writes.
   */
  update(
    slug: string,
    fields: Record<string, unknown>,
    options?: { expectedVersion?: string; action?: 'update' | 'restore' },
  ): Promise<VersionedProduct>;
  /** The JSON editor's picker: products whose name or slug starts with the text (≤ 18 reads, see ./products.ts). */
  search(text: string): Promise<Product[]>;
}

// --- catalog: the console's products list and bulk edits (issue 38; reads and writes in ./admin-catalog.ts) ---

export interface CatalogGateway {
  /** Admin: one page of the products list (≤ CATALOG_PAGE_SIZE + 1 reads). */
  listPage(query: CatalogQuery, after: CatalogCursor | null): Promise<CatalogPage>;
  /** Admin: how many products match (a count: 1 read per 1,000 matches). */
  count(query: CatalogQuery): Promise<number>;
  /** Admin: every product that matches (N reads). */
  listAllMatching(query: CatalogQuery): Promise<CatalogProduct[]>;
  /** Admin: the products an import names, by slug or by document id, or a bulk edit's ticked ones by id (one read per product found). */
  findForImport(slugs: readonly string[], ids: readonly string[]): Promise<CatalogProduct[]>;
  /** Admin: a bulk job's changes, each product written once per job with its audit entry, however often it is run. */
  applyBulkChanges(jobId: string, changes: readonly BulkChange[], onProgress?: (progress: BulkProgress) => void): Promise<BulkApplyResult>;
  /** Editors, the materials import and export (reads and writes in ./materials.ts): every material document as stored, by name, without 'list' (N reads). */
  listMaterialDocuments(): Promise<CatalogProduct[]>;
  /** Editors: an import's changes to materials (`productId` = name), each once per job with its materialAudit entry. */
  applyMaterialChanges(jobId: string, changes: readonly BulkChange[], onProgress?: (progress: BulkProgress) => void): Promise<BulkApplyResult>;
}

// --- materials: materials/{name} (./materials.ts) ---

/** The material reads of a public page. */
export interface MaterialReads {
  /** The whole collection (one read per material); the bookkeeping document 'list' is dropped by the reader. */
  getAll(): Promise<Material[]>;
  /** The document id is the material name: 1 read; null when missing. */
  getByName(name: string): Promise<Material | null>;
  /** /materials' first view (issue 36): the ledger's first `count` materials, its count and its totals (M reads, a small answer). */
  getFirstView(count: number): Promise<MaterialsFirstView>;
  /** The materials of these names ("Used in" margins): one read per material found, in chunks of 30 names. */
  getByNames(names: readonly string[]): Promise<Material[]>;
}

export interface MaterialsGateway extends MaterialReads {
  /** Admin: creates the material `name` (1 read, 1 write). An existing name → code 'already-exists'. */
  add(name: string, fields: NewMaterialDocument): Promise<Material>;
  /** Editors: one material with its version token (1 read). */
  getForEdit(name: string): Promise<VersionedMaterial | null>;
  /**
   * Editors: saves a material's editable fields with its materialAudit entry (1 read, 2 writes, then 1 read; see
   * ./materials.ts); 'conflict' when changed since `expectedVersion`, 'invalid-data' with the domain's Italian messages.
   */
  update(name: string, fields: Record<string, unknown>, options?: { expectedVersion?: string; action?: 'update' | 'restore' }): Promise<VersionedMaterial>;
}

// --- market: the market's figures over the catalogue (./market-stats.ts, ./market-history.ts, ./catalog-index.ts) ---

/** All public reads: the render server has the whole group. */
export interface MarketGateway {
  /** marketStats and marketMaterialStats together (one read per row). */
  getStats(): Promise<MarketStatRow[]>;
  /** Recorded market history: the points of documents `ids` for the items `keys` (one read per id, see ./market-history.ts). */
  getHistory(ids: readonly string[], keys?: readonly string[]): Promise<RecordedPoint[]>;
  /** The movers of the latest market update (1 read); null before any was recorded. */
  getMovers(): Promise<MarketMovers | null>;
  /** The header search's catalogue index: every shard, CATALOG_INDEX_SHARDS reads whatever the catalogue size. */
  getCatalogIndex(): Promise<CatalogIndexEntry[]>;
}

// --- game: gameParameters and talents (./game.ts, ./talents.ts) ---

/** All public reads: the render server has the whole group. */
export interface GameGateway {
  /** gameParameters/date (1 read); a missing or unreadable date is an error ('Unavailable'). */
  getDate(): Promise<GameDate>;
  /** gameParameters/gameStats (1 read); undefined on failure (SPEC section 8): it never rejects. */
  getStats(): Promise<GameStats | undefined>;
  /** The talents collection, by name (one read per talent). */
  getTalents(): Promise<Talent[]>;
}

// --- audit: the console's history of products, materials and roles (./audit.ts, ./materials.ts, ./roles.ts) ---

export interface AuditGateway {
  /** The newest audit entries of one product (by document id), newest first (≤ 20 reads). */
  productHistory(productId: string): Promise<AuditEntry[]>;
  /** Editors: the newest edits of one material, newest first (≤ 20 reads). */
  materialHistory(name: string): Promise<MaterialAuditEntry[]>;
  /** Admin: the newest role changes, newest first (≤ 20 reads). */
  roleHistory(): Promise<RoleAuditEntry[]>;
}

// --- telemetry: the Salute page's hour documents (./telemetry.ts) ---

export interface TelemetryGateway {
  /** Admin: the telemetry hour documents from hour `sinceHour` ('YYYYMMDDHH') on (one read per document; see ./telemetry.ts). */
  getHours(sinceHour: string): Promise<TelemetryHour[]>;
}

// --- tradeBook: tradeBooks/{uid} (./trade-book.ts; issue 37) ---

export interface TradeBookGateway {
  /** The player's trades: 1 read. */
  get(uid: string): Promise<Trade[]>;
  /** A transaction on the player's book: 1 read, 1 write; `change` may run again if another write lands first. */
  update(uid: string, change: (current: Trade[]) => Trade[]): Promise<Trade[]>;
}
