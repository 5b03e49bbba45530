/**
 * An in-memory DataGateway for store and component tests (exported from the package). It behaves like the
 * Firebase gateway where callers can see it: duplicate-slug (and taken id), empty-slug and not-found
 * messages, version conflicts, provider error codes on sign-in, auth state notifications. Any call can be
 * made to fail (`failing`, `fail`) or to wait until released (`hold`), and every call is recorded (./fake-calls.ts).
 * The products and their audit trail are in ./fake-products.ts, the watchlist in ./fake-watchlist.ts.
 */
import { addMaterialMessages, buildCatalogIndex, editMaterialMessages, MATERIAL_EDITABLE_FIELDS, MAX_TRADES, rankProfitability,
  rankSuggestions, readHistoryPoints, readMaterial, tradeMessages, validateMaterialEdit } from '@sbc/domain';
import type { HistoryItems, MarketMovers } from '@sbc/domain';
import type { GameDate, GameStats, MarketStatRow, Material, Product, Talent, TelemetryHour, Trade, UserDocument } from '@sbc/domain';
import type { MaterialAuditEntry } from './audit-entries';
import { USERS_PAGE_SIZE } from './users-page';
import { GatewayError, GatewayErrorCode } from './errors';
import { createCallLog, type FakeCallControls } from './fake-calls';
import { fakeProductMethods } from './fake-products';
import { fakeCatalogMethods, type FakeCatalogData } from './fake-catalog';
import { fakeMaterialImportMethods } from './fake-material-import';
import { materialsFirstView } from './materials-first-view';
import { createFakeWatchlist, type FakeWatchlist } from './fake-watchlist';
import { createFakeAlertHooks, type FakeAlertHooks } from './fake-alert-hooks';
import type { AuthUser, DataGateway, GatewayMethod, RegistrationInput, RegistrationResult } from './gateway';
import type { RoleAuditEntry } from './role-entries';

export type { GatewayMethod } from './gateway';

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
  /** Telemetry hour documents (the Salute page). */
  telemetry?: TelemetryHour[];
  /** Recorded market history documents by id (domain/src/market-history.ts layout) and the movers document. */
  history?: Record<string, unknown>;
  movers?: MarketMovers | null;
  /** Sign-in accounts (the auth provider's side). */
  accounts?: FakeAccount[];
  /** The user signed in when the first listener subscribes. */
  signedInUser?: AuthUser | null;
  failing?: Partial<Record<GatewayMethod, Error>>;
  /** The players' trade books by uid. */
  tradeBooks?: Record<string, Trade[]>;
}

export interface FakeGateway extends DataGateway, FakeCallControls<GatewayMethod> {
  /** Simulates the provider reporting a sign-in state change. */
  emitAuthState(user: AuthUser | null): void;
  /** The in-memory data, for assertions and direct edits ("another session changed it"). */
  readonly data: FakeGatewayData;
  /** The in-memory watchlist (./fake-watchlist.ts). */
  readonly watchlist: FakeWatchlist;
  /** The in-memory alert webhooks (./fake-alert-hooks.ts). */
  readonly alertHooks: FakeAlertHooks;
}

export interface FakeGatewayData extends FakeCatalogData {
  materials: Material[];
  statRows: MarketStatRow[];
  gameDate: GameDate | undefined;
  gameStats: GameStats | undefined;
  talents: Talent[];
  users: Map<string, UserDocument>;
  telemetry: TelemetryHour[];
  history: Map<string, unknown>;
  movers: MarketMovers | null;
  /** Material edits made through updateMaterial, newest first (issue 38). */
  materialAudit: MaterialAuditEntry[];
  /** Role changes made through setUserRole, newest first. */
  roleAudit: RoleAuditEntry[];
  accounts: FakeAccount[];
  /** Log of user-document writes: 'create:<uid>' and 'touch:<uid>'. */
  userWrites: string[];
  /** The players' trade books by uid (tradeBooks/{uid}). */
  tradeBooks: Map<string, Trade[]>;
}

