import { normalizePriceChange } from '@sbc/domain';
import { readProduct } from '@sbc/domain';
import { generateDemoEconomy } from '../../src/seed';
import { priceChangeOfHistory } from '../../src/seed/products';
import { collection, productBySlug } from './dataset';

describe('priceChangeOfHistory: the change over a daily price line', () => {
  test.each([
    [[100, 110], 0.1],
    [[200, 150], -0.25],
    [[3, 3, 3], 0],
    [[1.5, 9, 1.5], 0],
    [[3.33, 3.3301], 0],
    [[10, 10.02970001], 0.003],
    [[], 0],
    [[5], 0],
    [[0, 4], 0],
  ])('%p → %p', (history, change) => {
    expect(priceChangeOfHistory(history)).toBe(change);
  });
});

describe('demo economy: each price change agrees with its own price line', () => {
  const dataset = generateDemoEconomy();
  const products = collection(dataset, 'products').map((doc) => readProduct(doc.id, doc.data));

  it.each(products.map((p) => [p.slug, p] as const))('%s: the shown change has the sign of last − first', (_slug, p) => {
    const line = p.lastvqvalue;
    const shown = normalizePriceChange(p.increase);
    if (line.length < 2) {
      expect(shown).toBe(0);
      return;
    }
    const first = line[0];
    const last = line[line.length - 1];
    expect(Math.sign(shown)).toBe(Math.abs(last - first) / first < 0.0005 ? 0 : Math.sign(last - first));
    expect(p.increase).toBeCloseTo((last - first) / first, 4);
  });

  it('has rising and falling products alike, not only green', () => {
    const signs = products.map((p) => Math.sign(normalizePriceChange(p.increase)));
    expect(signs.filter((s) => s > 0).length).toBeGreaterThan(products.length / 5);
    expect(signs.filter((s) => s < 0).length).toBeGreaterThan(products.length / 5);
  });

  it('keeps the edge cases: a flat line and an empty line show no change', () => {
    expect(readProduct('x', productBySlug(dataset, 'bottled-water').data).increase).toBe(0);
    expect(readProduct('x', productBySlug(dataset, 'prototype-drone').data).increase).toBe(0);
  });
});
