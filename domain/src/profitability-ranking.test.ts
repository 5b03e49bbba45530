import {
  compareProfitability,
  isProfitabilitySortKey,
  NO_TALENT,
  narrowProfitability,
  PROFITABILITY_SORT_VALUES,
  profitabilityRow,
  rankProfitability,
  sortProfitability,
  type ProfitabilitySortKey,
} from './profitability-ranking';
import { CELL_SORT_DIRECTIONS, compareCells } from './table-sort';
import { materialPriceLookup } from './production-economics';
import { readMaterial, readProduct } from './readers';

// Raw documents; every figure below is recomputed by hand from them.
const bread = readProduct('food_bread', { name: 'Bread', category: 'food', talent_required: 'Baking', average_market_price: 20, production: { cost: 3, time: 30 }, requested_materials: { Flour: 4, Water: 2 } });
const cake = readProduct('food_cake', { name: 'Cake', category: 'food', talent_required: null, average_market_price: 50, production: { cost: 10, time: 120 }, requested_materials: { Flour: 6, Sugar: 5 } });
const beam = readProduct('industry_beam', { name: 'Steel Beam', category: 'industry', talent_required: 'Engineering', average_market_price: 90, production: { cost: 5, time: 60 }, requested_materials: { Steel: 8 } });
const bolt = readProduct('industry_bolt', { name: 'Bolt', category: 'industry', talent_required: 'Engineering', average_market_price: 9, production: { cost: 1, time: 0 }, requested_materials: { Steel: 0.5 } });
const loss = readProduct('misc_loss', { name: 'Loss Maker', category: 'misc', talent_required: null, average_market_price: 0, production: { cost: 5, time: 10 }, requested_materials: {} });
const ledger = [readMaterial('Flour', { value: 2 }), readMaterial('Water', { value: 0.5 }), readMaterial('Steel', { value: 10 })];
const catalogue = [loss, cake, bolt, beam, bread];

describe('profitabilityRow (the figures of one ranked product)', () => {
  it.each([
    // slug, sector, talent, price, materials, missing, production, margin/unit, margin %, margin/hour, lead time
    // Bread: 4 × 2 + 2 × 0.5 = 9; 20 − 9 − 3 = 8; 8 / 20 = 40 %; 8 per 0.5 h = 16.
    ['bread', bread, 'food', 'Baking', 20, 9, [], 3, 8, 40, 16, 30],
    // Cake: Sugar has no price, so nothing past the price and the costs is known.
    ['cake', cake, 'food', NO_TALENT, 50, null, ['Sugar'], 10, null, null, null, 120],
    // Steel Beam: 8 × 10 = 80; 90 − 80 − 5 = 5; 5 / 90 %; 5 per hour.
    ['beam', beam, 'industry', 'Engineering', 90, 80, [], 5, 5, (5 / 90) * 100, 5, 60],
    // Bolt: no lead time, so no margin per hour. 9 − 5 − 1 = 3.
    ['bolt', bolt, 'industry', 'Engineering', 9, 5, [], 1, 3, (3 / 9) * 100, null, 0],
    // Loss Maker: no price, so no percent; −5 per unit over 10 min = −30 per hour.
    ['loss', loss, 'misc', NO_TALENT, 0, 0, [], 5, -5, null, -30, 10],
  ])('%s', (_name, product, sector, talent, averagePrice, materialsCost, missingMaterials, productionCost, marginPerUnit, marginPercent, marginPerHour, leadTimeMinutes) => {
    const row = profitabilityRow(product, materialPriceLookup(ledger));
    expect(row).toEqual({ slug: product.slug, name: product.name, sector, talent, averagePrice, materialsCost, missingMaterials, productionCost, marginPerUnit, marginPercent, marginPerHour, leadTimeMinutes });
  });
});

