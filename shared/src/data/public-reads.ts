/**
 * The read groups of a public page over a Firestore instance (../ssr/server-gateway.ts renders with them alone; the
 * Firebase gateway, ./firebase-gateway.ts, adds the console's calls to the products and materials groups).
 */
import type { Firestore } from 'firebase/firestore/lite';
import * as catalogIndex from './catalog-index';
import * as game from './game';
import type { GameGateway, MarketGateway, MaterialReads, ProductReads } from './gateway-groups';
import * as marketHistory from './market-history';
import * as marketStats from './market-stats';
import * as materials from './materials';
import * as products from './products';
import * as talents from './talents';

export function createProductReads(db: Firestore): ProductReads {
  return {
    getAll: () => products.getAllProducts(db),
    getByCategory: (category) => products.getProductsByCategory(db, category),
    getFirstPageOfCategory: (category, count) => products.getProductsByCategoryFirstPage(db, category, count),
    countInCategory: (category) => products.countProductsByCategory(db, category),
    getBySlug: (slug) => products.getProductBySlug(db, slug),
    getUsingMaterial: (name) => products.getProductsUsingMaterial(db, name),
    getUsingMaterialFirstView: (name, count) => products.getProductsUsingMaterialFirstView(db, name, count),
  };
}

export function createMaterialReads(db: Firestore): MaterialReads {
  return {
    getAll: () => materials.getMaterials(db),
    getByName: (name) => materials.getMaterialByName(db, name),
    getFirstView: (count) => materials.getMaterialsFirstView(db, count),
    getByNames: (names) => materials.getMaterialsByName(db, names),
  };
}

export function createMarketReads(db: Firestore): MarketGateway {
  return {
    getStats: () => marketStats.getMarketStats(db),
    getHistory: (ids, keys) => marketHistory.getMarketHistory(db, ids, keys),
    getMovers: () => marketHistory.getMarketMovers(db),
    getCatalogIndex: () => catalogIndex.getCatalogIndex(db),
  };
}

export function createGameReads(db: Firestore): GameGateway {
  return {
    getDate: () => game.getGameDate(db),
    getStats: () => game.getGameStats(db),
    getTalents: () => talents.getTalents(db),
  };
}
