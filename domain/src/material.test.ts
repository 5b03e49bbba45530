import { deriveMaterial, materialsTotals } from './material';
import type { Material } from './types';

function material(overrides: Partial<Material>): Material {
  return {
    name: 'Ferro', id: 1, unit: 'kg', spaceRequired: 1,
    value: 0, amount: 0, lastqty: 0, lastvalue: 0, startqty: 0, startvalue: 0, cyclecount: 0,
    ...overrides,
  };
}

describe('deriveMaterial (section 3)', () => {
  it.each([
    // value, amount, lastqty, lastvalue, startqty, startvalue, cyclecount → derived
    [{ value: 2, amount: 10, lastqty: 8, lastvalue: 1.5, startqty: 5, startvalue: 1, cyclecount: 4 },
      { totalValue: 20, previousQuantityChange: 2, previousValueChange: 0.5, sinceStartQuantityChange: 5, sinceStartValueChange: 15, averagePerDay: 2.5 }],
    [{ value: 3, amount: 6, lastqty: 9, lastvalue: 4, startqty: 10, startvalue: 2, cyclecount: 0 },
      { totalValue: 18, previousQuantityChange: -3, previousValueChange: -1, sinceStartQuantityChange: -4, sinceStartValueChange: -2, averagePerDay: 6 }],
    [{ value: 1, amount: 7, cyclecount: -2 },
      { totalValue: 7, previousQuantityChange: 7, previousValueChange: 1, sinceStartQuantityChange: 7, sinceStartValueChange: 7, averagePerDay: 7 }],
  ])('%p → %p', (fields, expected) => {
    expect(deriveMaterial(material(fields))).toEqual(expected);
  });
});

describe('materialsTotals', () => {
  it('counts, sums amounts and total values, averages unit values', () => {
    expect(materialsTotals([material({ value: 2, amount: 10 }), material({ value: 4, amount: 5 })])).toEqual({
      count: 2,
      totalUnits: 15,
      totalValue: 40,
      averageUnitCost: 3,
    });
  });

  it('gives 0 average unit cost when there are no materials', () => {
    expect(materialsTotals([])).toEqual({ count: 0, totalUnits: 0, totalValue: 0, averageUnitCost: 0 });
  });
});
