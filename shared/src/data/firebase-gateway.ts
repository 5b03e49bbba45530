/** The production DataGateway: Firebase (lite Firestore + Auth) and the registration function. */
import type { RuntimeConfig } from '../config/runtime-config';
import * as adminCatalog from './admin-catalog';
import * as audit from './audit';
import type { AuditActor } from './audit';
import * as authCalls from './auth';
import { GatewayError } from './errors';
import { initFirebase, type FirebaseServices } from './firebase';
import * as game from './game';
import type { DataGateway } from './gateway';
import * as marketHistory from './market-history';
import * as marketStats from './market-stats';
import * as materials from './materials';
import * as products from './products';
import { register } from './registration';
import * as talents from './talents';
import * as catalogIndex from './catalog-index';
import * as users from './users';
import * as roles from './roles';
import * as telemetry from './telemetry';
import { createWatchlistGateway } from './watchlist';
import * as tradeBook from './trade-book';
import { createAlertHooksGateway } from './alert-hooks';

/** Starts the page's single Firebase instance (`initFirebase`) and its gateway (pages get it lazily: ./browser-gateway.ts). */
export function startFirebaseGateway(config: RuntimeConfig): DataGateway {
  const services = initFirebase(config);
  const gateway = createGatewayFromServices(services, config.registerUrl);
  // E-mail alerts are offered when this site's functions have an e-mail provider (docs/alert-webhooks.md#e-mail-alerts).
  return { ...gateway, alertHooks: createAlertHooksGateway(services.db, { emailAlerts: config.alerts?.email === true }) };
}

/** For tests and tools that bring their own Firebase services. */
export function createGatewayFromServices(
  { auth, db }: Pick<FirebaseServices, 'auth' | 'db'>,
  registerUrl: string,
  fetchImpl?: typeof fetch,
  /** Who the audit trail names; by default the signed-in user (tests without an auth emulator pass one). */
  currentActor?: () => AuditActor,
): DataGateway {
  // Who the audit trail names: the signed-in user (the rules check the uid against the request's).
  const actor = currentActor ?? ((): AuditActor => {
    const user = auth.currentUser;
    if (!user) throw new GatewayError('unauthenticated', 'Accesso richiesto per modificare i prodotti');
    return { uid: user.uid, email: user.email };
  });
  return {
    onAuthStateChanged: (listener) => authCalls.onAuthStateChanged(auth, listener),
    signIn: (email, password) => authCalls.signIn(auth, email, password),
    signOut: () => authCalls.signOut(auth),
    register: (input) => register(registerUrl, input, fetchImpl ?? fetch),

    getUserDocument: (uid) => users.getUserDocument(db, uid),
    createUserDocument: (user) => users.createUserDocument(db, user),
    touchLastLogin: (uid) => users.touchLastLogin(db, uid),
    listUsers: (options) => users.listUsers(db, options),
    setUserRole: (uid, role) => roles.setUserRole(db, uid, role, actor()),
    getRoleHistory: () => roles.getRoleHistory(db),
    getTelemetryHours: (sinceHour) => telemetry.getTelemetryHours(db, sinceHour),

    getAllProducts: () => products.getAllProducts(db),
    getProductsByCategory: (category) => products.getProductsByCategory(db, category),
    getProductsByCategoryFirstPage: (category, count) => products.getProductsByCategoryFirstPage(db, category, count),
    countProductsByCategory: (category) => products.countProductsByCategory(db, category),
    getProductBySlug: (slug) => products.getProductBySlug(db, slug),
    getProductsUsingMaterial: (name) => products.getProductsUsingMaterial(db, name),
    getProductForEdit: (slug) => products.getProductForEdit(db, slug),
    addProduct: (product, options) => products.addProduct(db, product, options ?? {}, actor()),
    updateProduct: (slug, fields, options) => products.updateProduct(db, slug, fields, options ?? {}, actor()),
    searchProducts: (text) => products.searchProducts(db, text),
    getProductHistory: (productId) => audit.getProductHistory(db, productId),
    listCatalogPage: (query, after) => adminCatalog.listCatalogPage(db, query, after),
    countCatalog: (query) => adminCatalog.countCatalog(db, query),
    listAllMatching: (query) => adminCatalog.listAllMatching(db, query),
    findProductsForImport: (slugs, ids) => adminCatalog.findProductsForImport(db, slugs, ids),
    applyBulkChanges: (jobId, changes, onProgress) => adminCatalog.applyBulkChanges(db, actor(), jobId, changes, onProgress),
    listMaterialDocuments: () => materials.listMaterialDocuments(db),
    applyMaterialChanges: (jobId, changes, onProgress) => materials.applyMaterialChanges(db, actor(), jobId, changes, onProgress),

    getMaterials: () => materials.getMaterials(db),
    getMaterialByName: (name) => materials.getMaterialByName(db, name),
    addMaterial: (name, fields) => materials.addMaterial(db, name, fields),
    getMaterialForEdit: (name) => materials.getMaterialForEdit(db, name),
    updateMaterial: (name, fields, options) => materials.updateMaterial(db, name, fields, options ?? {}, actor()),
    getMaterialHistory: (name) => materials.getMaterialHistory(db, name),
    getMarketStats: () => marketStats.getMarketStats(db),
    getGameDate: () => game.getGameDate(db),
    getGameStats: () => game.getGameStats(db),
    getTalents: () => talents.getTalents(db),
    getCatalogIndex: () => catalogIndex.getCatalogIndex(db),
    getMarketHistory: (ids, keys) => marketHistory.getMarketHistory(db, ids, keys),
    getMarketMovers: () => marketHistory.getMarketMovers(db),

    getTrades: (uid) => tradeBook.getTrades(db, uid),
    updateTrades: (uid, change) => tradeBook.updateTrades(db, uid, change),

    watchlist: createWatchlistGateway(db),
    alertHooks: createAlertHooksGateway(db),
  };
}
