import { readMaterial, readProduct } from './readers';
import { quantityOfMaterial, usedInByMargin, usedInRows } from './used-in';

// Raw documents as Firestore stores them; every figure below is recomputed by hand from these.
const raw = {
  bread: { name: 'Bread', category: 'food', average_market_price: 20, production: { cost: 3, time: 30 }, requested_materials: { Flour: 4, Water: 2 } },
  cake: { name: 'Cake', category: 'food', average_market_price: 50, production: { cost: 10, time: 120 }, requested_materials: { Flour: 6, Sugar: 5 } },
  beam: { name: 'Steel Beam', category: 'industry', average_market_price: 90, production: { cost: 5, time: 60 }, requested_materials: { Steel: 8 } },
  dust: { name: 'Dust', category: 'misc', average_market_price: 1, production: { cost: 0, time: 10 }, requested_materials: { Flour: 0 } },
};
const products = Object.entries(raw).map(([id, data]) => readProduct(id, data));
const ledger = [
  readMaterial('Flour', { value: 2 }),
  readMaterial('Water', { value: 0.5 }),
  readMaterial('Steel', { value: 10 }),
  // Sugar is not in the ledger: the cake's margin is unknown.
];

describe('usedInRows (products needing a material, with quantity per unit and margin)', () => {
  it.each([
    // material, products, quantities, margin per unit (null = unknown), margin per hour
    ['Flour', ['Bread', 'Cake'], [4, 6], [20 - 4 * 2 - 2 * 0.5 - 3, null], [(20 - 8 - 1 - 3) / 0.5, null]],
    ['Water', ['Bread'], [2], [8], [16]],
    ['Steel', ['Steel Beam'], [8], [90 - 80 - 5], [5]],
    ['Sugar', ['Cake'], [5], [null], [null]],
    ['Salt', [], [], [], []],
  ])('%p → %p', (material, names, quantities, margins, perHour) => {
    const rows = usedInRows(products, material, ledger);
    expect(rows.map((r) => r.product.name)).toEqual(names);
    expect(rows.map((r) => r.quantity)).toEqual(quantities);
    expect(rows.map((r) => r.economics.marginPerUnit)).toEqual(margins);
    expect(rows.map((r) => r.economics.marginPerHour)).toEqual(perHour);
  });

  it('leaves out a recipe that names the material with quantity 0', () => {
    expect(usedInRows(products, 'Flour', ledger).some((r) => r.product.name === 'Dust')).toBe(false);
  });
});

describe('quantityOfMaterial', () => {
  it.each([
    [{ Flour: 3 }, 'Flour', 3],
    [{ Flour: 3 }, 'flour', 0],
    [{ Flour: -1 }, 'Flour', 0],
    [{ Flour: Number.NaN }, 'Flour', 0],
    [{}, 'Flour', 0],
  ])('%p, %p → %p', (requested, name, expected) => {
    expect(quantityOfMaterial({ requested_materials: requested }, name)).toBe(expected);
  });
});

describe('usedInByMargin (the list\u2019s default order, issue 36)', () => {
  it('ranks by margin per unit, highest first, unknown margins last, ties in the order given', () => {
    const priced = [...ledger, readMaterial('Sugar', { value: 1 })];
    const extra = [
      readProduct('roll', { name: 'Roll', category: 'food', average_market_price: 12, production: { cost: 0, time: 30 }, requested_materials: { Flour: 4 } }),
      readProduct('bun', { name: 'Bun', category: 'food', average_market_price: 12, production: { cost: 0, time: 30 }, requested_materials: { Flour: 4 } }),
      readProduct('pie', { name: 'Pie', category: 'food', average_market_price: 30, production: { cost: 0, time: 30 }, requested_materials: { Flour: 1, Salt: 1 } }),
    ];
    // Margins: Bread 8, Cake 50 − 12 − 5 − 10 = 23, Roll 12 − 8 = 4, Bun 4, Pie unknown (no Salt).
    const rows = usedInByMargin(usedInRows([...products, ...extra], 'Flour', priced));
    expect(rows.map((r) => r.product.name)).toEqual(['Cake', 'Bread', 'Roll', 'Bun', 'Pie']);
    expect(rows.map((r) => r.economics.marginPerUnit)).toEqual([23, 8, 4, 4, null]);
  });
});
