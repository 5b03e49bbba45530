/**
 * An in-memory DataGateway for store and component tests (exported from the package). It behaves like the
 * Firebase gateway where callers can see it: duplicate-slug (and taken id), empty-slug and not-found
 * messages, version conflicts, provider error codes on sign-in, auth state notifications. Any call can be
 * made to fail (`failing`, `fail`) or to wait until released (`hold`), and every call is recorded.
 */
import { addMaterialMessages, duplicateSlugMessage, EMPTY_SLUG_MESSAGE, productNotFoundMessage, readMaterial, readProduct, SLUG_CHANGE_MESSAGE, takenIdMessage } from '@sbc/domain';
import { buildCatalogIndex } from '@sbc/domain';
import type { GameDate, GameStats, MarketStatRow, Material, Product, Talent, UserDocument } from '@sbc/domain';
import { USERS_PAGE_SIZE } from './users';
import { GatewayError, GatewayErrorCode } from './errors';
import { createFakeWatchlist, type FakeWatchlist } from './fake-watchlist';
import { changedFields, snapshotForAudit, type AuditAction, type AuditEntry } from './audit';
import type { AuthUser, DataGateway, RegistrationInput, RegistrationResult, VersionedProduct } from './gateway';

export type GatewayMethod = keyof DataGateway;

export interface FakeAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string | null;
}

export interface FakeGatewaySeed {
  products?: Product[];
  materials?: Material[];
  statRows?: MarketStatRow[];
  gameDate?: GameDate;
  gameStats?: GameStats;
  talents?: Talent[];
  users?: UserDocument[];
  /** Sign-in accounts (the auth provider's side). */
  accounts?: FakeAccount[];
  /** The user signed in when the first listener subscribes. */
  signedInUser?: AuthUser | null;
  failing?: Partial<Record<GatewayMethod, Error>>;
}

export interface FakeGatewayCall {
  method: GatewayMethod;
  args: unknown[];
}

export interface FakeGateway extends DataGateway {
  /** Every call, in order. */
  readonly calls: FakeGatewayCall[];
  callCount(method: GatewayMethod): number;
  /** Makes later calls of `method` reject with `error` (undefined stops failing). */
  fail(method: GatewayMethod, error: Error | undefined): void;
  /** Later calls of `method` wait until the returned release function is called. */
  hold(method: GatewayMethod): () => void;
  /** Simulates the provider reporting a sign-in state change. */
  emitAuthState(user: AuthUser | null): void;
  /** The in-memory data, for assertions and direct edits ("another session changed it"). */
  readonly data: FakeGatewayData;
  /** The in-memory watchlist (./fake-watchlist.ts). */
  readonly watchlist: FakeWatchlist;
}

export interface FakeGatewayData {
  products: Product[];
  materials: Material[];
  statRows: MarketStatRow[];
  gameDate: GameDate | undefined;
  gameStats: GameStats | undefined;
  talents: Talent[];
  users: Map<string, UserDocument>;
  accounts: FakeAccount[];
  /** Version counter per product id; bump it to simulate a concurrent change. */
  versions: Map<string, number>;
  /** Log of user-document writes: 'create:<uid>' and 'touch:<uid>'. */
  userWrites: string[];
  /** Audit entries written with product writes, oldest first (the Firebase gateway's productAudit). */
  audit: AuditEntry[];
}

const PROTECTED = new Set(['slug', 'createdAt', 'migratedAt', 'id']);