describe('rankProfitability (highest margin per unit first, unknown margins last, then by name)', () => {
  it('ranks every product, and lists every sector and talent', () => {
    const ranked = rankProfitability(catalogue, ledger);
    expect(ranked.rows.map((row) => row.name)).toEqual(['Bread', 'Steel Beam', 'Bolt', 'Loss Maker', 'Cake']);
    expect(ranked.total).toBe(5);
    expect(ranked.sectors).toEqual(['food', 'industry', 'misc']);
    expect(ranked.talents).toEqual(['Baking', 'Engineering', 'None']);
  });

  it.each([
    [{ sector: 'industry' }, undefined, ['Steel Beam', 'Bolt'], 2],
    [{ sector: 'FOOD' }, undefined, ['Bread', 'Cake'], 2],
    [{ talent: 'none' }, undefined, ['Loss Maker', 'Cake'], 2],
    [{ sector: 'food', talent: 'Baking' }, undefined, ['Bread'], 1],
    [{ sector: 'nowhere' }, undefined, [], 0],
    [{}, 2, ['Bread', 'Steel Beam'], 5],
    [{ sector: '', talent: '' }, 0, [], 5],
  ])('filter %o, limit %p → %o of %p', (filter, limit, names, total) => {
    const ranked = rankProfitability(catalogue, ledger, filter, limit);
    expect(ranked.rows.map((row) => row.name)).toEqual(names);
    expect(ranked.total).toBe(total);
    // The choices are the whole ranking's, whatever the filter.
    expect(ranked.sectors).toEqual(['food', 'industry', 'misc']);
  });

  it('orders equal margins by name, then slug', () => {
    const twin = (slug: string, name: string) => readProduct(slug, { name, category: 'misc', average_market_price: 10, production: { cost: 1, time: 1 }, requested_materials: {} });
    const rows = rankProfitability([twin('b_2', 'B'), twin('a', 'A'), twin('b_1', 'B')], []).rows;
    expect(rows.map((row) => row.slug)).toEqual(['a', 'b_1', 'b_2']);
    expect(compareProfitability(rows[0], rows[0])).toBe(0);
  });

  it('narrowProfitability keeps what the same filter keeps in rankProfitability', () => {
    const whole = rankProfitability(catalogue, ledger).rows;
    for (const filter of [{ sector: 'industry' }, { talent: 'NONE' }, { sector: 'food', talent: 'Baking' }, {}]) {
      expect(narrowProfitability(whole, filter)).toEqual(rankProfitability(catalogue, ledger, filter).rows);
    }
  });
});

describe('sortProfitability (a sorted ranking: the column first, ties in the ranking’s order)', () => {
  const ranked = rankProfitability(catalogue, ledger).rows;
  const names = (rows: { name: string }[]) => rows.map((row) => row.name);

  it.each([
    // key, direction, the order
    ['name', 'asc', ['Bolt', 'Bread', 'Cake', 'Loss Maker', 'Steel Beam']],
    ['name', 'desc', ['Steel Beam', 'Loss Maker', 'Cake', 'Bread', 'Bolt']],
    // Ties (two industry, two food) keep the ranking's order: Bread before Cake, Steel Beam before Bolt.
    ['sector', 'asc', ['Bread', 'Cake', 'Steel Beam', 'Bolt', 'Loss Maker']],
    ['talent', 'desc', ['Loss Maker', 'Cake', 'Steel Beam', 'Bolt', 'Bread']],
    // Cake's materials cost is unknown (Sugar has no price): last in both directions.
    ['materials', 'asc', ['Loss Maker', 'Bolt', 'Bread', 'Steel Beam', 'Cake']],
    ['materials', 'desc', ['Steel Beam', 'Bread', 'Bolt', 'Loss Maker', 'Cake']],
    ['marginPerHour', 'desc', ['Bread', 'Steel Beam', 'Loss Maker', 'Bolt', 'Cake']],
    ['leadTime', 'asc', ['Bolt', 'Loss Maker', 'Bread', 'Steel Beam', 'Cake']],
  ] as const)('by %s %s: %j', (key, direction, order) => {
    expect(names(sortProfitability(ranked, { key, direction }))).toEqual(order);
    // Whatever order the rows come in.
    expect(names(sortProfitability([...ranked].reverse(), { key, direction }))).toEqual(order);
  });

  it('is, for every column and direction, what a stable sort of the whole ranking by that column gives (the page’s sort)', () => {
    for (const key of Object.keys(PROFITABILITY_SORT_VALUES) as ProfitabilitySortKey[]) {
      for (const direction of CELL_SORT_DIRECTIONS) {
        const value = PROFITABILITY_SORT_VALUES[key];
        const stable = [...ranked].sort((a, b) => compareCells(value(a), value(b), direction));
        expect(names(sortProfitability(ranked, { key, direction }))).toEqual(names(stable));
      }
    }
  });

  it('without a sort is the ranking’s own order, and rankProfitability sorts before it cuts', () => {
    expect(names(sortProfitability([...ranked].reverse(), undefined))).toEqual(names(ranked));
    expect(names(rankProfitability(catalogue, ledger, {}, 2, { key: 'name', direction: 'asc' }).rows)).toEqual(['Bolt', 'Bread']);
    expect(names(rankProfitability(catalogue, ledger, { sector: 'industry' }, 1, { key: 'price', direction: 'asc' }).rows)).toEqual(['Bolt']);
  });

  it.each([
    ['name', true],
    ['leadTime', true],
    ['slug', false],
    ['toString', false],
    ['', false],
  ])('isProfitabilitySortKey(%p) is %p', (key, known) => {
    expect(isProfitabilitySortKey(key)).toBe(known);
  });
});
