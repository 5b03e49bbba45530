import { isProfitabilitySortKey, type ProfitabilityFilter, type ProfitabilitySort } from '@sbc/domain';
import type { SortDirection } from '../../lib/table-state';

/** ?sector= and ?talent= narrow the profitability ranking; both match the product's values exactly (any letter case). */
export const RANKING_SECTOR_PARAM = 'sector';
export const RANKING_TALENT_PARAM = 'talent';

/** The ranking's filter an address asks for ('' is every sector or talent). */
export function rankingFilterOf(searchParams: URLSearchParams): Required<ProfitabilityFilter> {
  return { sector: searchParams.get(RANKING_SECTOR_PARAM) ?? '', talent: searchParams.get(RANKING_TALENT_PARAM) ?? '' };
}

/** The ranking's own order (domain compareProfitability), the table's default: its first rows arrive in it. */
export const RANKING_DEFAULT_SORT = { sortKey: 'margin', direction: 'desc' } as const satisfies { sortKey: string; direction: SortDirection };

/**
 * The sort whose first rows the page asks for where the catalogue is (the API's ?sort=&dir=), for the table's state
 * (use-table-url-state: ?sort= and ?dir= of the address): none for the ranking's own order, nor for a key the ranking
 * has no column for (the table then keeps the rows' order, as for any unknown ?sort=).
 */
export function rankingSortOf(table: { sortKey: string | null; direction: SortDirection }): ProfitabilitySort | undefined {
  const { sortKey, direction } = table;
  if (sortKey === null || !isProfitabilitySortKey(sortKey)) return undefined;
  if (sortKey === RANKING_DEFAULT_SORT.sortKey && direction === RANKING_DEFAULT_SORT.direction) return undefined;
  return { key: sortKey, direction };
}

/** Whether first rows that come in `order` (null: the ranking's own) are in the order `asked` (undefined: the ranking's own). */
export function sameRankingOrder(order: ProfitabilitySort | null, asked: ProfitabilitySort | undefined): boolean {
  if (!order || !asked) return !order && !asked;
  return order.key === asked.key && order.direction === asked.direction;
}
