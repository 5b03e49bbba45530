import { groupByCategory, isMaterialSector, resolveSectorParam } from './market';
import type { MarketStatRow } from './types';

const row = (category: string, type: 'product' | 'material', total: number): MarketStatRow =>
  ({ category, type, total, count: 10, documentCount: 1, name: `${category}-${type}-${total}` }) as unknown as MarketStatRow;

// energy (most valuable), food, industry (materials only).
const groups = groupByCategory([row('energy', 'product', 900), row('food', 'product', 500), row('industry', 'material', 700)]);

describe('resolveSectorParam: what ?sector= shows', () => {
  test.each([
    ['energy', { kind: 'ok', sector: 'energy' }],
    ['Food', { kind: 'ok', sector: 'food' }],
    [' energy ', { kind: 'ok', sector: 'energy' }],
    ['industry', { kind: 'materials', requested: 'industry', sector: 'energy' }],
    ['nonexistent', { kind: 'unknown', requested: 'nonexistent', sector: 'energy' }],
    ['', { kind: 'unknown', requested: '', sector: 'energy' }],
  ])('%p → %p', (requested, expected) => {
    expect(resolveSectorParam(requested, groups)).toEqual(expected);
  });

  test('with no product sector at all there is nothing to fall back to', () => {
    expect(resolveSectorParam('x', groupByCategory([row('industry', 'material', 1)]))).toEqual({ kind: 'unknown', requested: 'x', sector: null });
  });

  test.each([
    [{ productCount: 0, materialCount: 3 }, true],
    [{ productCount: 2, materialCount: 3 }, false],
    [{ productCount: 2, materialCount: 0 }, false],
    [{ productCount: 0, materialCount: 0 }, false],
  ])('isMaterialSector(%p) is %p', (group, expected) => {
    expect(isMaterialSector(group)).toBe(expected);
  });
});
