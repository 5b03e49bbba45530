export * from './contract';
export { RootStore, type RootStoreOptions, type StoreGateway } from './root-store';
export { AuthStore, registrationFailureMessage } from './auth-store';
export { MarketStore } from './market-store';
export {
  MarketClock,
  MARKET_CLOCK_HOOK,
  marketClockSettings,
  type MarketClockSettings,
  type MarketClockStatus,
  type MarketUpdate,
  type PageVisibility,
} from './market-clock';
export { GameStore } from './game-store';
export { TalentsStore } from './talents-store';
export { AdminStore } from './admin-store';
export { StoreProvider, useRootStore } from './context';
export { WatchlistStore, WATCHLIST_FULL_MESSAGE, WATCHLIST_SAVE_FAILED, WATCHLIST_LOAD_FAILED, type WatchTarget } from './watchlist-store';
export type { TradeBookStore, TradedItemPrices } from './trade-book-store';
