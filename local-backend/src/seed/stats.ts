/**
 * marketStats and marketMaterialStats rows, computed from the generated documents exactly as the game's
 * aggregation job would: total = Σ price × quantity, count = Σ quantity, avg = total ÷ count.
 */
import type { GeneratedMaterial } from './materials';
import type { GeneratedProduct } from './products';
import { round2 } from './prng';

export interface StatDocument {
  id: string;
  data: Record<string, unknown>;
}

interface Aggregate {
  total: number;
  count: number;
  documentCount: number;
}

function aggregate<T>(items: readonly T[], key: (item: T) => string, price: (item: T) => number, quantity: (item: T) => number): Map<string, Aggregate> {
  const groups = new Map<string, Aggregate>();
  for (const item of items) {
    const group = groups.get(key(item)) ?? { total: 0, count: 0, documentCount: 0 };
    group.total += price(item) * quantity(item);
    group.count += quantity(item);
    group.documentCount += 1;
    groups.set(key(item), group);
  }
  return groups;
}

function row(name: string, type: 'product' | 'material', a: Aggregate, lastUpdated: Date): Record<string, unknown> {
  return {
    name,
    type,
    avg: a.count === 0 ? 0 : round2(a.total / a.count),
    count: a.count,
    total: round2(a.total),
    documentCount: a.documentCount,
    lastUpdated,
  };
}

/**
 * One row per category (the row name is the category). The product without a category feeds an
 * 'uncategorized' row, which the site drops.
 */
export function productStatRows(products: readonly GeneratedProduct[], lastUpdated: Date): StatDocument[] {
  const groups = aggregate(
    products,
    (p) => (typeof p.data.category === 'string' ? p.data.category : 'uncategorized'),
    (p) => p.data.average_market_price as number,
    (p) => p.data.pieces_on_market as number,
  );
  return [...groups].map(([category, a]) => ({
    id: `product_${category}`,
    data: { ...row(category, 'product', a, lastUpdated), category },
  }));
}

/** Families whose rows omit `category`, to exercise the reader's 'industry' default. */
const ROWS_WITHOUT_CATEGORY = new Set(['fuels', 'fibres']);

/** One row per material family, all in the 'industry' sector. */
export function materialStatRows(materials: readonly GeneratedMaterial[], lastUpdated: Date): StatDocument[] {
  const groups = aggregate(
    materials,
    (m) => m.family,
    (m) => m.data.value as number,
    (m) => m.data.amount as number,
  );
  return [...groups].map(([family, a]) => {
    const data = row(family, 'material', a, lastUpdated);
    if (!ROWS_WITHOUT_CATEGORY.has(family)) data.category = 'industry';
    return { id: `material_${family}`, data };
  });
}

/** Σ total of the rows: the market value the home page headline reports. */
export function marketValue(rows: readonly StatDocument[]): number {
  return rows.reduce((acc, r) => acc + (r.data.total as number), 0);
}
