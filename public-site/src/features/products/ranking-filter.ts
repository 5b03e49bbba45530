import type { ProfitabilityFilter } from '@sbc/domain';

/** ?sector= and ?talent= narrow the profitability ranking; both match the product's values exactly (any letter case). */
export const RANKING_SECTOR_PARAM = 'sector';
export const RANKING_TALENT_PARAM = 'talent';

/** The ranking's filter an address asks for ('' is every sector or talent). */
export function rankingFilterOf(searchParams: URLSearchParams): Required<ProfitabilityFilter> {
  return { sector: searchParams.get(RANKING_SECTOR_PARAM) ?? '', talent: searchParams.get(RANKING_TALENT_PARAM) ?? '' };
}
