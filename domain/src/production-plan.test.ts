import { compareSuggestions, productionPlan, rankSuggestions, suggestProduction } from './production-plan';
import { readMaterial, readProduct } from './readers';

// Raw documents; every figure below is recomputed by hand from them.
const bread = readProduct('food_bread', { name: 'Bread', average_market_price: 20, space_required: 1, production: { cost: 3, time: 30 }, requested_materials: { Flour: 4, Water: 2 } });
const cake = readProduct('food_cake', { name: 'Cake', average_market_price: 50, space_required: 2, production: { cost: 10, time: 120 }, requested_materials: { Flour: 6, Sugar: 5 } });
const beam = readProduct('industry_beam', { name: 'Steel Beam', average_market_price: 90, space_required: 4, production: { cost: 5, time: 60 }, requested_materials: { Steel: 8 } });
const loss = readProduct('misc_loss', { name: 'Loss Maker', average_market_price: 1, production: { cost: 5, time: 10 }, requested_materials: {} });
const ledger = [
  readMaterial('Flour', { value: 2, spaceRequired: 0.5 }),
  readMaterial('Water', { value: 0.5, spaceRequired: 1 }),
  readMaterial('Steel', { value: 10, spaceRequired: 2 }),
  // Sugar is not in the ledger.
];

describe('productionPlan (materials, cash, time, space, revenue, margin)', () => {
  it('totals a plan of 3 Bread with 5 Flour already owned', () => {
    const plan = productionPlan([{ product: bread, quantity: 3 }], ledger, { Flour: 5 });
    // Flour needed 12, have 5 → buy 7 at 2 = 14; Water 6 at 0.5 = 3; production 3 × 3 = 9 → cash 26.
    expect(plan.materials).toEqual([
      { name: 'Flour', needed: 12, have: 5, toBuy: 7, unitPrice: 2, cost: 14 },
      { name: 'Water', needed: 6, have: 0, toBuy: 6, unitPrice: 0.5, cost: 3 },
    ]);
    expect(plan.cash).toBe(26);
    // Revenue 60; margin counts every material at its price: 3 × (20 − 8 − 1 − 3) = 24; 1.5 h → 16 / h.
    expect(plan.revenue).toBe(60);
    expect(plan.margin).toBe(24);
    expect(plan.hours).toBe(1.5);
    expect(plan.marginPerHour).toBe(16);
    // Space: 7 × 0.5 + 6 × 1 of materials + 3 × 1 of bread = 12.5.
    expect(plan.slots).toBe(12.5);
  });

  it('adds lines up, and owning more than needed buys nothing', () => {
    const plan = productionPlan([{ product: bread, quantity: 1 }, { product: beam, quantity: 2 }], ledger, { Flour: 100 });
    expect(plan.materials.map((m) => [m.name, m.needed, m.have, m.toBuy])).toEqual([
      ['Flour', 4, 4, 0],
      ['Water', 2, 0, 2],
      ['Steel', 16, 0, 16],
    ]);
    // cash: water 1 + steel 160 + production 3 + 10 = 174; margin 8 + 2 × 5 = 18; hours 0.5 + 2 = 2.5.
    expect([plan.cash, plan.margin, plan.hours, plan.revenue]).toEqual([174, 18, 2.5, 200]);
  });

  it('leaves cost and margins unknown when a material is not in the ledger', () => {
    const plan = productionPlan([{ product: cake, quantity: 1 }], ledger);
    expect(plan.materials.find((m) => m.name === 'Sugar')).toMatchObject({ unitPrice: null, cost: null });
    expect([plan.cash, plan.margin, plan.marginPerHour]).toEqual([null, null, null]);
  });

  it.each([[-2], [Number.NaN], [0]])('counts an impossible quantity %p as 0 units', (quantity) => {
    expect(productionPlan([{ product: bread, quantity }], ledger).revenue).toBe(0);
  });
});

describe('suggestProduction (one product each, as many as fit, best total margin first)', () => {
  it.each([
    // budget → [product, units, limited by, total margin]
    // Bread: cash 12/unit, 5 slots/unit (4 × 0.5 + 2 × 1 + 1), 0.5 h, margin 8. Beam: cash 85, 20 slots, 1 h, margin 5.
    [{ sbc: 120, slots: 1000, hours: 1000 }, [['Bread', 10, 'sbc', 80], ['Steel Beam', 1, 'sbc', 5]]],
    [{ sbc: 10000, slots: 40, hours: 1000 }, [['Bread', 8, 'slots', 64], ['Steel Beam', 2, 'slots', 10]]],
    [{ sbc: 10000, slots: 1000, hours: 3 }, [['Bread', 6, 'hours', 48], ['Steel Beam', 3, 'hours', 15]]],
    [{ sbc: 11, slots: 1000, hours: 1000 }, []],
  ])('%p', (budget, expected) => {
    const rows = suggestProduction([bread, cake, beam, loss], ledger, budget).map((s) => [s.product.name, s.quantity, s.limitedBy, s.plan.margin]);
    expect(rows).toEqual(expected);
  });
});


