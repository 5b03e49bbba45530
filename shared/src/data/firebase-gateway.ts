/** The production DataGateway: Firebase (lite Firestore + Auth) and the registration function. */
import type { RuntimeConfig } from '../config/runtime-config';
import * as adminCatalog from './admin-catalog';
import * as audit from './audit';
import type { AuditActor } from './audit';
import * as authCalls from './auth';
import { GatewayError } from './errors';
import { initFirebase, type FirebaseServices } from './firebase';
import type { DataGateway } from './gateway';
import * as materials from './materials';
import * as products from './products';
import { register } from './registration';
import * as users from './users';
import * as roles from './roles';
import * as telemetry from './telemetry';
import { createWatchlistGateway } from './watchlist';
import { createGameReads, createMarketReads, createMaterialReads, createProductReads } from './public-reads';
import * as tradeBook from './trade-book';
import { createAlertHooksGateway } from './alert-hooks';
import { catalogueRanking } from './plan-suggestions';

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
  const productReads = createProductReads(db);
  const materialReads = createMaterialReads(db);
  return {
    auth: {
      onStateChanged: (listener) => authCalls.onAuthStateChanged(auth, listener),
      signIn: (email, password) => authCalls.signIn(auth, email, password),
      signOut: () => authCalls.signOut(auth),
      register: (input) => register(registerUrl, input, fetchImpl ?? fetch),
      sendVerificationEmail: () => authCalls.sendVerificationEmail(auth),
    },
    users: {
      get: (uid) => users.getUserDocument(db, uid),
      create: (user) => users.createUserDocument(db, user),
      touchLastLogin: (uid) => users.touchLastLogin(db, uid),
      list: (options) => users.listUsers(db, options),
      setRole: (uid, role) => roles.setUserRole(db, uid, role, actor()),
    },
    products: {
      ...productReads,
      getForEdit: (slug) => products.getProductForEdit(db, slug),
      add: (product, options) => products.addProduct(db, product, options ?? {}, actor()),
      update: (slug, fields, options) => products.updateProduct(db, slug, fields, options ?? {}, actor()),
      search: (text) => products.searchProducts(db, text),
    },
    catalog: {
      listPage: (query, after) => adminCatalog.listCatalogPage(db, query, after),
      count: (query) => adminCatalog.countCatalog(db, query),
      listAllMatching: (query) => adminCatalog.listAllMatching(db, query),
      findForImport: (slugs, ids) => adminCatalog.findProductsForImport(db, slugs, ids),
      applyBulkChanges: (jobId, changes, onProgress) => adminCatalog.applyBulkChanges(db, actor(), jobId, changes, onProgress),
      listMaterialDocuments: () => materials.listMaterialDocuments(db),
      applyMaterialChanges: (jobId, changes, onProgress) => materials.applyMaterialChanges(db, actor(), jobId, changes, onProgress),
    },
    materials: {
      ...materialReads,
      add: (name, fields) => materials.addMaterial(db, name, fields),
      getForEdit: (name) => materials.getMaterialForEdit(db, name),
      update: (name, fields, options) => materials.updateMaterial(db, name, fields, options ?? {}, actor()),
    },
    market: createMarketReads(db),
    game: createGameReads(db),
    // A page's gateway answers this from the open data API (./browser-gateway.ts); tools and tests rank the whole lists.
    plan: catalogueRanking({ products: productReads, materials: materialReads }),
    audit: {
      productHistory: (productId) => audit.getProductHistory(db, productId),
      materialHistory: (name) => materials.getMaterialHistory(db, name),
      roleHistory: () => roles.getRoleHistory(db),
    },
    telemetry: {
      getHours: (sinceHour) => telemetry.getTelemetryHours(db, sinceHour),
    },
    tradeBook: {
      get: (uid) => tradeBook.getTrades(db, uid),
      update: (uid, change) => tradeBook.updateTrades(db, uid, change),
    },
    watchlist: createWatchlistGateway(db),
    alertHooks: createAlertHooksGateway(db),
  };
}