export function createFakeGateway(seed: FakeGatewaySeed = {}): FakeGateway {
  const data: FakeGatewayData = {
    products: [...(seed.products ?? [])],
    materials: [...(seed.materials ?? [])],
    statRows: [...(seed.statRows ?? [])],
    gameDate: seed.gameDate,
    gameStats: seed.gameStats,
    talents: [...(seed.talents ?? [])],
    users: new Map((seed.users ?? []).map((u) => [u.uid, u])),
    telemetry: [...(seed.telemetry ?? [])],
    history: new Map(Object.entries(seed.history ?? {})),
    movers: seed.movers ?? null,
    accounts: [...(seed.accounts ?? [])],
    versions: new Map(),
    userWrites: [],
    roleAudit: [],
    materialAudit: [],
    audit: [],
    tradeBooks: new Map(Object.entries(seed.tradeBooks ?? {})),
  };
  const { enter, ...controls } = createCallLog<GatewayMethod>(seed.failing);
  const listeners = new Set<(user: AuthUser | null) => void>();
  let currentUser: AuthUser | null = seed.signedInUser ?? null;

  function setUser(user: AuthUser | null): void {
    currentUser = user;
    for (const listener of [...listeners]) listener(user);
  }

  const { products, productHistory } = fakeProductMethods(data, enter, () => currentUser);
  const gateway: FakeGateway = {
    ...controls,
    data,
    emitAuthState: setUser,
    watchlist: createFakeWatchlist(),
    alertHooks: createFakeAlertHooks(),
    products,
    catalog: { ...fakeCatalogMethods(data, enter, () => currentUser), ...fakeMaterialImportMethods(data, enter, () => currentUser) },
    auth: {
      onStateChanged(listener) {
        controls.calls.push({ method: 'auth.onStateChanged', args: [] });
        listeners.add(listener);
        // Like Firebase: the current state is reported asynchronously after subscribing.
        queueMicrotask(() => {
          if (listeners.has(listener)) listener(currentUser);
        });
        return () => listeners.delete(listener);
      },
      async signIn(email, password) {
        await enter('auth.signIn', [email, password]);
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
        await enter('auth.signOut', []);
        setUser(null);
      },
      async register(input: RegistrationInput): Promise<RegistrationResult> {
        await enter('auth.register', [input]);
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
      // The link is "sent": the call is in the log; a test fails it with fail('auth.sendVerificationEmail', …).
      async sendVerificationEmail() {
        await enter('auth.sendVerificationEmail', []);
        if (!currentUser) throw Object.assign(new Error('No user is signed in'), { code: 'auth/no-current-user' });
      },
    },
    users: {
      async get(uid) {
        await enter('users.get', [uid]);
        return data.users.get(uid) ?? null;
      },
      async create(user) {
        await enter('users.create', [user]);
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
      async touchLastLogin(uid) {
        await enter('users.touchLastLogin', [uid]);
        const existing = data.users.get(uid);
        data.users.set(uid, { ...(existing ?? { uid, email: '', displayName: '', isAdmin: false }), lastLoginAt: new Date() });
        data.userWrites.push(`touch:${uid}`);
      },
      async list(options = {}) {
        await enter('users.list', [options]);
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
      // As firestore.rules hold it: only an admin, never on their own or an admin's document.
      async setRole(uid, role) {
        await enter('users.setRole', [uid, role]);
        const target = data.users.get(uid);
        if (!target) throw new GatewayError(GatewayErrorCode.notFound, `Utente ${uid} non trovato`);
        const actor = currentUser ? data.users.get(currentUser.uid) : undefined;
        if (!actor?.isAdmin || actor.uid === uid || target.isAdmin) {
          throw new GatewayError('permission-denied', 'Missing or insufficient permissions.');
        }
        const updated = { ...target, role };
        data.users.set(uid, updated);
        data.roleAudit.unshift({
          id: `role-${data.roleAudit.length + 1}`,
          userId: uid,
          userEmail: target.email,
          role,
          previousRole: target.role === 'editor' ? 'editor' : 'player',
          uid: actor.uid,
          email: actor.email,
          at: new Date(),
        });
        data.userWrites.push(`role:${uid}:${role}`);
        return updated;
      },
    },
    materials: {
      async getAll() {
        await enter('materials.getAll', []);
        return [...data.materials];
      },
      async getByName(name) {
        await enter('materials.getByName', [name]);
        return data.materials.find((m) => m.name === name) ?? null;
      },
      // As ./materials.ts, over the fake ledger (in its order).
      async getFirstView(count) {
        await enter('materials.getFirstView', [count]);
        return materialsFirstView(data.materials, count);
      },
      async getByNames(names) {
        await enter('materials.getByNames', [names]);
        return data.materials.filter((m) => names.includes(m.name));
      },
      async add(name, fields) {
        await enter('materials.add', [name, fields]);
        if (data.materials.some((m) => m.name === name)) throw new GatewayError(GatewayErrorCode.alreadyExists, addMaterialMessages.exists(name));
        const material = readMaterial(name, { ...fields });
        data.materials.push(material);
        return material;
      },
      async getForEdit(name) {
        await enter('materials.getForEdit', [name]);
        const material = data.materials.find((m) => m.name === name);
        return material ? fakeVersionedMaterial(material) : null;
      },
      // As the Firebase gateway: the editable fields only, the domain's check, a version check, an audit entry.
      async update(name, fields, options = {}) {
        await enter('materials.update', [name, fields, options]);
        const index = data.materials.findIndex((m) => m.name === name);
        if (index === -1) throw new GatewayError(GatewayErrorCode.notFound, editMaterialMessages.notFound(name));
        const current = fakeVersionedMaterial(data.materials[index]!);
        if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
          throw new GatewayError(GatewayErrorCode.conflict, editMaterialMessages.conflict(name));
        }
        const problems = validateMaterialEdit(fields, current.raw);
        if (problems.length > 0) throw new GatewayError(GatewayErrorCode.invalidData, problems.join('\n'));
        const next: Record<string, unknown> = { ...current.raw };
        for (const key of MATERIAL_EDITABLE_FIELDS) {
          if (key in fields && fields[key] !== undefined) next[key] = fields[key];
          else delete next[key];
        }
        const material = readMaterial(name, next);
        data.materials[index] = material;
        const after = fakeVersionedMaterial(material).raw as MaterialAuditEntry['after'];
        const before = current.raw as MaterialAuditEntry['before'];
        data.materialAudit.unshift({
          id: `material-entry-${data.materialAudit.length + 1}`,
          materialId: name,
          action: options.action ?? 'update',
          uid: currentUser?.uid ?? '',
          email: currentUser?.email ?? null,
          at: new Date(),
          before,
          after,
          changedFields: Object.keys({ ...before, ...after }).filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after[k])).sort(),
        });
        return fakeVersionedMaterial(material);
      },
    },
    market: {
      async getStats() {
        await enter('market.getStats', []);
        return [...data.statRows];
      },
      /** The same filtering as the real read (data/market-history.ts), from the fake's history documents. */
      async getHistory(ids, keys) {
        await enter('market.getHistory', [ids, keys]);
        const points = readHistoryPoints(ids.filter((id) => data.history.has(id)).map((id) => data.history.get(id)));
        return points.flatMap((point) => {
          const items: HistoryItems = keys ? {} : point.items;
          for (const key of keys ?? []) if (point.items[key]) items[key] = point.items[key];
          return Object.keys(items).length > 0 ? [{ at: point.at.toISOString(), items }] : [];
        });
      },
      async getMovers() {
        await enter('market.getMovers', []);
        return data.movers;
      },
      /** Built from the fake's products and materials, as the trigger keeps the real one. */
      async getCatalogIndex() {
        await enter('market.getCatalogIndex', []);
        const index = buildCatalogIndex(
          data.products.map((p) => ({ id: p.id, data: p })),
          data.materials.map((m) => ({ id: m.name, data: m })),
        );
        return [...index.values()].flat();
      },
    },
    // As the API and the render server: the domain's ranking over the whole (fake) catalogue.
    plan: {
      async getSuggestions(budget, limit) {
        await enter('plan.getSuggestions', [budget, limit]);
        return rankSuggestions(data.products, data.materials, budget, limit);
      },
      async getProfitability(filter, limit, sort) {
        await enter('plan.getProfitability', sort ? [filter, limit, sort] : [filter, limit]);
        return rankProfitability(data.products, data.materials, filter, limit, sort);
      },
    },
    game: {
      async getDate() {
        await enter('game.getDate', []);
        if (!data.gameDate) throw new GatewayError(GatewayErrorCode.invalidData, 'The game date is missing or unreadable');
        return data.gameDate;
      },
      async getStats() {
        // The real gateway never rejects here (section 8): a failure yields undefined.
        try {
          await enter('game.getStats', []);
        } catch {
          return undefined;
        }
        return data.gameStats;
      },
      async getTalents() {
        await enter('game.getTalents', []);
        return [...data.talents];
      },
    },
    audit: {
      productHistory,
      async roleHistory() {
        await enter('audit.roleHistory', []);
        return [...data.roleAudit];
      },
      async materialHistory(name) {
        await enter('audit.materialHistory', [name]);
        return data.materialAudit.filter((entry) => entry.materialId === name);
      },
    },
    telemetry: {
      async getHours(sinceHour) {
        await enter('telemetry.getHours', [sinceHour]);
        return data.telemetry.filter((hour) => hour.hour >= sinceHour);
      },
    },
    tradeBook: {
      async get(uid) {
        await enter('tradeBook.get', [uid]);
        return [...(data.tradeBooks.get(uid) ?? [])];
      },
      async update(uid, change) {
        await enter('tradeBook.update', [uid]);
        const next = change([...(data.tradeBooks.get(uid) ?? [])]);
        if (next.length > MAX_TRADES) throw new GatewayError(GatewayErrorCode.invalidData, tradeMessages.tooMany);
        data.tradeBooks.set(uid, [...next]);
        return [...next];
      },
    },
  };
  return gateway;
}

/** A fake material's stored fields (the ledger's Material without its name, the document id) and a content version. */
function fakeVersionedMaterial(material: Material) {
  const { name: _name, ...raw } = material;
  return { material, version: `fake-${JSON.stringify(raw)}`, raw: raw as Record<string, unknown> };
}
