/**
 * The gateway a render server uses: Firestore reads only (firebase/firestore/lite, which runs in Node), no
 * auth; a page rendered on the server is the signed-out page. Sign-in and writes throw: no public page
 * calls them during a render.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import type { RuntimeConfig } from '../config/runtime-config';
import * as game from '../data/game';
import type { DataGateway } from '../data/gateway';
import * as marketHistory from '../data/market-history';
import * as marketStats from '../data/market-stats';
import * as materials from '../data/materials';
import * as products from '../data/products';
import * as talents from '../data/talents';

let appCount = 0;

export function createServerReadGateway(config: RuntimeConfig): { gateway: DataGateway; app: FirebaseApp } {
  const app = initializeApp(config.firebase, `sbc-render-${++appCount}`);
  const db = getFirestore(app);
  if (config.emulators) connectFirestoreEmulator(db, config.emulators.firestoreHost, config.emulators.firestorePort);
  const unavailable = (what: string) => () => Promise.reject(new Error(`${what} is not available while rendering on the server`));
  const gateway: DataGateway = {
    // Signed out, reported once (the header's account area then shows Login / Sign Up, as in the browser).
    onAuthStateChanged: () => () => {},
    signIn: unavailable('signIn'),
    signOut: unavailable('signOut'),
    register: unavailable('register'),
    getUserDocument: unavailable('getUserDocument'),
    createUserDocument: unavailable('createUserDocument'),
    touchLastLogin: unavailable('touchLastLogin'),
    listUsers: unavailable('listUsers'),
    setUserRole: unavailable('setUserRole'),
    getMaterialForEdit: unavailable('getMaterialForEdit'),
    updateMaterial: unavailable('updateMaterial'),
    getMaterialHistory: unavailable('getMaterialHistory'),
    getRoleHistory: unavailable('getRoleHistory'),
    getTelemetryHours: unavailable('getTelemetryHours'),
    getAllProducts: () => products.getAllProducts(db),
    getProductsByCategory: (category) => products.getProductsByCategory(db, category),
    getProductsByCategoryFirstPage: (category, count) => products.getProductsByCategoryFirstPage(db, category, count),
    countProductsByCategory: (category) => products.countProductsByCategory(db, category),
    getProductBySlug: (slug) => products.getProductBySlug(db, slug),
    getProductsUsingMaterial: (name) => products.getProductsUsingMaterial(db, name),
    getProductForEdit: unavailable('getProductForEdit'),
    addProduct: unavailable('addProduct'),
    updateProduct: unavailable('updateProduct'),
    searchProducts: unavailable('searchProducts'),
    listCatalogPage: unavailable('listCatalogPage'),
    countCatalog: unavailable('countCatalog'),
    listAllMatching: unavailable('listAllMatching'),
    findProductsForImport: unavailable('findProductsForImport'),
    applyBulkChanges: unavailable('applyBulkChanges'),
    listMaterialDocuments: unavailable('listMaterialDocuments'),
    applyMaterialChanges: unavailable('applyMaterialChanges'),
    getProductHistory: unavailable('getProductHistory'),
    getMaterials: () => materials.getMaterials(db),
    // issue 36
    getMaterialsFirstView: (count) => materials.getMaterialsFirstView(db, count),
    getMaterialsByName: (names) => materials.getMaterialsByName(db, names),
    getMaterialByName: (name) => materials.getMaterialByName(db, name),
    addMaterial: unavailable('addMaterial'),
    getMarketStats: () => marketStats.getMarketStats(db),
    getGameDate: () => game.getGameDate(db),
    getGameStats: () => game.getGameStats(db),
    getTalents: () => talents.getTalents(db),
    // The header search loads its index in the browser, on first use.
    getCatalogIndex: unavailable('getCatalogIndex'),
    getMarketHistory: (ids, keys) => marketHistory.getMarketHistory(db, ids, keys),
    getMarketMovers: () => marketHistory.getMarketMovers(db),
    // A signed-in player's own data: never part of a (signed-out) server render.
    getTrades: unavailable('getTrades'),
    updateTrades: unavailable('updateTrades'),
    watchlist: {
      listWatchItems: unavailable('listWatchItems'),
      addWatchItem: unavailable('addWatchItem'),
      removeWatchItem: unavailable('removeWatchItem'),
      updateWatchItems: unavailable('updateWatchItems'),
    },
  };
  return { gateway, app };
}
