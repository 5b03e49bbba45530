import { makeObservable, observable, runInAction } from 'mobx';
import type { GameStats, Material, WatchEntry } from '@sbc/domain';
import type { DataGateway, PublicReadGateway } from '../data/gateway';
import { defaultSessionStorage, SessionCache, type SessionCacheOptions } from '../data/session-cache';
import { AdminStore } from './admin-store';
import { AuthStore } from './auth-store';
import type { DetailState, ProductDetailApi, RootStoreApi } from './contract';
import { GameStore } from './game-store';
import { MarketClock, type MarketClockSettings, type PageVisibility } from './market-clock';
import { MarketStore } from './market-store';
import { TalentsStore } from './talents-store';
import { WatchlistStore } from './watchlist-store';
import { TradeBookStore } from './trade-book-store';
import { defaultLocalStorage, WatchlistOfflineCopy } from './watchlist-offline';

export interface RootStoreOptions {
  /** Where the session cache lives; defaults to the page's sessionStorage (null: no caching). */
  storage?: Storage | null;
  /**
   * Where the watchlist's offline copy lives (./watchlist-offline.ts); defaults to the page's localStorage when
   * `storage` is left to its default too (the browser), else none (the server render, tests).
   */
  offlineStorage?: Storage | null;
  cache?: SessionCacheOptions;
  /** The market clock's pace (the shell passes marketClockSettings(config)) and, for tests, the page's visibility. */
  marketClock?: MarketClockSettings & { visibility?: PageVisibility | null };
}

/**
 * What a RootStore is built on: the whole gateway in the browser; on the render server, the public pages' reads alone
 * (`PublicReadGateway`, ../ssr/server-gateway.ts). Each store takes the groups it uses, so a store built on the reads
 * alone has no write, no auth and no user data to call: the auth store reports no sign-in (a signed-out page), the
 * watchlist and the trade book have no user, and the console's store (`admin`) refuses every call.
 */
export type StoreGateway = DataGateway | PublicReadGateway;

/** Whether `gateway` is the whole gateway, not only a server render's reads. */
function isWholeGateway(gateway: StoreGateway): gateway is DataGateway {
  return 'auth' in gateway && gateway.auth !== undefined;
}

/** One instance per page, shared by the shell and both remotes through `StoreProvider` (./context.tsx). */
export class RootStore implements RootStoreApi {
  readonly cache: SessionCache;
  readonly auth: AuthStore;
  readonly market: MarketStore;
  readonly game: GameStore;
  readonly talents: TalentsStore;
  readonly admin: AdminStore;
  /** The signed-in player's watchlist; follows the auth store's user. */
  readonly watchlist: WatchlistStore;
  /** The signed-in player's trade book (issue 37); follows the auth store's user. */
  readonly tradeBook: TradeBookStore;
  /**
   * Notices market updates while the page is open (./market-clock.ts) and has the open page follow them
   * (`followMarketUpdate`). Started by the shell in the browser only.
   */
  readonly marketClock: MarketClock;
  /**
   * No counter of refreshes: the records a page shows, a trade book's prices included, are read again by the market
   * store itself (MarketStore.followMarketUpdate), and one read before the last refresh is read again when next asked
   * (./detail-records.ts). No remote in service reads a counter any more (the previous release, 8ae4c6e, does not).
   */
  refreshingAll = false;

  constructor(
    readonly gateway: StoreGateway,
    options: RootStoreOptions = {},
  ) {
    const storage = options.storage === undefined ? defaultSessionStorage() : options.storage;
    this.cache = new SessionCache(storage, options.cache);
    // The signed-in and console groups exist on the whole gateway only (none on a server render's reads).
    const whole = isWholeGateway(gateway) ? gateway : null;
    this.auth = new AuthStore(whole ?? {});
    this.market = new MarketStore(gateway, this.cache);
    this.game = new GameStore(gateway);
    this.talents = new TalentsStore(gateway, this.cache);
    this.admin = new AdminStore(whole, this.market);
    const offlineStorage = options.offlineStorage !== undefined ? options.offlineStorage : options.storage === undefined ? defaultLocalStorage() : null;
    this.watchlist = new WatchlistStore(gateway, this.auth, new WatchlistOfflineCopy(offlineStorage));
    // A product traded is named by its name (products.getBySlug tries id, slug, then name); a material by its name (the id).
    this.tradeBook = new TradeBookStore(whole ?? {}, this.auth, {
      load: (kind, item) => (kind === 'product' ? this.loadProductDetail(item) : this.loadMaterialDetail(item)),
      current: (kind, item) =>
        kind === 'product' ? (this.market.productRecord(item).product?.average_market_price ?? null) : (this.market.materialRecord(item).material?.value ?? null),
    });
    this.marketClock = new MarketClock({
      ...options.marketClock,
      read: () => gateway.game.getStats(),
      known: () => this.game.stats?.lastUpdated,
      onUpdate: (stats) => this.followMarketUpdate(stats),
      // A player's alerts are evaluated on every page, so their page needs the stamp even when it shows no figures.
      wanted: () => this.watchlist.entries.some((entry) => entry.alert !== null),
      loadStamp: () => {
        if (this.game.statsState === 'idle') void this.game.loadStats();
      },
    });
    makeObservable(this, { refreshingAll: observable });
  }

  /** Header refresh: materials and products, then the game date. Failures are logged by each load. */
  refreshAll = async (): Promise<void> => {
    if (this.refreshingAll) return;
    runInAction(() => (this.refreshingAll = true));
    try {
      await this.market.refreshProductsAndMaterials();
      await this.game.loadDate();
    } catch (error) {
      console.error('Refresh failed', error);
    } finally {
      runInAction(() => (this.refreshingAll = false));
    }
  };

  /**
   * The market updated (the market clock read a new stamp in `stats`): the open page reads again what it shows and
   * keeps showing the old figures until the new ones are in — the lists and records on screen
   * (MarketStore.followMarketUpdate, past the caches), the player's alerts and, on the watchlist
   * page, every item (WatchlistStore.followMarketUpdate) — then the home figures and the freshness line take the
   * new statistics. The selection, filters and sort live in the pages and the URL and are untouched. Resolves with
   * the alerts that fired.
   */
  followMarketUpdate = async (stats: GameStats): Promise<WatchEntry[]> => {
    const [, fired] = await Promise.all([this.market.followMarketUpdate(), this.watchlist.followMarketUpdate()]);
    runInAction(() => this.game.applyStats(stats));
    return fired;
  };

  /** The product detail page's record (the market store's rules; see MarketStore.loadProductDetail). */
  loadProductDetail = (slug: string, options: { fresh?: boolean } = {}): Promise<ProductDetailApi> => this.market.loadProductDetail(slug, options);

  /** The material detail page's record (see MarketStore.loadMaterialDetail). */
  loadMaterialDetail = (slug: string, options: { fresh?: boolean } = {}): Promise<{ state: DetailState; material: Material | null }> =>
    this.market.loadMaterialDetail(slug, options);

  dispose(): void {
    this.auth.dispose();
    this.watchlist.dispose();
    this.tradeBook.dispose();
    this.marketClock.dispose();
  }
}