export function createFakeGateway(seed: FakeGatewaySeed = {}): FakeGateway {
  const data: FakeGatewayData = {
    products: [...(seed.products ?? [])],
    materials: [...(seed.materials ?? [])],
    statRows: [...(seed.statRows ?? [])],
    gameDate: seed.gameDate,
    gameStats: seed.gameStats,
    talents: [...(seed.talents ?? [])],
    users: new Map((seed.users ?? []).map((u) => [u.uid, u])),
    accounts: [...(seed.accounts ?? [])],
    versions: new Map(),
    userWrites: [],
    audit: [],
  };
  const failing = new Map(Object.entries(seed.failing ?? {}) as Array<[GatewayMethod, Error]>);
  const holds = new Map<GatewayMethod, Promise<void>>();
  const calls: FakeGatewayCall[] = [];
  const listeners = new Set<(user: AuthUser | null) => void>();
  let currentUser: AuthUser | null = seed.signedInUser ?? null;

  /** Records the call, waits for a hold, then fails if told to. */
  async function enter(method: GatewayMethod, args: unknown[]): Promise<void> {
    calls.push({ method, args });
    const hold = holds.get(method);
    if (hold) await hold;
    const error = failing.get(method);
    if (error) throw error;
  }

  function setUser(user: AuthUser | null): void {
    currentUser = user;
    for (const listener of [...listeners]) listener(user);
  }

  const version = (product: Product) => `fake-v${data.versions.get(product.id) ?? 0}`;
  const rawOf = (product: Product): Record<string, unknown> => {
    const { id: _id, ...rest } = product;
    return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
  };
  const versioned = (product: Product): VersionedProduct => ({ product, version: version(product), raw: rawOf(product) });
  const findBySlug = (slug: string) =>
    data.products.find((p) => p.id === slug) ?? data.products.find((p) => p.slug === slug);

  /** Like the Firebase gateway: every product write leaves an entry naming the signed-in user. */
  const record = (product: Product, action: AuditAction, before: Product | null) => {
    const beforeRaw = before ? snapshotForAudit(rawOf(before)) : null;
    const after = snapshotForAudit(rawOf(product));
    data.audit.push({
      id: `audit-${data.audit.length + 1}`,
      productId: product.id,
      slug: product.slug,
      action,
      uid: currentUser?.uid ?? '',
      email: currentUser?.email ?? null,
      at: new Date(Date.now() + data.audit.length),
      before: beforeRaw,
      after,
      changedFields: changedFields(beforeRaw, after),
    });
  };

  const gateway: FakeGateway = {
    calls,
    data,
    callCount: (method) => calls.filter((c) => c.method === method).length,
    fail(method, error) {
      if (error) failing.set(method, error);
      else failing.delete(method);
    },
    hold(method) {
      let release!: () => void;
      holds.set(method, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(method);
        release();
      };
    },
    emitAuthState: setUser,
    watchlist: createFakeWatchlist(),

    onAuthStateChanged(listener) {
      calls.push({ method: 'onAuthStateChanged', args: [] });
      listeners.add(listener);
      // Like Firebase: the current state is reported asynchronously after subscribing.
      queueMicrotask(() => {
        if (listeners.has(listener)) listener(currentUser);
      });
      return () => listeners.delete(listener);
    },
    async signIn(email, password) {
      await enter('signIn', [email, password]);
      const account = data.accounts.find((a) => a.email === email);
      if (!account) throw new GatewayError('auth/user-not-found', 'Firebase: Error (auth/user-not-found).');
      if (account.password !== password) {
        throw new GatewayError('auth/wrong-password', 'Firebase: Error (auth/wrong-password).');
      }
      const user = { uid: account.uid, email: account.email, displayName: account.displayName };
      setUser(user);
      return user;
    },
    async signOut() {
      await enter('signOut', []);
      setUser(null);
    },
    async register(input: RegistrationInput): Promise<RegistrationResult> {
      await enter('register', [input]);
      if (data.accounts.some((a) => a.email === input.email)) {
        return { success: false, error: 'The email address is already in use by another account.', httpStatus: 400 };
      }
      data.accounts.push({
        uid: `uid-${data.accounts.length + 1}`,
        email: input.email,
        password: input.password,
        displayName: input.displayName,
      });
      return { success: true };
    },

    async getUserDocument(uid) {
      await enter('getUserDocument', [uid]);
      return data.users.get(uid) ?? null;
    },
    async createUserDocument(user) {
      await enter('createUserDocument', [user]);
      const now = new Date();
      data.users.set(user.uid, {
        uid: user.uid,
        email: user.email ?? '',
        displayName: user.displayName ?? '',
        isAdmin: false,
        createdAt: now,
        lastLoginAt: now,
      });
      data.userWrites.push(`create:${user.uid}`);
    },
    async listUsers(options = {}) {
      await enter('listUsers', [options]);
      const all = [...data.users.values()].sort((a, b) => a.email.localeCompare(b.email));
      const typed = options.prefix?.trim() ?? '';
      if (typed !== '') {
        const capitalised = typed.charAt(0).toUpperCase() + typed.slice(1);
        const found = all.filter((u) => u.email.startsWith(typed.toLowerCase()) || u.displayName.startsWith(typed) || u.displayName.startsWith(capitalised));
        return { users: found.slice(0, USERS_PAGE_SIZE), hasMore: false };
      }
      const rest = options.after ? all.filter((u) => u.email > options.after!) : all;
      return { users: rest.slice(0, USERS_PAGE_SIZE), hasMore: rest.length > USERS_PAGE_SIZE };
    },
    async touchLastLogin(uid) {
      await enter('touchLastLogin', [uid]);
      const existing = data.users.get(uid);
      data.users.set(uid, { ...(existing ?? { uid, email: '', displayName: '', isAdmin: false }), lastLoginAt: new Date() });
      data.userWrites.push(`touch:${uid}`);
    },

    async getAllProducts() {
      await enter('getAllProducts', []);
      return [...data.products].sort((a, b) => a.name.localeCompare(b.name));
    },
    async getProductsByCategory(category) {
      await enter('getProductsByCategory', [category]);
      return data.products.filter((p) => p.category === category).sort((a, b) => a.name.localeCompare(b.name));
    },
    async getProductBySlug(slug) {
      await enter('getProductBySlug', [slug]);
      return findBySlug(slug) ?? data.products.find((p) => p.name === slug) ?? null;
    },
    async getProductForEdit(slug) {
      await enter('getProductForEdit', [slug]);
      const product = findBySlug(slug);
      return product ? versioned(product) : null;
    },
    async addProduct(write, options) {
      await enter('addProduct', [write, options]);
      const product = write as Record<string, unknown>;
      const slug = typeof product.slug === 'string' ? product.slug : '';
      if (slug.trim() === '') throw new GatewayError(GatewayErrorCode.invalidData, EMPTY_SLUG_MESSAGE);
      if (data.products.some((p) => p.slug === slug)) {
        throw new GatewayError(GatewayErrorCode.duplicateSlug, duplicateSlugMessage(slug));
      }
      // Like the Firebase gateway: an explicit id already in use is refused, never replaced.
      const taken = options?.explicitId ? data.products.find((p) => p.id === options.explicitId) : undefined;
      if (taken) throw new GatewayError(GatewayErrorCode.duplicateSlug, takenIdMessage(taken.slug, slug));
      const id = options?.explicitId ?? `auto-${data.products.length + 1}`;
      const now = new Date();
      const added = readProduct(id, { ...product, enabled: product.enabled ?? true, createdAt: now, updatedAt: now });
      data.products.push(added);
      record(added, 'create', null);
      return id;
    },
    async updateProduct(slug, fields, options) {
      await enter('updateProduct', [slug, fields, options]);
      const existing = findBySlug(slug);
      if (!existing) throw new GatewayError(GatewayErrorCode.notFound, productNotFoundMessage(slug));
      if (options?.expectedVersion !== undefined && options.expectedVersion !== version(existing)) {
        throw new GatewayError(GatewayErrorCode.conflict, `Il prodotto "${slug}" è stato modificato da un'altra sessione`);
      }
      if (typeof fields.slug === 'string' && fields.slug !== existing.slug) {
        throw new GatewayError(GatewayErrorCode.invalidData, SLUG_CHANGE_MESSAGE);
      }
      // A whole-document replace: what `fields` leaves out is gone; the protected fields stay as stored.
      const kept = Object.fromEntries(Object.entries(rawOf(existing)).filter(([key]) => PROTECTED.has(key)));
      const changes = Object.fromEntries(Object.entries(fields).filter(([key]) => !PROTECTED.has(key)));
      const updated = readProduct(existing.id, { ...changes, ...kept, updatedAt: new Date() });
      data.products = data.products.map((p) => (p.id === existing.id ? updated : p));
      data.versions.set(existing.id, (data.versions.get(existing.id) ?? 0) + 1);
      record(updated, options?.action ?? 'update', existing);
      return versioned(updated);
    },
    async searchProducts(text) {
      await enter('searchProducts', [text]);
      const q = text.trim().toLowerCase();
      return data.products
        .filter((p) => q === '' || p.name.toLowerCase().startsWith(q) || p.slug.toLowerCase().startsWith(q))
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, q === '' ? 6 : 18);
    },
    async getProductHistory(productId) {
      await enter('getProductHistory', [productId]);
      return data.audit.filter((e) => e.productId === productId).reverse().slice(0, 20);
    },

    async getMaterials() {
      await enter('getMaterials', []);
      return [...data.materials];
    },
    async addMaterial(name, fields) {
      await enter('addMaterial', [name, fields]);
      if (data.materials.some((m) => m.name === name)) throw new GatewayError(GatewayErrorCode.alreadyExists, addMaterialMessages.exists(name));
      const material = readMaterial(name, { ...fields });
      data.materials.push(material);
      return material;
    },
    async getMaterialByName(name) {
      await enter('getMaterialByName', [name]);
      return data.materials.find((m) => m.name === name) ?? null;
    },
    async getMarketStats() {
      await enter('getMarketStats', []);
      return [...data.statRows];
    },
    async getGameDate() {
      await enter('getGameDate', []);
      if (!data.gameDate) throw new GatewayError(GatewayErrorCode.invalidData, 'The game date is missing or unreadable');
      return data.gameDate;
    },
    async getGameStats() {
      // The real gateway never rejects here (section 8): a failure yields undefined.
      try {
        await enter('getGameStats', []);
      } catch {
        return undefined;
      }
      return data.gameStats;
    },
    async getTalents() {
      await enter('getTalents', []);
      return [...data.talents];
    },
    /** Built from the fake's products and materials, as the trigger keeps the real one. */
    async getCatalogIndex() {
      await enter('getCatalogIndex', []);
      const index = buildCatalogIndex(
        data.products.map((p) => ({ id: p.id, data: p })),
        data.materials.map((m) => ({ id: m.name, data: m })),
      );
      return [...index.values()].flat();
    },
  };
  return gateway;
}
