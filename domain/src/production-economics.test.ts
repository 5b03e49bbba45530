import { marginPerHour, marginPercent, materialPriceLookup, materialsCost, productionEconomics } from './production-economics';

const ledger = materialPriceLookup([
  { name: 'Flour', value: 2 },
  { name: 'Water', value: 0.5 },
  { name: 'Steel', value: 10 },
  { name: 'Broken', value: NaN },
]);

describe('materialPriceLookup (exact name, then case-insensitive; non-finite prices count as missing)', () => {
  it.each([
    ['Flour', 2],
    ['flour', 2],
    ['WATER', 0.5],
    ['Sugar', null],
    ['Broken', null],
  ])('%p → %p', (name, expected) => {
    expect(ledger(name)).toBe(expected);
  });

  it('prefers the exact spelling when two differ only in case', () => {
    const priceOf = materialPriceLookup([
      { name: 'iron', value: 1 },
      { name: 'Iron', value: 3 },
    ]);
    expect(priceOf('Iron')).toBe(3);
    expect(priceOf('iron')).toBe(1);
    expect(priceOf('IRON')).toBe(1);
  });
});

describe('materialsCost (Σ quantity × unit price, missing materials listed, never priced 0)', () => {
  it.each([
    [{ Flour: 3, Water: 1 }, 6.5, 6.5, []],
    [{}, 0, 0, []],
    [{ Flour: 3, Sugar: 2 }, null, 6, ['Sugar']],
    [{ Sugar: 2, Salt: 1 }, null, 0, ['Sugar', 'Salt']],
    [{ Flour: 0 }, 0, 0, []],
    [{ Flour: NaN }, 0, 0, []],
  ])('%p → total %p (known %p, missing %p)', (requested, total, knownTotal, missing) => {
    const result = materialsCost(requested, ledger);
    expect(result.total).toBe(total);
    expect(result.knownTotal).toBe(knownTotal);
    expect(result.missing).toEqual(missing);
  });

  it('gives one line per material, the missing one without price or cost', () => {
    expect(materialsCost({ Flour: 3, Sugar: 2 }, ledger).lines).toEqual([
      { name: 'Flour', quantity: 3, unitPrice: 2, cost: 6 },
      { name: 'Sugar', quantity: 2, unitPrice: null, cost: null },
    ]);
  });
});

describe('marginPercent (margin ÷ average price × 100)', () => {
  it.each([
    [2, 10, 20],
    [-5, 10, -50],
    [0, 10, 0],
    [3, 0, null],
    [3, -1, null],
    [3, NaN, null],
  ])('margin %p, price %p → %p', (margin, price, expected) => {
    expect(marginPercent(margin, price)).toBe(expected);
  });
});

describe('marginPerHour (margin ÷ lead time in hours, minutes ÷ 60)', () => {
  it.each([
    [10, 60, 10],
    [10, 30, 20],
    [10, 150, 4],
    [-6, 120, -3],
    [10, 0, null],
    [10, -30, null],
    [10, NaN, null],
  ])('margin %p over %p minutes → %p', (margin, minutes, expected) => {
    expect(marginPerHour(margin, minutes)).toBe(expected);
  });
});

const product = (average_market_price: number, cost: number, time: number, requested_materials: Record<string, number>, lastvqvalue: number[] = [10, 11]) => ({
  average_market_price,
  production: { cost, time, request_index: 50, request_index_history: lastvqvalue.length ? [40, 60] : [] },
  requested_materials,
  lastvqvalue,
});

describe('productionEconomics (margin per unit = average price − materials cost − production cost)', () => {
  it.each([
    // average, production cost, minutes, materials → margin, margin %, per hour
    ['complete recipe', product(12.5, 4, 150, { Flour: 3, Water: 1 }), 2, 16, 0.8],
    ['no materials', product(10, 4, 60, {}), 6, 60, 6],
    ['loss-making', product(5, 4, 120, { Flour: 1 }), -1, -20, -0.5],
    ['zero lead time: no rate', product(10, 2, 0, { Flour: 1 }), 6, 60, null],
    ['zero average price: no margin %', product(0, 2, 60, { Flour: 1 }), -4, null, -4],
    ['empty price and demand histories change nothing', product(12.5, 4, 150, { Flour: 3, Water: 1 }, []), 2, 16, 0.8],
  ])('%s', (_label, p, margin, percent, perHour) => {
    const e = productionEconomics(p, ledger);
    expect(e.marginPerUnit).toBeCloseTo(margin, 10);
    if (percent === null) expect(e.marginPercent).toBeNull();
    else expect(e.marginPercent).toBeCloseTo(percent, 10);
    if (perHour === null) expect(e.marginPerHour).toBeNull();
    else expect(e.marginPerHour).toBeCloseTo(perHour, 10);
  });

  it('a material missing from the ledger leaves every margin unknown, with the upper bound of what is known', () => {
    const e = productionEconomics(product(20, 4, 60, { Flour: 3, Sugar: 2 }), ledger);
    expect(e.materials.missing).toEqual(['Sugar']);
    expect(e.materials.total).toBeNull();
    expect(e.marginPerUnit).toBeNull();
    expect(e.marginPercent).toBeNull();
    expect(e.marginPerHour).toBeNull();
    expect(e.marginUpperBound).toBe(10);
  });

  it('non-finite stored figures count as 0', () => {
    const e = productionEconomics(product(NaN, NaN, NaN, {}), ledger);
    expect(e).toMatchObject({ averagePrice: 0, productionCost: 0, leadTimeMinutes: 0, marginPerUnit: 0, marginPercent: null, marginPerHour: null });
  });
});
