import { categoryList, groupByCategory, marketStatRows } from './market';
import type { MarketStatRow } from './types';

function row(name: string, category: string, total: number, count: number, type: MarketStatRow['type'] = 'product', documentCount = 1): MarketStatRow {
  return { name, type, avg: count ? total / count : 0, count, total, documentCount, category };
}

describe('marketStatRows', () => {
  it('drops uncategorized rows and sorts by total descending', () => {
    const rows = [row('a', 'food', 10, 1), row('b', 'uncategorized', 99, 1), row('c', 'tech', 30, 1), row('d', 'food', 20, 1)];
    expect(marketStatRows(rows).map((r) => r.name)).toEqual(['c', 'd', 'a']);
  });
});

describe('groupByCategory', () => {
  const rows = [
    row('bread', 'food', 100, 10, 'product', 2),
    row('flour', 'food', 50, 0, 'material', 1),
    row('chip', 'tech', 400, 4, 'product', 3),
    row('zero', 'empty', 0, 0, 'product', 1),
    row('ghost', 'uncategorized', 1000, 1),
  ];

  it('sums values and counts, averages price as totalValue ÷ totalCount and orders by totalValue descending', () => {
    expect(groupByCategory(rows).map(({ items, ...g }) => ({ ...g, items: items.map((i) => i.name) }))).toEqual([
      { category: 'tech', totalValue: 400, totalCount: 4, avgPrice: 100, productCount: 1, materialCount: 0, documentCount: 3, items: ['chip'] },
      { category: 'food', totalValue: 150, totalCount: 10, avgPrice: 15, productCount: 1, materialCount: 1, documentCount: 3, items: ['bread', 'flour'] },
      { category: 'empty', totalValue: 0, totalCount: 0, avgPrice: 0, productCount: 1, materialCount: 0, documentCount: 1, items: ['zero'] },
    ]);
  });

  it('breaks totalValue ties by category name', () => {
    expect(groupByCategory([row('x', 'beta', 5, 1), row('y', 'alpha', 5, 1)]).map((g) => g.category)).toEqual(['alpha', 'beta']);
  });

  it('derives the sorted category list from the groups', () => {
    expect(categoryList(groupByCategory(rows))).toEqual(['empty', 'food', 'tech']);
  });
});
