/**
 * What a page reads before its first render, declared beside the page (each feature's `page-data.ts`) and run by
 * the page's route (../ssr/prepare.ts, from the route table @sbc/shared REMOTE_ROUTES): on the server before it
 * renders the page, and in the browser, against the server's recorded answers, before it hydrates it, so both render
 * from the same store state. The data lands in the store, its one home; while the page shows it, a header refresh or
 * a market update reads that same data again (the store's observed lists and records: MarketStore.followMarketUpdate).
 */
import type { RootStore } from '@sbc/shared';

/** The route's parameters (`:slug`) and the address's query. */
export interface PageMatch {
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
}

export interface PageDataResult {
  /** 404 for a product or material that does not exist; 200 otherwise. */
  status: number;
}

export interface PageData {
  /**
   * The page shows the game stats (the freshness line, the home figures): read with its data, so the line is in the
   * HTML, not inserted after hydration (which pushed the page down and made the line itself the largest paint,
   * seconds late on a phone). One read, shared by every page of a render cache.
   */
  stats: boolean;
  /**
   * Loads what the page's first render shows into the store. `force` (the browser's replay of a render) reads past
   * the session cache, which may hold older data than the server rendered; the replayed answers refresh it.
   */
  load?(root: RootStore, match: PageMatch, options: { force: boolean }): Promise<PageDataResult>;
}

export const FOUND: PageDataResult = { status: 200 };
export const NOT_FOUND: PageDataResult = { status: 404 };