describe('rankSuggestions (the first rows of the ranking, as the page shows them and the API sends them)', () => {
  const products = [bread, cake, beam, loss];
  it.each([
    // budget, limit → [slug, units, limited by, cash, revenue, margin, margin per hour, hours, slots], total
    // Bread × 10: cash 120, revenue 200, margin 80, 5 h, 50 slots; Beam × 1: cash 85, revenue 90, margin 5, 1 h, 20 slots.
    [{ sbc: 120, slots: 1000, hours: 1000 }, 20, [['food_bread', 10, 'sbc', 120, 200, 80, 16, 5, 50], ['industry_beam', 1, 'sbc', 85, 90, 5, 5, 1, 20]], 2],
    [{ sbc: 120, slots: 1000, hours: 1000 }, 1, [['food_bread', 10, 'sbc', 120, 200, 80, 16, 5, 50]], 2],
    // Bread × 8 (40 slots): cash 96, margin 64, 4 h; the beam's 2 units fill the same 40 slots.
    [{ sbc: 10000, slots: 40, hours: 1000 }, 20, [['food_bread', 8, 'slots', 96, 160, 64, 16, 4, 40], ['industry_beam', 2, 'slots', 170, 180, 10, 5, 2, 40]], 2],
    [{ sbc: 11, slots: 1000, hours: 1000 }, 20, [], 0],
    [{ sbc: 120, slots: 1000, hours: 1000 }, 0, [], 2],
  ])('%p, limit %p', (budget, limit, expected, total) => {
    const ranked = rankSuggestions(products, ledger, budget, limit);
    expect(ranked.rows.map((r) => [r.slug, r.quantity, r.limitedBy, r.cash, r.revenue, r.margin, r.marginPerHour, r.hours, r.slots])).toEqual(expected);
    expect(ranked.total).toBe(total);
  });

  it('names each product as the catalogue does and agrees with suggestProduction row for row', () => {
    const budget = { sbc: 10000, slots: 1000, hours: 3 };
    const ranked = rankSuggestions(products, ledger, budget, 20);
    expect(ranked.rows.map((r) => r.name)).toEqual(['Bread', 'Steel Beam']);
    expect(ranked.rows.map((r) => r.margin)).toEqual(suggestProduction(products, ledger, budget).map((s) => s.plan.margin));
  });
});

describe('compareSuggestions (the suggestions\' total order, which the API\'s cursor follows)', () => {
  it.each([
    // a, b → sign: the higher total margin first, then the name, then the slug (unique)
    [{ margin: 80, name: 'Bread', slug: 'b' }, { margin: 5, name: 'Apple', slug: 'a' }, -1],
    [{ margin: 5, name: 'Apple', slug: 'z' }, { margin: 5, name: 'Bread', slug: 'a' }, -1],
    [{ margin: 5, name: 'Bread', slug: 'bread' }, { margin: 5, name: 'Bread', slug: 'bread-2' }, -1],
    [{ margin: 5, name: 'Bread', slug: 'bread-2' }, { margin: 5, name: 'Bread', slug: 'bread' }, 1],
    [{ margin: 5, name: 'Bread', slug: 'bread' }, { margin: 5, name: 'Bread', slug: 'bread' }, 0],
  ])('%o against %o → %i', (a, b, sign) => {
    expect(Math.sign(compareSuggestions(a, b))).toBe(sign);
  });

  it('orders products of the same total margin and name by slug, whatever the catalogue\'s order', () => {
    const twin = readProduct('food_bread_2', { slug: 'a-bread', name: 'Bread', average_market_price: 20, space_required: 1, production: { cost: 3, time: 30 }, requested_materials: { Flour: 4, Water: 2 } });
    const budget = { sbc: 120, slots: 1000, hours: 1000 };
    for (const products of [[bread, twin, beam], [beam, twin, bread]]) {
      expect(rankSuggestions(products, ledger, budget, 20).rows.map((r) => r.slug)).toEqual(['a-bread', 'food_bread', 'industry_beam']);
    }
  });
});
