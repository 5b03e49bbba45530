import type { CatalogIndexEntry } from './catalog-index';
import { editDistance, normalizeSearchText, prepareCatalog, searchCatalog, wordMatch } from './search-catalog';

const entries: CatalogIndexEntry[] = [
  { k: 'p', id: 'energy_solar_panel', s: 'solar-panel', n: 'Solar Panel', c: 'energy' },
  { k: 'p', id: 'energy_wind_turbine', s: 'wind-turbine', n: 'Wind Turbine', c: 'energy' },
  { k: 'p', id: 'food_caffe', s: 'caffe', n: 'Caffè Espresso', c: 'food' },
  { k: 'p', id: 'food_bread', s: 'bread', n: 'Bread', c: 'food' },
  { k: 'p', id: 'construction_steel_beam', s: 'steel-beam', n: 'Steel Beam', c: 'construction' },
  { k: 'm', id: 'Copper', s: 'Copper', n: 'Copper' },
  { k: 'm', id: 'Steel', s: 'Steel', n: 'Steel' },
];
const catalog = prepareCatalog(entries);
const names = (text: string) => {
  const r = searchCatalog(catalog, text);
  return { products: r.products.map((x) => x.name), materials: r.materials.map((x) => x.name), sectors: r.sectors.map((x) => x.name) };
};

describe('normalizeSearchText', () => {
  test.each([
    ['CAFFÈ', 'caffe'],
    ['  Solar-Panel! ', 'solar panel'],
    ['Über_Stahl', 'uber stahl'],
    ['<script>', 'script'],
  ])('%j → %j', (input, expected) => expect(normalizeSearchText(input)).toBe(expected));
});

describe('editDistance (adjacent swap counts as one)', () => {
  test.each([
    ['solar', 'solar', 0],
    ['solr', 'sola', 1],
    ['sloar', 'solar', 1],
    ['copper', 'coppre', 1],
    ['kitten', 'sitting', 3],
  ])('%s ↔ %s = %i', (a, b, d) => expect(editDistance(a, b, 5)).toBe(d));
  test('gives up above the limit', () => expect(editDistance('abcdef', 'zzzzzz', 1)).toBe(2));
});

describe('wordMatch: 0 exact, 1 start, 2 inside, 3 typo, -1 none', () => {
  test.each([
    ['solar', 'solar', 0],
    ['sol', 'solar', 1],
    ['ola', 'solar', 2],
    ['ol', 'solar', -1],
    ['solr', 'solar', 3],
    ['turbnie', 'turbine', 3],
    ['sola', 'steel', -1],
    ['xyz', 'xya', -1],
  ])('%s in %s → %i', (typed, word, m) => expect(wordMatch(typed, word)).toBe(m));
});

describe('searchCatalog', () => {
  test('a partial name with a typo finds the product (no typo allowed under 4 letters)', () => {
    expect(names('wnd').products).toEqual([]);
    expect(names('solr pan').products).toEqual(['Solar Panel']);
    expect(names('wnid turb').products).toEqual(['Wind Turbine']);
  });
  test('case and accents do not matter', () => {
    expect(names('CAFFE').products).toEqual(['Caffè Espresso']);
    expect(names('caffè').products).toEqual(['Caffè Espresso']);
  });
  test('the slug finds the product', () => expect(names('steel-beam').products).toEqual(['Steel Beam']));
  test('results come grouped by kind, the better match first', () => {
    expect(names('steel')).toEqual({ products: ['Steel Beam'], materials: ['Steel'], sectors: [] });
  });
  test('a sector is found by name and its products by their sector, after name matches', () => {
    const r = names('energy');
    expect(r.sectors).toEqual(['energy']);
    expect(r.products).toEqual(['Solar Panel', 'Wind Turbine']);
  });
  test('every typed word must match', () => expect(names('solar bread').products).toEqual([]));
  test('fewer than two characters give nothing', () => expect(searchCatalog(catalog, ' s ').total).toBe(0));
  test('hostile text is plain text', () => expect(names('<img src=x onerror=alert(1)>').products).toEqual([]));
  test('groups are capped, total counts every match', () => {
    const many = prepareCatalog(Array.from({ length: 30 }, (_, i) => ({ k: 'p' as const, id: `p${i}`, s: `widget-${i}`, n: `Widget ${i}`, c: 'tools' })));
    const r = searchCatalog(many, 'widget');
    expect(r.products).toHaveLength(8);
    expect(r.total).toBe(30);
  });
});
