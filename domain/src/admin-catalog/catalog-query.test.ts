import {
  catalogCursorOf,
  catalogQueryPlan,
  compareCatalog,
  DEFAULT_CATALOG_QUERY,
  matchesCatalogQuery,
  missingDataOf,
  type CatalogQuery,
} from './catalog-query';

const q = (over: Partial<CatalogQuery>): CatalogQuery => ({ ...DEFAULT_CATALOG_QUERY, ...over });

const solar = { id: 'energy_solar_panel', fields: { slug: 'solar-panel', name: 'Solar Panel', category: 'energy', type: 'product', talent_required: 'Engineering', image_url: 'https://x/y.png', price_max: 120, price_min: 80, average_market_price: 100 } };
const wind = { id: 'energy_wind_turbine', fields: { slug: 'wind-turbine', name: 'Wind Turbine', category: 'energy', type: 'component', talent_required: 'unknown', image_url: '', price_max: 0, price_min: 0, average_market_price: 50 } };
const bread = { id: 'food_bread', fields: { slug: 'bread', name: 'Bread', category: 'food', type: 'product', talent_required: null, image_url: '', price_max: 5.5, price_min: 2 } };
const all = [solar, wind, bread];

describe('catalogQueryPlan', () => {
  test.each([
    ['nothing', q({}), { equals: [], slugPrefix: '', orderField: 'name', dir: 'asc' }],
    ['sector', q({ sector: 'energy' }), { equals: [['category', 'energy']], slugPrefix: '', orderField: 'name', dir: 'asc' }],
    ['type + talent', q({ type: 'product', talent: 'Cooking' }), { equals: [['type', 'product'], ['talent_required', 'Cooking']], slugPrefix: '', orderField: 'name', dir: 'asc' }],
    ['missing image', q({ missing: 'image' }), { equals: [['image_url', '']], slugPrefix: '', orderField: 'name', dir: 'asc' }],
    ['missing talent replaces the talent filter', q({ talent: 'Cooking', missing: 'talent' }), { equals: [['talent_required', 'unknown']], slugPrefix: '', orderField: 'name', dir: 'asc' }],
    ['sort by price, descending', q({ sort: 'price_max', dir: 'desc' }), { equals: [], slugPrefix: '', orderField: 'price_max', dir: 'desc' }],
    ['a search orders by slug whatever the sort', q({ search: '  Solar PAN ', sort: 'price_max', dir: 'desc' }), { equals: [], slugPrefix: 'solar-pan', orderField: 'slug', dir: 'asc' }],
    ['accents folded', q({ search: 'Caffè' }), { equals: [], slugPrefix: 'caffe', orderField: 'slug', dir: 'asc' }],
    ['punctuation only is no search', q({ search: '!!' }), { equals: [], slugPrefix: '', orderField: 'name', dir: 'asc' }],
  ])('%s', (_label, query, plan) => {
    expect(catalogQueryPlan(query)).toEqual(plan);
  });
});

describe('matchesCatalogQuery', () => {
  test.each([
    ['everything', q({}), ['energy_solar_panel', 'energy_wind_turbine', 'food_bread']],
    ['sector energy', q({ sector: 'energy' }), ['energy_solar_panel', 'energy_wind_turbine']],
    ['type component', q({ type: 'component' }), ['energy_wind_turbine']],
    ['talent Engineering', q({ talent: 'Engineering' }), ['energy_solar_panel']],
    ['missing image', q({ missing: 'image' }), ['energy_wind_turbine', 'food_bread']],
    ['missing talent (unknown, not None)', q({ missing: 'talent' }), ['energy_wind_turbine']],
    ['missing price', q({ missing: 'price' }), ['energy_wind_turbine']],
    ['search prefix of the slug', q({ search: 'wind t' }), ['energy_wind_turbine']],
    ['search is a prefix, not inside', q({ search: 'panel' }), []],
    ['sorting by a number leaves out products without it', q({ sort: 'average_market_price' }), ['energy_solar_panel', 'energy_wind_turbine']],
    ['filters combine', q({ sector: 'energy', missing: 'image' }), ['energy_wind_turbine']],
  ])('%s', (_label, query, ids) => {
    expect(all.filter((p) => matchesCatalogQuery(p.fields, query)).map((p) => p.id)).toEqual(ids);
  });
});

describe('compareCatalog and the cursor', () => {
  test.each([
    ['name asc', q({}), ['food_bread', 'energy_solar_panel', 'energy_wind_turbine']],
    ['name desc', q({ dir: 'desc' }), ['energy_wind_turbine', 'energy_solar_panel', 'food_bread']],
    ['price_max asc', q({ sort: 'price_max' }), ['energy_wind_turbine', 'food_bread', 'energy_solar_panel']],
    ['price_max desc', q({ sort: 'price_max', dir: 'desc' }), ['energy_solar_panel', 'food_bread', 'energy_wind_turbine']],
  ])('%s', (_label, query, ids) => {
    expect([...all].sort(compareCatalog(query)).map((p) => p.id)).toEqual(ids);
  });

  it('breaks ties by document id', () => {
    const a = { id: 'a', fields: { name: 'Same', slug: 'same' } };
    const b = { id: 'b', fields: { name: 'Same', slug: 'same' } };
    expect([b, a].sort(compareCatalog(q({}))).map((p) => p.id)).toEqual(['a', 'b']);
    expect([a, b].sort(compareCatalog(q({ dir: 'desc' }))).map((p) => p.id)).toEqual(['b', 'a']);
  });

  it('the cursor is the order value and the id', () => {
    expect(catalogCursorOf(solar, q({ sort: 'price_max' }))).toEqual({ value: 120, id: 'energy_solar_panel' });
    expect(catalogCursorOf(solar, q({ search: 'sol' }))).toEqual({ value: 'solar-panel', id: 'energy_solar_panel' });
  });
});

describe('missingDataOf', () => {
  test.each([
    ['complete', solar.fields, []],
    ['empty image, unknown talent, no price', wind.fields, ['image', 'talent', 'price']],
    ['a field absent counts as missing', { slug: 'x' }, ['image', 'talent', 'price']],
    ['None is a talent given', bread.fields, ['image']],
  ])('%s', (_label, fields, missing) => {
    expect(missingDataOf(fields)).toEqual(missing);
  });
});
