import type { SortDirection, WatchSortKey } from '@sbc/domain';

/** How the watchlist is sorted: the page holds it, the table's headers and the cards' select change it. */
export interface SortState {
  key: WatchSortKey;
  direction: SortDirection;
}
