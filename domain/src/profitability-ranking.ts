/**
 * The profitability ranking (/market/profitability): every product's production economics at today's material prices,
 * highest margin per unit first. One ranking for the page, the render server and the open data API's
 * /api/v1/plan/profitability (issue 36: the page shows its first rows; the catalogue stays where it is).
 */
import { materialPriceLookup, productionEconomics } from './production-economics';
import type { Material, Product } from './types';
import type { components } from './open-data/openapi-types';
import { compareCells, type CellSortDirection, type CellValue } from './table-sort';

/** The talent a product shows when it needs none (its `talent_required` is null: 'None' in the add-product form). */
export const NO_TALENT = 'None';

/**
 * Where the open data API answers the ranking (`?sector=&talent=&limit=`, docs/open-data-api.md): the API's router
 * (functions/src/open-data/request.ts) and the browser's gateway (shared/src/data/plan-suggestions.ts) take it from here.
 */
export const PROFITABILITY_API_PATH = '/api/v1/plan/profitability';

/**
 * One ranked product: the API's `ProfitabilityRow` schema (functions/src/open-data/openapi.json describes each
 * field), about 200 bytes of JSON where the product's document is about 3 KB of Firestore's.
 */
export type ProfitabilityRow = components['schemas']['ProfitabilityRow'];

/** Which part of the ranking: exact sector and talent (any letter case); '' or absent is every one. */
export interface ProfitabilityFilter {
  sector?: string;
  talent?: string;
}

/** A part of the ranking, its size and the filter's choices (every sector and talent of the whole ranking). */
export interface RankedProfitability {
  rows: ProfitabilityRow[];
  /** Products matching the filter (before the limit). */
  total: number;
  sectors: string[];
  talents: string[];
}

/** One product's row at the ledger's prices. */
export function profitabilityRow(product: Product, priceOf: (name: string) => number | null): ProfitabilityRow {
  const economics = productionEconomics(product, priceOf);
  return {
    slug: product.slug,
    name: product.name,
    sector: product.category,
    talent: product.talent_required ?? NO_TALENT,
    averagePrice: economics.averagePrice,
    materialsCost: economics.materials.total,
    missingMaterials: economics.materials.missing,
    productionCost: economics.productionCost,
    marginPerUnit: economics.marginPerUnit,
    marginPercent: economics.marginPercent,
    marginPerHour: economics.marginPerHour,
    leadTimeMinutes: economics.leadTimeMinutes,
  };
}

/** What places a row in the ranking: its margin per unit, name and slug (the API's cursor holds the same three). */
export type ProfitabilityPosition = Pick<ProfitabilityRow, 'marginPerUnit' | 'name' | 'slug'>;

/**
 * The ranking's order: margin per unit, highest first; an unknown margin last (never the best or the worst, as the
 * page's sort keeps it); then by name, then slug. The page's default sort is a stable sort by margin, so rows that
 * arrive in this order stay in it: the first rows and the whole ranking agree.
 */
export function compareProfitability(a: ProfitabilityPosition, b: ProfitabilityPosition): number {
  if (a.marginPerUnit !== b.marginPerUnit) {
    if (a.marginPerUnit === null) return 1;
    if (b.marginPerUnit === null) return -1;
    return b.marginPerUnit - a.marginPerUnit;
  }
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

/**
 * The ranking's sortable columns, by their ?sort= key (the page's columns and the API's parameter): each column's raw
 * value, what a sort compares (@sbc/domain compareCells: unknown values last in both directions).
 */
export const PROFITABILITY_SORT_VALUES = {
  name: (row) => row.name,
  sector: (row) => row.sector,
  talent: (row) => row.talent,
  price: (row) => row.averagePrice,
  materials: (row) => row.materialsCost,
  production: (row) => row.productionCost,
  margin: (row) => row.marginPerUnit,
  marginPercent: (row) => row.marginPercent,
  marginPerHour: (row) => row.marginPerHour,
  leadTime: (row) => row.leadTimeMinutes,
} as const satisfies Record<string, (row: ProfitabilityRow) => CellValue>;

export type ProfitabilitySortKey = keyof typeof PROFITABILITY_SORT_VALUES;

/** Another order than the ranking's own: a column, and a direction. */
export interface ProfitabilitySort {
  key: ProfitabilitySortKey;
  direction: CellSortDirection;
}

export const isProfitabilitySortKey = (key: string): key is ProfitabilitySortKey => Object.hasOwn(PROFITABILITY_SORT_VALUES, key);

/** Where a row stands in a sorted ranking: the sorted column's value, then its place in the ranking's own order. */
export interface SortedProfitabilityPosition extends ProfitabilityPosition {
  sortValue?: CellValue;
}

export function sortedProfitabilityPosition(row: ProfitabilityRow, sort: ProfitabilitySort | undefined): SortedProfitabilityPosition {
  const position: SortedProfitabilityPosition = { marginPerUnit: row.marginPerUnit, name: row.name, slug: row.slug };
  if (sort) position.sortValue = PROFITABILITY_SORT_VALUES[sort.key](row);
  return position;
}

/**
 * A sorted ranking's order: the column's value (compareCells), ties in the ranking's own order. The same order a page
 * gets by sorting the whole ranking it holds with a stable sort (public-site/src/lib/table-state.ts sortRows), so the
 * first rows a server sorts are the first rows of the page's own sort. Without a sort, the ranking's order.
 */
export function compareSortedProfitability(a: SortedProfitabilityPosition, b: SortedProfitabilityPosition, sort: ProfitabilitySort | undefined): number {
  return (sort ? compareCells(a.sortValue, b.sortValue, sort.direction) : 0) || compareProfitability(a, b);
}

/** The rows sorted by `sort` (a copy); the ranking's own order without one. */
export function sortProfitability(rows: readonly ProfitabilityRow[], sort: ProfitabilitySort | undefined): ProfitabilityRow[] {
  const keyed = rows.map((row) => ({ row, position: sortedProfitabilityPosition(row, sort) }));
  keyed.sort((a, b) => compareSortedProfitability(a.position, b.position, sort));
  return keyed.map(({ row }) => row);
}

const same = (wanted: string | undefined, value: string) => !wanted || wanted.toLowerCase() === value.toLowerCase();

/**
 * The ranking of `products` at the prices of `materials`, narrowed by `filter`, sorted by `sort` (the ranking's own
 * order without one) and cut to its first `limit` rows (every row without one). About 10 ms at 5,000 products and
 * 1,000 materials.
 */
export function rankProfitability(
  products: readonly Product[],
  materials: readonly Pick<Material, 'name' | 'value'>[],
  filter: ProfitabilityFilter = {},
  limit?: number,
  sort?: ProfitabilitySort,
): RankedProfitability {
  const priceOf = materialPriceLookup(materials);
  const all = products.map((product) => profitabilityRow(product, priceOf));
  const sectors = [...new Set(all.map((row) => row.sector))].sort();
  const talents = [...new Set(all.map((row) => row.talent))].sort();
  const matching = sortProfitability(narrowProfitability(all, filter), sort);
  const rows = limit === undefined ? matching : matching.slice(0, Math.max(0, limit));
  return { rows, total: matching.length, sectors, talents };
}

/** The rows of a whole ranking that `filter` keeps (the page narrows the whole ranking it holds, as the API would). */
export function narrowProfitability(rows: readonly ProfitabilityRow[], filter: ProfitabilityFilter): ProfitabilityRow[] {
  return rows.filter((row) => same(filter.sector, row.sector) && same(filter.talent, row.talent));
}
