/** Market statistics rows and category groups, SPEC.md section 3 "Market stat row" and "Category group". */
import type { CategoryGroup, MarketStatRow } from './types';

export const UNCATEGORIZED = 'uncategorized';

/** Drops rows in 'uncategorized' and sorts by total, largest first (ties keep their input order). */
export function marketStatRows(rows: readonly MarketStatRow[]): MarketStatRow[] {
  return rows.filter((r) => r.category !== UNCATEGORIZED).sort((a, b) => b.total - a.total);
}

/**
 * Groups rows by category (uncategorized rows dropped, items sorted by total descending).
 * Group order: totalValue descending, ties by category name — the products dashboard shows the groups as a
 * "Sector Heatmap" ranked 01, 02, … so the most valuable sector comes first and is the one auto-selected.
 */
export function groupByCategory(rows: readonly MarketStatRow[], options: { keepUncategorized?: boolean } = {}): CategoryGroup[] {
  const byCategory = new Map<string, MarketStatRow[]>();
  // The open data API keeps the 'uncategorized' row: every sector a product can have is listed there and filterable.
  const kept = options.keepUncategorized ? [...rows].sort((a, b) => b.total - a.total) : marketStatRows(rows);
  for (const row of kept) {
    const items = byCategory.get(row.category);
    if (items) items.push(row);
    else byCategory.set(row.category, [row]);
  }
  const groups: CategoryGroup[] = [];
  for (const [category, items] of byCategory) {
    const totalValue = sum(items, (r) => r.total);
    const totalCount = sum(items, (r) => r.count);
    groups.push({
      category,
      totalValue,
      totalCount,
      avgPrice: totalCount === 0 ? 0 : totalValue / totalCount,
      productCount: items.filter((r) => r.type === 'product').length,
      materialCount: items.filter((r) => r.type === 'material').length,
      documentCount: sum(items, (r) => r.documentCount),
      items,
    });
  }
  return groups.sort((a, b) => b.totalValue - a.totalValue || a.category.localeCompare(b.category));
}

/** The category names of the groups, sorted alphabetically. */
export function categoryList(groups: readonly CategoryGroup[]): string[] {
  return groups.map((g) => g.category).sort((a, b) => a.localeCompare(b));
}

function sum(rows: readonly MarketStatRow[], pick: (r: MarketStatRow) => number): number {
  return rows.reduce((acc, r) => acc + pick(r), 0);
}

/** A sector made only of material rows (e.g. 'industry'): its listings live on the materials page. */
export function isMaterialSector(group: Pick<CategoryGroup, 'productCount' | 'materialCount'>): boolean {
  return group.productCount === 0 && group.materialCount > 0;
}

export type SectorResolution =
  | { kind: 'ok'; sector: string }
  | { kind: 'unknown' | 'materials'; requested: string; sector: string | null };

/**
 * What the products dashboard shows for `?sector=requested`. A product sector is shown as is (matched
 * case-insensitively, so '?sector=Energy' finds 'energy'); a material sector or a name no sector has falls back
 * to the first product sector, and the kind says which notice to give. Never an empty product list.
 */
export function resolveSectorParam(requested: string, groups: readonly CategoryGroup[]): SectorResolution {
  const wanted = requested.trim().toLowerCase();
  const match = groups.find((g) => g.category.toLowerCase() === wanted);
  if (match && !isMaterialSector(match)) return { kind: 'ok', sector: match.category };
  const first = groups.find((g) => !isMaterialSector(g))?.category ?? null;
  return { kind: match ? 'materials' : 'unknown', requested, sector: first };
}
