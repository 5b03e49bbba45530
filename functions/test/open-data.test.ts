/**
 * The open data API's handler with fake reads: what each endpoint answers in JSON and CSV (checked against the
 * published OpenAPI document), validators, CORS, the rate limit, the errors, and the reads it costs per period.
 */
import {
  historyShardOf,
  historyWrites,
  marketMovers,
  readHistoryPoints,
  readMaterial,
  readMarketStatRow,
  readProduct,
  sortProfitability,
  type GameStats,
  type HistoryItems,
  type Material,
  type MarketStatRow,
  type Product,
  type ProfitabilityRow,
  type ProfitabilitySort,
} from '@sbc/domain';
import { createOpenDataHandler, type OpenDataReads } from '../src/open-data/handler';
import { createOpenData } from '../src/open-data';
import { PeriodCache } from '../src/open-data/period-cache';
import { productHistory } from '../src/open-data/representations';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { schemaErrors, type SchemaName } from './open-data-schema';

// 10:20 UTC: the market period ends at 10:30, the cache period at 10:25 (at most 300 s).
const NOW = Date.parse('2026-11-23T10:20:00Z');

const PRODUCTS: Product[] = [
  readProduct('energy_solar', {
    slug: 'solar-panel',
    name: 'Solar Panel',
    category: 'energy',
    average_market_price: 120.5,
    price_min: 100,
    price_max: 150,
    pieces_on_market: 40,
    increase: 5,
    lastvqvalue: [110, 115, 120.5],
    production: { cost: 80, time: 90, request_index: 62, request_index_history: [50, 55, 58, 60, 62] },
    requested_materials: { Silicio: 3, Vetro: 1 },
    space_required: 2,
    talent_required: null,
    enabled: true,
    updatedAt: '2026-11-20T08:00:00Z',
  }),
  readProduct('energy_battery', { slug: 'battery', name: '=Battery, "AA"', category: 'energy', average_market_price: 30, pieces_on_market: 10, enabled: false }),
  readProduct('food_bread', { slug: 'bread', name: 'Bread', category: 'food', average_market_price: 2, pieces_on_market: 500, enabled: true }),
];
const MATERIALS: Material[] = [
  readMaterial('Silicio', { id: 3, unit: 'kg', value: 12, amount: 1000, lastqty: 900, lastvalue: 11, startqty: 500, startvalue: 10, cyclecount: 4, spaceRequired: 1 }),
  readMaterial('Vetro', { id: 4, unit: 'kg', value: 5, amount: 200, lastqty: 250, lastvalue: 5.5, startqty: 100, startvalue: 4, cyclecount: 0, image_url: 'https://img.invalid/v.png' }),
];
const STATS_ROWS: MarketStatRow[] = [
  readMarketStatRow('energy', { category: 'energy', total: 5000, count: 50, documentCount: 2, lastUpdated: '2026-11-23T10:00:00Z' }, 'product'),
  readMarketStatRow('food', { category: 'food', total: 1000, count: 500, documentCount: 1, lastUpdated: '2026-11-23T09:30:00Z' }, 'product'),
  readMarketStatRow('Silicio', { category: 'industry', total: 12000, count: 1000, documentCount: 1 }, 'material'),
];
/** Recorded history: solar-panel and Silicio every 30 minutes for the last 2 days, and one point a day for 40 days. */
const HISTORY = new Map<string, Record<string, unknown>>();
const PERIOD = 30 * 60_000;
const figures = (t: number): HistoryItems => ({ 'p/solar-panel': [100 + (t % 7), 60, 40], 'm/Silicio': [12, null, 1000 + (t % 5)] });
function record(t: number, items: HistoryItems) {
  for (const write of historyWrites(items, t)) {
    const doc = HISTORY.get(write.id) ?? {};
    for (const field of write.fields) {
      const [head, sub] = field.split('.');
      doc[head] = sub === undefined ? write.data[head] : { ...((doc[head] as object) ?? {}), [sub]: (write.data[head] as Record<string, unknown>)[sub] };
    }
    HISTORY.set(write.id, doc);
  }
}
const LAST_UPDATE = Date.parse('2026-11-23T10:00:00Z');
for (let day = 40; day >= 2; day--) record(LAST_UPDATE - day * 86_400_000, figures(day));
for (let t = LAST_UPDATE - 2 * 86_400_000 + PERIOD; t <= LAST_UPDATE; t += PERIOD) record(t, figures(t / PERIOD));
const MOVERS = marketMovers(
  new Date(LAST_UPDATE),
  { 'p/solar-panel': [120.5, 62, 40], 'p/bread': [2, 10, 500] },
  { 'p/solar-panel': { name: 'Solar Panel', sector: 'energy' }, 'p/bread': { name: 'Bread', sector: 'food' } },
  [{ at: new Date(LAST_UPDATE - PERIOD), items: { 'p/solar-panel': [100, 60, 40], 'p/bread': [2.5, 10, 400] } }],
);

const GAME_STATS: GameStats = { totalPlayers: 1234, totalHeadquarters: 56, totalMarketValue: 7.5e6, lastUpdated: new Date('2026-11-23T10:00:00Z') };

/** Fake reads that count their calls. */
function fakeReads(overrides: Partial<OpenDataReads> = {}) {
  const calls: string[] = [];
  const count =
    <A extends unknown[], R>(name: string, run: (...args: A) => R) =>
    (...args: A): R => {
      calls.push([name, ...args].join(':'));
      return run(...args);
    };
  const reads: OpenDataReads = {
    getAllProducts: count('getAllProducts', async () => PRODUCTS.map((p) => ({ ...p }))),
    getProductsByCategory: count('getProductsByCategory', async (c: string) => PRODUCTS.filter((p) => p.category === c)),
    getProductBySlug: count('getProductBySlug', async (s: string) => PRODUCTS.find((p) => p.slug === s || p.name === s) ?? null),
    getMaterials: count('getMaterials', async () => MATERIALS),
    getMaterialByName: count('getMaterialByName', async (n: string) => MATERIALS.find((m) => m.name === n) ?? null),
    getMarketStats: count('getMarketStats', async () => STATS_ROWS),
    getGameStats: count('getGameStats', async () => GAME_STATS),
    getMarketHistory: count('getMarketHistory', async (ids: readonly string[]) =>
      readHistoryPoints(ids.filter((id) => HISTORY.has(id)).map((id) => HISTORY.get(id))).map((p) => ({ at: p.at.toISOString(), items: p.items })),
    ),
    getMarketMovers: count('getMarketMovers', async () => MOVERS),
    ...overrides,
  };
  return { reads, calls };
}

function setup(options: { reads?: OpenDataReads; now?: () => number; rateLimit?: { take(client: string): number }; log?: jest.Mock } = {}) {
  const fake = fakeReads();
  const log = options.log ?? jest.fn();
  const handler = createOpenDataHandler({ reads: options.reads ?? fake.reads, now: options.now ?? (() => NOW), rateLimit: options.rateLimit, log });
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => handler.handle({ method, url, headers, client: 'client-1' });
  return { handler, get, calls: fake.calls, log };
}

const json = (response: { body: Buffer }) => JSON.parse(response.body.toString('utf8'));
const csv = (response: { body: Buffer }) => response.body.toString('utf8');

function expectSchema(name: SchemaName, value: unknown) {
  expect(schemaErrors(name, value)).toEqual([]);
}

/** A handler whose product list is `products` (the other reads fake): the ranking's and the planner's fixtures. */
function withProducts(products: Product[]) {
  const fake = fakeReads({});
  const reads = { ...fake.reads, getAllProducts: async () => { fake.calls.push('getAllProducts'); return products; } };
  const handler = createOpenDataHandler({ reads, now: () => NOW, log: jest.fn() });
  return { get: (url: string) => handler.handle({ method: 'GET', url, headers: {}, client: 'c' }), calls: fake.calls };
}
type Get = ReturnType<typeof withProducts>['get'];
type Answer = Awaited<ReturnType<Get>>;

/**
 * Follows rel="next" from `first` to the last page: every page's answer. Each JSON page is checked against `schema`,
 * and its two names of the next page agree (the Link's ?cursor= is meta.nextCursor, both absent on the last page).
 */
async function walkPages(get: Get, first: string, schema: SchemaName): Promise<Answer[]> {
  const pages: Answer[] = [];
  let url: string | null = first;
  while (url !== null) {
    const response = await get(url);
    expect(response.status).toBe(200);
    const link = response.headers.Link;
    const next = link === undefined ? null : (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? `a Link that is not rel="next": ${link}`);
    if (response.headers['Content-Type'].startsWith('application/json')) {
      const body = json(response);
      expectSchema(schema, body);
      expect(body.meta.nextCursor).toBe(next === null ? null : new URL(next, 'http://x.invalid').searchParams.get('cursor'));
    }
    pages.push(response);
    url = next;
    if (pages.length > 30) throw new Error('the pages never end');
  }
  return pages;
}

describe('JSON answers, each matching its schema in openapi.json', () => {
  it('products: every product sorted by name, with the list meta', async () => {
    const { get } = setup();
    const response = await get('/api/v1/products');
    expect(response.status).toBe(200);
    expect(response.headers['Content-Type']).toBe('application/json; charset=utf-8');
    const body = json(response);
    expectSchema('ProductList', body);
    expect(body.meta).toEqual({ count: 3, total: 3, nextCursor: null });
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(['battery', 'bread', 'solar-panel']);
    expect(body.data.find((p: { slug: string }) => p.slug === 'solar-panel')).toEqual({
      slug: 'solar-panel',
      name: 'Solar Panel',
      sector: 'energy',
      type: 'product',
      enabled: true,
      averagePrice: 120.5,
      minPrice: 100,
      maxPrice: 150,
      priceChange: 0.05,
      piecesOnMarket: 40,
      marketCap: 4820,
      requestIndex: 62,
      productionCost: 80,
      productionTimeMinutes: 90,
      spaceRequired: 2,
      talentRequired: null,
      imageUrl: null,
      updatedAt: '2026-11-20T08:00:00.000Z',
    });
  });

  it('products of one sector (any letter case), limited', async () => {
    const { get, calls } = setup();
    const body = json(await get('/api/v1/products?sector=ENERGY&limit=1'));
    expectSchema('ProductList', body);
    // The first by name: '=Battery, "AA"' sorts before 'Solar Panel'.
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(['battery']);
    expect(body.meta).toEqual({ count: 1, total: 2, nextCursor: expect.any(String) });
    expect(calls).toEqual(['getMarketStats', 'getProductsByCategory:energy']);
  });

  it('one product with its recipe and its days, the last one today (UTC)', async () => {
    const { get } = setup();
    const body = json(await get('/api/v1/products/solar-panel'));
    expectSchema('ProductResponse', body);
    expect(body.data.requestedMaterials).toEqual([
      { material: 'Silicio', quantity: 3 },
      { material: 'Vetro', quantity: 1 },
    ]);
    expect(body.data.history).toEqual([
      { date: '2026-11-19', averagePrice: null, requestIndex: 50 },
      { date: '2026-11-20', averagePrice: null, requestIndex: 55 },
      { date: '2026-11-21', averagePrice: 110, requestIndex: 58 },
      { date: '2026-11-22', averagePrice: 115, requestIndex: 60 },
      { date: '2026-11-23', averagePrice: 120.5, requestIndex: 62 },
    ]);
    const last7 = json(await get('/api/v1/products/solar-panel?range=7'));
    expect(last7.data.history).toHaveLength(5);
  });

  it('?range= keeps the last days of each series', () => {
    const [solar] = PRODUCTS;
    expect(productHistory(solar, '7', new Date(NOW))).toHaveLength(5);
    const product = readProduct('x', { lastvqvalue: Array.from({ length: 40 }, (_, i) => i), production: { request_index_history: [1, 2] } });
    const history = productHistory(product, '14', new Date(NOW));
    expect(history).toHaveLength(14);
    expect(history[0]).toEqual({ date: '2026-11-10', averagePrice: 26, requestIndex: null });
    expect(history[13]).toEqual({ date: '2026-11-23', averagePrice: 39, requestIndex: 2 });
  });

  it('sectors with their aggregates, most valuable first, the materials sector marked', async () => {
    const { get } = setup();
    const body = json(await get('/api/v1/sectors'));
    expectSchema('SectorList', body);
    expect(body.data.map((s: { sector: string; kind: string }) => [s.sector, s.kind])).toEqual([
      ['industry', 'materials'],
      ['energy', 'products'],
      ['food', 'products'],
    ]);
    expect(body.data[1]).toEqual({
      sector: 'energy',
      kind: 'products',
      totalValue: 5000,
      totalCount: 50,
      averagePrice: 100,
      productCount: 1,
      materialCount: 0,
      listingCount: 2,
      lastUpdated: '2026-11-23T10:00:00.000Z',
    });
  });

  it('materials, and one material with its movement and three snapshots', async () => {
    const { get } = setup();
    const list = json(await get('/api/v1/materials'));
    expectSchema('MaterialList', list);
    expect(list.data.map((m: { name: string }) => m.name)).toEqual(['Silicio', 'Vetro']);
    const one = json(await get('/api/v1/materials/Silicio'));
    expectSchema('MaterialResponse', one);
    expect(one.data).toMatchObject({ name: 'Silicio', unitPrice: 12, quantity: 1000, inventoryValue: 12000, averagePerDay: 250, imageUrl: null });
    expect(one.data.movement).toEqual({ quantitySincePrevious: 100, unitPriceSincePrevious: 1, quantitySinceStart: 500, inventoryValueSinceStart: 7000 });
    expect(one.data.history).toEqual([
      { point: 'start', quantity: 500, unitPrice: 10, inventoryValue: 5000 },
      { point: 'previous', quantity: 900, unitPrice: 11, inventoryValue: 9900 },
      { point: 'current', quantity: 1000, unitPrice: 12, inventoryValue: 12000 },
    ]);
  });

  it('statistics', async () => {
    const { get } = setup();
    const body = json(await get('/api/v1/stats'));
    expectSchema('StatisticsResponse', body);
    expect(body.data).toEqual({ totalPlayers: 1234, totalHeadquarters: 56, totalMarketValue: 7.5e6, lastUpdated: '2026-11-23T10:00:00.000Z' });
  });

  it('the OpenAPI document itself, at a stable URL', async () => {
    const { get, calls } = setup();
    const body = json(await get('/api/v1/openapi.json'));
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toContain('/api/v1/products/{slug}');
    expect(calls).toEqual([]);
  });
});

describe('CSV answers', () => {
  it('a UTF-8 byte-order mark, a header of the JSON field names, one CRLF line per row, formulas neutralised', async () => {
    const { get } = setup();
    const response = await get('/api/v1/products.csv?sector=energy');
    expect(response.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect([...response.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv(response).slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'slug,name,sector,type,enabled,averagePrice,minPrice,maxPrice,priceChange,piecesOnMarket,marketCap,requestIndex,productionCost,productionTimeMinutes,spaceRequired,talentRequired,imageUrl,updatedAt',
    );
    // Sorted by name: '=Battery' before 'Solar Panel'.
    expect(lines[1].startsWith('battery,"\'=Battery, ""AA""",energy,product,false,30,')).toBe(true);
    expect(lines[2]).toBe('solar-panel,Solar Panel,energy,product,true,120.5,100,150,0.05,40,4820,62,80,90,2,,,2026-11-20T08:00:00.000Z');
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it.each([
    ['/api/v1/products/solar-panel.csv?range=7', 'date,averagePrice,requestIndex', '2026-11-19,,50', 6],
    ['/api/v1/sectors.csv', 'sector,kind,totalValue,totalCount,averagePrice,productCount,materialCount,listingCount,lastUpdated', 'industry,materials,12000,1000,12,0,1,1,', 4],
    ['/api/v1/materials.csv', 'name,id,unit,unitPrice,quantity,inventoryValue,spaceRequired,previousUnitPrice,previousQuantity,startUnitPrice,startQuantity,cycleCount,averagePerDay,imageUrl', 'Silicio,3,kg,12,1000,12000,1,11,900,10,500,4,250,', 3],
    ['/api/v1/materials/Vetro.csv', 'point,quantity,unitPrice,inventoryValue', 'start,100,4,400', 4],
    ['/api/v1/stats.csv', 'totalPlayers,totalHeadquarters,totalMarketValue,lastUpdated', '1234,56,7500000,2026-11-23T10:00:00.000Z', 2],
  ])('%s', async (url, header, firstRow, rows) => {
    const { get } = setup();
    const text = csv(await get(url));
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines[1]).toBe(firstRow);
    expect(lines).toHaveLength(rows + 1);
  });
});

describe('caching: validators, Cache-Control and reads per market period', () => {
  it('Cache-Control lasts to the end of the period, as the rendered pages do', async () => {
    const { get } = setup();
    const response = await get('/api/v1/stats');
    expect(response.headers['Cache-Control']).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60');
    const late = setup({ now: () => Date.parse('2026-11-23T10:29:10Z') });
    expect((await late.get('/api/v1/stats')).headers['Cache-Control']).toBe('public, max-age=0, s-maxage=50, stale-while-revalidate=60');
  });

  it('a matching If-None-Match gives a 304 without a body, with the same validator and headers', async () => {
    const { get } = setup();
    const first = await get('/api/v1/products?limit=2');
    const etag = first.headers.ETag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await get('/api/v1/products?limit=2', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers).toEqual(first.headers);
    expect((await get('/api/v1/products?limit=2', { 'if-none-match': '"stale"' })).status).toBe(200);
    expect((await get('/api/v1/products?limit=1', { 'if-none-match': etag })).status).toBe(200);
  });

  it('N callers in one period cost one read of each kind; the next period reads again', async () => {
    let now = NOW;
    const { get, calls } = setup({ now: () => now });
    await Promise.all(Array.from({ length: 50 }, () => get('/api/v1/products')));
    await Promise.all(Array.from({ length: 20 }, () => get('/api/v1/products.csv?limit=5')));
    await Promise.all(Array.from({ length: 20 }, () => get('/api/v1/products/solar-panel')));
    await Promise.all(Array.from({ length: 20 }, () => get('/api/v1/products/nope')));
    expect(calls).toEqual(['getAllProducts', 'getProductBySlug:solar-panel', 'getProductBySlug:nope']);
    now += 300_000;
    await get('/api/v1/products');
    expect(calls.filter((c) => c === 'getAllProducts')).toHaveLength(2);
  });

  it('the same answer twice in a period has the same ETag', async () => {
    const { get } = setup();
    const a = await get('/api/v1/products/solar-panel.csv');
    const b = await get('/api/v1/products/solar-panel.csv');
    expect(a.headers.ETag).toBe(b.headers.ETag);
    expect(a.body.equals(b.body)).toBe(true);
  });

  it('a period cache holds at most its bound of entries, the oldest dropped first', async () => {
    const cache = new PeriodCache({ now: () => NOW, maxSeconds: 300, maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    const read = jest.fn(async () => 'a again');
    expect(await cache.get('a', read)).toBe('a again');
    expect(await cache.get('d', read)).toBe('d');
  });
});

describe('HTTP: methods, CORS, HEAD', () => {
  it('every answer, errors included, lets any origin read it', async () => {
    const { get } = setup();
    for (const url of ['/api/v1/stats', '/api/v1/nothing', '/api/v1/products?limit=0']) {
      const response = await get(url);
      expect(response.headers['Access-Control-Allow-Origin']).toBe('*');
      expect(response.headers['Access-Control-Expose-Headers']).toBe('ETag, Retry-After, Link, RateLimit, RateLimit-Policy');
    }
  });

  it('a preflight is a 204 allowing GET and HEAD, and costs no read nor quota', async () => {
    const take = jest.fn(() => 0);
    const { handler, calls } = setup({ rateLimit: { take } });
    const response = await handler.handle({
      method: 'OPTIONS',
      url: '/api/v1/products',
      headers: { 'access-control-request-headers': 'if-none-match' },
      client: 'c',
    });
    expect(response.status).toBe(204);
    expect(response.headers).toMatchObject({ 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': 'if-none-match' });
    expect(calls).toEqual([]);
    expect(take).not.toHaveBeenCalled();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s is a 405 naming the allowed methods', async (method) => {
    const { get, calls } = setup();
    const response = await get('/api/v1/products', {}, method);
    expect(response.status).toBe(405);
    expect(response.headers.Allow).toBe('GET, HEAD, OPTIONS');
    expect(json(response)).toEqual({ error: { code: 'method_not_allowed', message: `Method ${method} not allowed: the API is read-only (GET, HEAD)` } });
    expect(calls).toEqual([]);
  });

  it('HEAD answers the headers of GET (the host leaves the body out)', async () => {
    const { get } = setup();
    const head = await get('/api/v1/sectors', {}, 'HEAD');
    const got = await get('/api/v1/sectors');
    expect(head.status).toBe(200);
    expect(head.headers).toEqual(got.headers);
  });
});

describe('errors: a JSON body and a 4xx for bad input, a 503 for an outage, never a 500', () => {
  it.each([
    ['/api/v1/products/no-such-product', 404, 'not_found', 'No product "no-such-product": the products are listed at /api/v1/products'],
    ['/api/v1/materials/Unobtanium', 404, 'not_found', 'No material "Unobtanium": the materials are listed at /api/v1/materials'],
    ['/api/v1/materials/list', 404, 'not_found', 'No material "list": the materials are listed at /api/v1/materials'],
    ['/api/v1/products?sector=toys', 400, 'unknown_sector', 'Unknown sector "toys": the sectors are listed at /api/v1/sectors'],
    ['/api/v1/products?sector=industry', 400, 'unknown_sector', '"industry" is a materials sector: its listings are at /api/v1/materials'],
    ['/api/v1/users', 404, 'not_found', 'No endpoint at "/api/v1/users": the endpoints are listed in /api/v1/openapi.json'],
    ['/api/v1/products.xml', 400, 'unknown_format', 'Unknown format .xml: /api/v1/products is JSON, or CSV with the .csv suffix'],
  ])('%s → %i %s', async (url, status, code, message) => {
    const { get } = setup();
    const response = await get(url);
    expect(response.status).toBe(status);
    expect(response.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(response.headers['Cache-Control']).toBe('no-store');
    const body = json(response);
    expectSchema('Error', body);
    expect(body).toEqual({ error: { code, message } });
  });

  it('a failing read is a 503 with Retry-After, logged and not kept: the next caller reads again', async () => {
    let fail = true;
    const fake = fakeReads({
      getMaterials: async () => {
        if (fail) throw new Error('14 UNAVAILABLE: connection refused');
        return MATERIALS;
      },
    });
    const { get, log } = setup({ reads: fake.reads });
    const response = await get('/api/v1/materials.csv');
    expect(response.status).toBe(503);
    expect(response.headers['Retry-After']).toBe('30');
    expect(json(response)).toEqual({ error: { code: 'unavailable', message: 'The market data cannot be read right now: try again shortly' } });
    expect(log).toHaveBeenCalledWith('[open-data] GET /api/v1/materials.csv: the market data could not be read', expect.any(Error));
    fail = false;
    expect((await get('/api/v1/materials.csv')).status).toBe(200);
  });

  it('missing statistics are a 503 too (the reader gives undefined on a failure)', async () => {
    const fake = fakeReads({ getGameStats: async () => undefined });
    const { get } = setup({ reads: fake.reads });
    expect((await get('/api/v1/stats')).status).toBe(503);
  });

  it('a read that hangs is a 503 after the read timeout', async () => {
    jest.useFakeTimers({ doNotFake: ['Date'] });
    try {
      const handler = createOpenDataHandler({
        reads: fakeReads({ getMarketStats: () => new Promise(() => {}) }).reads,
        now: () => NOW,
        readTimeoutMs: 1000,
        log: jest.fn(),
      });
      const pending = handler.handle({ method: 'GET', url: '/api/v1/sectors', headers: {}, client: 'c' });
      await jest.advanceTimersByTimeAsync(1000);
      expect((await pending).status).toBe(503);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After past the limit, per client, with the limit in words', async () => {
    let now = NOW;
    const handler = createOpenData({ reads: fakeReads().reads, rateLimit: '3/60', now: () => now });
    const ask = (client: string) => handler.handle({ method: 'GET', url: '/api/v1/stats', headers: {}, client });
    for (let i = 0; i < 3; i += 1) expect((await ask('a')).status).toBe(200);
    now += 15_000;
    const refused = await ask('a');
    expect(refused.status).toBe(429);
    expect(refused.headers['Retry-After']).toBe('45');
    expect(refused.headers['Access-Control-Allow-Origin']).toBe('*');
    expect(JSON.parse(refused.body.toString())).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests from this address (at most 3 requests per 60 s): try again in 45 s' },
    });
    expect((await ask('b')).status).toBe(200);
    now += 45_000;
    expect((await ask('a')).status).toBe(200);
  });

  it('counts bad requests too (a scan of unknown paths spends the quota)', async () => {
    const handler = createOpenData({ reads: fakeReads().reads, rateLimit: '2/60', now: () => NOW });
    const ask = (url: string) => handler.handle({ method: 'GET', url, headers: {}, client: 'a' });
    expect((await ask('/api/v1/nope')).status).toBe(404);
    expect((await ask('/api/v1/products?limit=0')).status).toBe(400);
    expect((await ask('/api/v1/stats')).status).toBe(429);
  });
});

describe('pages: ?limit= and ?cursor=, the next page in the Link header (RFC 8288) and meta.nextCursor', () => {
  /** Follows the Link headers from `first` to the last page: every page's items, in order. */
  async function walk(get: (url: string) => Promise<{ status: number; headers: Record<string, string>; body: Buffer }>, first: string) {
    const pages: string[][] = [];
    let url: string | null = first;
    let reads = 0;
    while (url) {
      const response = await get(url);
      expect(response.status).toBe(200);
      const body = json(response);
      pages.push(body.data.map((item: { slug?: string; name: string }) => item.slug ?? item.name));
      const link = response.headers.Link;
      const next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : null;
      expect(body.meta.nextCursor === null).toBe(next === null);
      if (next) expect(new URL(next, 'http://x').searchParams.get('cursor')).toBe(body.meta.nextCursor);
      url = next;
      reads += 1;
      if (reads > 10) throw new Error('the pages never end');
    }
    return pages;
  }

  it('walks every product once, in name order, page by page, with the whole list read once per period', async () => {
    const { get, calls } = setup();
    expect(await walk(get, '/api/v1/products?limit=2')).toEqual([['battery', 'bread'], ['solar-panel']]);
    expect(await walk(get, '/api/v1/products?limit=1')).toEqual([['battery'], ['bread'], ['solar-panel']]);
    expect(calls).toEqual(['getAllProducts']);
  });

  it('keeps the sector and the format on the next page, and walks the materials too', async () => {
    const { get } = setup();
    const first = await get('/api/v1/products.csv?sector=energy&limit=1');
    expect(first.headers.Link).toMatch(/^<\/api\/v1\/products\.csv\?sector=energy&limit=1&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    expect(await walk(get, '/api/v1/materials?limit=1')).toEqual([['Silicio'], ['Vetro']]);
    const all = await get('/api/v1/materials');
    expect(all.headers.Link).toBeUndefined();
    expect(json(all).meta).toEqual({ count: 2, total: 2, nextCursor: null });
  });

  it('a page after the last item is empty; a cursor from a name that is gone still finds its place', async () => {
    const { get } = setup();
    const { encodeCursor } = require('../src/open-data/request') as typeof import('../src/open-data/request');
    const pastTheEnd = json(await get(`/api/v1/products?cursor=${encodeCursor({ name: 'Zzz', id: 'z' })}`));
    expect(pastTheEnd).toMatchObject({ data: [], meta: { count: 0, total: 3, nextCursor: null } });
    const between = json(await get(`/api/v1/products?cursor=${encodeCursor({ name: 'C', id: 'deleted' })}`));
    expect(between.data.map((p: { slug: string }) => p.slug)).toEqual(['solar-panel']);
  });

  it.each([
    ['not base64url', '/api/v1/products?cursor=%2B%2B%2B'],
    ['base64url of something else', `/api/v1/products?cursor=${Buffer.from('{"v":9}').toString('base64url')}`],
    ['not JSON', `/api/v1/products?cursor=${Buffer.from('hello').toString('base64url')}`],
    ['too long', `/api/v1/products?cursor=${'a'.repeat(3000)}`],
    ['empty', '/api/v1/products?cursor='],
  ])('a cursor the API did not give (%s) is a 400 that says where cursors come from, quoting at most a short excerpt', async (_name, url) => {
    const { get } = setup();
    const response = await get(url);
    expect(response.status).toBe(400);
    const body = json(response);
    expect(body.error.code).toBe('invalid_parameter');
    expect(body.error.message).toMatch(/is not a cursor this API gave: take the next page's address from the Link header/);
    expect(response.body.length).toBeLessThan(400);
  });
});

describe('errors quote at most a short excerpt of the input (issue 37)', () => {
  it.each([
    ['a 9 KB slug', `/api/v1/products/${'x'.repeat(9000)}`, 404],
    ['a 9 KB material name', `/api/v1/materials/${'y'.repeat(9000)}`, 404],
    ['a 9 KB sector', `/api/v1/products?sector=${'z'.repeat(90)}`, 400],
    ['a 9 KB limit', `/api/v1/products?limit=${'9'.repeat(9000)}`, 400],
    ['a 9 KB unknown parameter', `/api/v1/products?${'q'.repeat(9000)}=1`, 400],
    ['a 9 KB path', `/api/v1/${'p'.repeat(9000)}`, 404],
  ])('%s: the answer stays small', async (_name, url, status) => {
    const { get } = setup();
    const response = await get(url);
    expect(response.status).toBe(status);
    expect(response.body.length).toBeLessThan(400);
    expect(json(response).error.message).toMatch(/…|"z{90}"/);
  });
});

/** The seed's edge cases of issue 37 beside the fixtures: no talent recorded, no category, no market figures. */
const EDGE_PRODUCTS: Product[] = [
  readProduct('construction_clay_brick', { slug: 'clay-brick', name: 'Clay Brick', category: 'construction', average_market_price: 0.95, pieces_on_market: 100, lastvqvalue: [0.9, 0.95] }),
  readProduct('mystery-crate', { slug: 'mystery-crate', name: 'Mystery Crate', average_market_price: 38.48, pieces_on_market: 10, talent_required: 'Mechanical Engineer' }),
  readProduct('electronics_new_gadget', { slug: 'new-gadget', name: 'New Gadget', category: 'electronics', average_market_price: 0, pieces_on_market: 0, lastvqvalue: [] }),
];
const EDGE_ROWS: MarketStatRow[] = [
  readMarketStatRow('product_construction', { category: 'construction', total: 95, count: 100, documentCount: 1 }, 'product'),
  readMarketStatRow('product_electronics', { category: 'electronics', total: 0, count: 0, documentCount: 1 }, 'product'),
  readMarketStatRow('product_uncategorized', { category: 'uncategorized', total: 384.8, count: 10, documentCount: 1 }, 'product'),
];

function edgeSetup() {
  const all = [...PRODUCTS, ...EDGE_PRODUCTS];
  const { reads } = fakeReads({
    getAllProducts: async () => all,
    getProductsByCategory: async (c: string) => all.filter((p) => p.category === c),
    getProductBySlug: async (slug: string) => all.find((p) => p.slug === slug) ?? null,
    getMarketStats: async () => [...STATS_ROWS, ...EDGE_ROWS],
  });
  return setup({ reads });
}

describe('issue 37: three wrong answers fixed', () => {
  it('a product with no talent recorded has talentRequired null, as its schema says (clay-brick)', async () => {
    const { get } = edgeSetup();
    const body = json(await get('/api/v1/products/clay-brick'));
    expectSchema('ProductResponse', body);
    expect(body.data.talentRequired).toBeNull();
    expect(json(await get('/api/v1/products/mystery-crate')).data.talentRequired).toBe('Mechanical Engineer');
  });

  it('every sector a product can have is listed and filterable: uncategorized (mystery-crate)', async () => {
    const { get } = edgeSetup();
    const sectors = json(await get('/api/v1/sectors'));
    expectSchema('SectorList', sectors);
    expect(sectors.data.map((s: { sector: string }) => s.sector)).toContain('uncategorized');
    const products = new Set(json(await get('/api/v1/products')).data.map((p: { sector: string }) => p.sector));
    for (const sector of products) {
      const filtered = await get(`/api/v1/products?sector=${sector}`);
      expect(filtered.status).toBe(200);
      expect(json(filtered).data.every((p: { sector: string }) => p.sector === sector)).toBe(true);
    }
    expect(json(await get('/api/v1/products?sector=Uncategorized')).data.map((p: { slug: string }) => p.slug)).toEqual(['mystery-crate']);
  });

  it('a product without market figures has marketCap null, not 0; a priced one keeps its figure', async () => {
    const { get } = edgeSetup();
    const list = json(await get('/api/v1/products'));
    expectSchema('ProductList', list);
    const bySlug = (slug: string) => list.data.find((p: { slug: string }) => p.slug === slug);
    expect(bySlug('new-gadget').marketCap).toBeNull();
    expect(bySlug('battery').marketCap).toBe(300);
    expect(csv(await get('/api/v1/products.csv?slugs=new-gadget')).split('\r\n')[1]).toContain(',,'); // an empty cell, not 0
  });
});

describe('many items per call: ?slugs= and ?names=', () => {
  it('answers only the products named, from the period\'s one read of the list', async () => {
    const { get, calls } = setup();
    const body = json(await get('/api/v1/products?slugs=solar-panel,bread,nope'));
    expectSchema('ProductList', body);
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(['bread', 'solar-panel']);
    expect(body.meta).toEqual({ count: 2, total: 2, nextCursor: null });
    await get('/api/v1/products?slugs=battery');
    expect(calls).toEqual(['getAllProducts']);
  });

  it('combines with ?sector= and pages, and materials take ?names=', async () => {
    const { get } = setup();
    expect(json(await get('/api/v1/products?sector=energy&slugs=solar-panel,bread')).data.map((p: { slug: string }) => p.slug)).toEqual(['solar-panel']);
    const materials = json(await get('/api/v1/materials?names=Vetro'));
    expectSchema('MaterialList', materials);
    expect(materials.data.map((m: { name: string }) => m.name)).toEqual(['Vetro']);
  });
});

describe('history of many items: ?products=, ?materials=, ?from=, ?to=, ?interval=', () => {
  it('gives every recorded period of the last day by default, with real times, for products and materials', async () => {
    const { get } = setup();
    const response = await get('/api/v1/history?products=solar-panel,nope&materials=Silicio');
    expect(response.status).toBe(200);
    const body = json(response);
    expectSchema('HistoryList', body);
    expect(body.meta).toEqual({ from: '2026-11-22T10:20:00.000Z', to: '2026-11-23T10:20:00.000Z', interval: 'period', count: 3 });
    const [solar, nope, silicio] = body.data;
    expect(solar.kind).toBe('product');
    expect(solar.points).toHaveLength(48); // 10:30 yesterday … 10:00 today, every 30 minutes
    expect(solar.points.at(-1)).toEqual({ at: '2026-11-23T10:00:00.000Z', price: 100 + ((LAST_UPDATE / PERIOD) % 7), requestIndex: 60, supply: 40 });
    expect(nope).toEqual({ kind: 'product', id: 'nope', points: [] });
    expect(silicio.points.at(-1).requestIndex).toBeNull();
  });

  it('gives one point a day with ?interval=day, up to 24 months, and reads only the asked items\' shards', async () => {
    const { get, calls } = setup();
    const body = json(await get('/api/v1/history?products=solar-panel&from=2026-10-01&to=2026-11-23T10:20:00Z&interval=day'));
    expectSchema('HistoryList', body);
    const days = body.data[0].points.map((p: { at: string }) => p.at.slice(0, 10));
    expect(days[0]).toBe('2026-10-14'); // 40 days back: the first day recorded
    expect(days.at(-1)).toBe('2026-11-23');
    expect(new Set(days).size).toBe(days.length);
    const shard = historyShardOf('p/solar-panel');
    expect(calls.filter((c) => c.startsWith('getMarketHistory'))).toEqual([`getMarketHistory:d_2026-10_${shard}`, `getMarketHistory:d_2026-11_${shard}`]);
  });

  it('says clearly when the window is too wide for its interval', async () => {
    const { get } = setup();
    const periods = await get('/api/v1/history?products=solar-panel&from=2026-11-01&interval=period');
    expect(periods.status).toBe(400);
    expect(json(periods).error).toEqual({
      code: 'range_too_wide',
      message: '?from= to ?to= spans 23 days: ?interval=period answers at most 7 days per call; ?interval=day gives one point a day for up to 744 days',
    });
    const days = await get('/api/v1/history?products=solar-panel&from=2020-01-01&interval=day');
    expect(json(days).error.code).toBe('range_too_wide');
    expect((await get('/api/v1/history?products=solar-panel&from=2026-11-01')).status).toBe(200); // wide without ?interval=: by day
  });

  it('as CSV: one row per item and point', async () => {
    const { get } = setup();
    const lines = csv(await get('/api/v1/history.csv?materials=Silicio')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('kind,id,at,price,requestIndex,supply');
    expect(lines).toHaveLength(49);
    expect(lines[48]).toMatch(/^material,Silicio,2026-11-23T10:00:00.000Z,12,,10\d\d$/);
  });
});

describe('movers', () => {
  it('gives the latest update\'s risers and fallers since the previous period, overall or in one sector', async () => {
    const { get, calls } = setup();
    const body = json(await get('/api/v1/movers'));
    expectSchema('MoversResponse', body);
    expect(body.data.since).toBe('2026-11-23T09:30:00.000Z');
    expect(body.data.price.risers).toEqual([{ kind: 'product', id: 'solar-panel', name: 'Solar Panel', sector: 'energy', from: 100, to: 120.5, change: 0.205 }]);
    expect(body.data.price.fallers.map((m: { id: string }) => m.id)).toEqual(['bread']);
    expect(body.data.supply.risers.map((m: { id: string }) => m.id)).toEqual(['bread']);
    const food = json(await get('/api/v1/movers?sector=FOOD'));
    expect(food.data.sector).toBe('food');
    expect(food.data.price.risers).toEqual([]);
    expect((await get('/api/v1/movers?sector=nowhere')).status).toBe(400);
    expect(calls.filter((c) => c === 'getMarketMovers')).toHaveLength(1);
  });

  it('has empty lists and since null for a window without history that old', async () => {
    const { get } = setup();
    const body = json(await get('/api/v1/movers?window=week'));
    expectSchema('MoversResponse', body);
    expect(body.data).toMatchObject({ window: 'week', since: null, price: { risers: [], fallers: [] } });
    const rows = csv(await get('/api/v1/movers.csv')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('metric,direction,rank,kind,id,name,sector,from,to,change');
    expect(rows[1]).toBe('price,risers,1,product,solar-panel,Solar Panel,energy,100,120.5,0.205');
  });
});

describe('an open page following a market update gets what the recording wrote after it', () => {
  // The market updated at 10:30; the recording function writes the movers and the 10:30 points a few seconds later.
  const UPDATE = Date.parse('2026-11-23T10:30:00Z');
  const later = (seconds: number) => () => UPDATE + seconds * 1000;

  it('does not keep movers read before the recording wrote them: the next caller reads the new ones, then they are kept', async () => {
    let movers = MOVERS; // the 10:00 update's
    let clock = UPDATE + 1000;
    const fake = fakeReads();
    const handler = createOpenDataHandler({ reads: fake.reads, now: () => clock, log: jest.fn() });
    const response = (url: string) => handler.handle({ method: 'GET', url, headers: {}, client: 'c' });
    const get = async (url: string) => json(await response(url));
    let reads = 0;
    fake.reads.getMarketMovers = async () => {
      reads += 1;
      return movers;
    };
    const early = await response('/api/v1/movers');
    expect(json(early).data.at).toBe('2026-11-23T10:00:00.000Z');
    expect(early.headers['Cache-Control']).toBe('no-store'); // no CDN keeps it for the period either
    movers = { ...MOVERS, at: new Date(UPDATE).toISOString() };
    clock = later(5)();
    const recorded = await response('/api/v1/movers');
    expect(json(recorded).data.at).toBe('2026-11-23T10:30:00.000Z');
    expect(recorded.headers['Cache-Control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    clock = later(60)();
    await get('/api/v1/movers');
    await get('/api/v1/movers?window=day');
    expect(reads).toBe(2);
  });

  it('does not keep today\'s history document read before the 10:30 point was recorded; a past day\'s is kept', async () => {
    const t = UPDATE;
    const shard = historyShardOf('p/solar-panel');
    const today = `p_2026-11-23_${shard}`;
    const fake = fakeReads();
    const calls: string[] = [];
    const getMarketHistory = fake.reads.getMarketHistory;
    fake.reads.getMarketHistory = async (ids) => {
      calls.push(...ids);
      return getMarketHistory(ids);
    };
    const handler = createOpenDataHandler({ reads: fake.reads, now: later(2), log: jest.fn() });
    const response = (url: string) => handler.handle({ method: 'GET', url, headers: {}, client: 'c' });
    const get = async (url: string) => json(await response(url));
    const url = '/api/v1/history?products=solar-panel&from=2026-11-22T10:00:00Z&to=2026-11-23T10:30:02Z&interval=period';
    const early = await response(url);
    expect(json(early).data[0].points.at(-1).at).toBe('2026-11-23T10:00:00.000Z');
    expect(early.headers['Cache-Control']).toBe('no-store');
    const saved = new Map([...HISTORY].map(([id, doc]) => [id, structuredClone(doc)]));
    record(t, figures(t / PERIOD)); // the recording lands
    try {
      expect((await get(url)).data[0].points.at(-1).at).toBe('2026-11-23T10:30:00.000Z');
      expect((await response(url)).headers['Cache-Control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
      // Yesterday's document once; today's twice (before the recording, then with its point), then kept.
      expect(calls.filter((id) => id === `p_2026-11-22_${shard}`)).toHaveLength(1);
      expect(calls.filter((id) => id === today)).toHaveLength(2);
    } finally {
      HISTORY.clear();
      for (const [id, doc] of saved) HISTORY.set(id, doc);
    }
  });
});

describe('compression and the RateLimit headers', () => {
  it('sends brotli or gzip as Accept-Encoding asks, with Vary and an ETag of its own', async () => {
    const { get } = setup();
    const plain = await get('/api/v1/products');
    const br = await get('/api/v1/products', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get('/api/v1/products', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(plain.headers['Content-Encoding']).toBeUndefined();
    expect(br.headers['Content-Encoding']).toBe('br');
    expect(gz.headers['Content-Encoding']).toBe('gzip');
    for (const r of [plain, br, gz]) expect(r.headers.Vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(gunzipSync(gz.body)).toEqual(plain.body);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(new Set([plain.headers.ETag, br.headers.ETag, gz.headers.ETag]).size).toBe(3);
    expect((await get('/api/v1/products', { 'accept-encoding': 'br', 'if-none-match': br.headers.ETag })).status).toBe(304);
    // a small answer is sent as it is
    expect((await get('/api/v1/stats', { 'accept-encoding': 'br' })).headers['Content-Encoding']).toBeUndefined();
  });

  it('states the policy and what is left of it on every answer, errors and 429 included', async () => {
    let now = NOW;
    const handler = createOpenData({ reads: fakeReads().reads, rateLimit: '3/60', now: () => now });
    const ask = (url = '/api/v1/stats') => handler.handle({ method: 'GET', url, headers: {}, client: 'a' });
    const first = await ask();
    expect(first.headers['RateLimit-Policy']).toBe('"default";q=3;w=60');
    expect(first.headers.RateLimit).toBe('"default";r=2;t=60');
    now += 10_000;
    expect((await ask('/api/v1/nope')).headers.RateLimit).toBe('"default";r=1;t=50');
    expect((await ask()).headers.RateLimit).toBe('"default";r=0;t=50');
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.headers.RateLimit).toBe('"default";r=0;t=50');
  });
});

describe('the planner\'s suggestions: /api/v1/plan/suggestions?sbc=&slots=&hours=&limit=', () => {
  // Lamp: 2 Silicio (24) + production 10 → 34 SBC a unit, sells at 50: margin 16, 1 h, 2 + 1 slots.
  // Panel: 3 Silicio (36) + 2 Vetro (10) + production 20 → 66 SBC a unit, sells at 100: margin 34, 2 h, 3 + 0 + 1 slots.
  // Solar Panel of the fixture loses money (margin −0.5) and is never suggested.
  const PLANNED = [
    ...PRODUCTS,
    readProduct('misc_lamp', { slug: 'lamp', name: 'Lamp', category: 'misc', average_market_price: 50, space_required: 1, production: { cost: 10, time: 60 }, requested_materials: { Silicio: 2 } }),
    readProduct('misc_panel', { slug: 'panel', name: 'Panel', category: 'misc', average_market_price: 100, space_required: 1, production: { cost: 20, time: 120 }, requested_materials: { Silicio: 3, Vetro: 2 } }),
  ];
  const planned = (products: Product[] = PLANNED) => withProducts(products);

  it.each([
    // budget → [slug, units, limited by, cash, margin], total
    ['sbc=100&slots=1000&hours=1000', [['panel', 1, 'sbc', 66, 34], ['lamp', 2, 'sbc', 68, 32]], 2],
    ['sbc=1000&slots=8&hours=1000', [['panel', 2, 'slots', 132, 68], ['lamp', 2, 'slots', 68, 32]], 2],
    ['sbc=1000&slots=1000&hours=2.5', [['panel', 1, 'hours', 66, 34], ['lamp', 2, 'hours', 68, 32]], 2],
    ['sbc=33&slots=1000&hours=1000', [], 0],
  ])('%s ranks every product by total margin, best first', async (query, expected, total) => {
    const { get } = planned();
    const response = await get(`/api/v1/plan/suggestions?${query}`);
    expect(response.status).toBe(200);
    const body = json(response);
    expectSchema('PlanSuggestionList', body);
    expect(body.data.map((s: { slug: string; quantity: number; limitedBy: string; cash: number; margin: number }) => [s.slug, s.quantity, s.limitedBy, s.cash, s.margin])).toEqual(expected);
    expect(body.meta).toEqual({ count: expected.length, total, nextCursor: null });
    expect(response.headers.Link).toBeUndefined();
  });

  it('sends each suggestion\'s figures, the first 20 by default, fewer with ?limit=, and CSV with .csv', async () => {
    const { get } = planned();
    const body = json(await get('/api/v1/plan/suggestions?sbc=100&slots=1000&hours=1000&limit=1'));
    expect(body).toEqual({
      data: [{ slug: 'panel', name: 'Panel', quantity: 1, limitedBy: 'sbc', cash: 66, revenue: 100, margin: 34, marginPerHour: 17, hours: 2, slots: 4 }],
      meta: { count: 1, total: 2, nextCursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/) },
    });
    const text = csv(await get('/api/v1/plan/suggestions.csv?sbc=100&slots=1000&hours=1000'));
    expect(text.split('\r\n')).toEqual([
      '\uFEFFslug,name,quantity,limitedBy,cash,revenue,margin,marginPerHour,hours,slots',
      'panel,Panel,1,sbc,66,100,34,17,2,4',
      'lamp,Lamp,2,sbc,68,100,32,16,2,6',
      '',
    ]);
  });

  it('is computed from the period\'s one read of the products and of the materials, whatever the budget', async () => {
    const { get, calls } = planned();
    for (const query of ['sbc=100&slots=1000&hours=1000', 'sbc=500&slots=10&hours=3', 'sbc=100&slots=1000&hours=1000&limit=1']) {
      expect((await get(`/api/v1/plan/suggestions?${query}`)).status).toBe(200);
    }
    expect((await get('/api/v1/products')).status).toBe(200);
    expect(calls.filter((c) => c === 'getAllProducts')).toHaveLength(1);
    expect(calls.filter((c) => c === 'getMaterials')).toHaveLength(1);
  });

  it.each([
    ['', 'The budget needs ?sbc= (SBC to spend), ?slots= (warehouse slots) and ?hours= (game hours), each a number above 0: ?sbc=, ?slots=, ?hours= missing'],
    ['?sbc=100&slots=10', 'The budget needs ?sbc= (SBC to spend), ?slots= (warehouse slots) and ?hours= (game hours), each a number above 0: ?hours= missing'],
    ['?sbc=lots&slots=10&hours=5', '?sbc= (SBC to spend) must be a number above 0, such as 120 or 2.5, not "lots"'],
    ['?sbc=100&slots=0&hours=5', '?slots= (warehouse slots) must be a number above 0, such as 120 or 2.5, not "0"'],
    ['?sbc=100&slots=10&hours=-1', '?hours= (game hours) must be a number above 0, such as 120 or 2.5, not "-1"'],
    ['?sbc=100&slots=10&hours=5&limit=0', '?limit= must be a whole number from 1 to 10000, not "0"'],
    ['?sbc=100&sbc=200&slots=10&hours=5', '?sbc= is given more than once'],
  ])('a bad budget %s is a 400 invalid_parameter that says what is wrong', async (query, message) => {
    const { get, calls } = planned();
    const response = await get(`/api/v1/plan/suggestions${query}`);
    expect(response.status).toBe(400);
    expect(json(response)).toEqual({ error: { code: 'invalid_parameter', message } });
    expect(calls).toEqual([]);
  });

  it.each([
    ['/api/v1/plan/suggestions?sbc=1&slots=1&hours=1&budget=3', 400, 'unknown_parameter', 'Unknown query parameter ?budget=: this endpoint (suggestions) takes ?sbc=, ?slots=, ?hours=, ?limit= and ?cursor='],
    ['/api/v1/plan/suggestions.xml?sbc=1&slots=1&hours=1', 400, 'unknown_format', 'Unknown format .xml: /api/v1/plan/suggestions is JSON, or CSV with the .csv suffix'],
    ['/api/v1/plan/ideas', 404, 'not_found', 'No endpoint at "/api/v1/plan/ideas": the endpoints are listed in /api/v1/openapi.json'],
  ])('%s → %i %s', async (url, status, code, message) => {
    const { get } = planned();
    const response = await get(url);
    expect([response.status, json(response)]).toEqual([status, { error: { code, message } }]);
  });

  describe('the suggestions\' pages: ?limit= (default 20) and ?cursor=, the Link header and meta.nextCursor, as the ranking has', () => {
    // At ?sbc=100&slots=1000&hours=1000: Panel 34, Lamp 32 (2 units of 16), Lamp/lamp-2 32 (the same recipe and name:
    // the slug decides, whatever the catalogue's order), then 22 gadgets without materials (production 10, no time or
    // space: 10 units each) whose total margins are 30 (C, F, …), 20 (B, E, …) and 10 (A, D, …): ties that pages split.
    const GADGETS = Array.from({ length: 22 }, (_, i) => {
      const letter = String.fromCharCode(65 + i);
      return readProduct(`misc_gadget_${letter}`, { slug: `gadget-${letter.toLowerCase()}`, name: `Gadget ${letter}`, category: 'misc', average_market_price: 10 + (i % 3) + 1, production: { cost: 10, time: 0 }, requested_materials: {} });
    });
    const lamp2 = readProduct('misc_lamp_2', { slug: 'lamp-2', name: 'Lamp', category: 'misc', average_market_price: 50, space_required: 1, production: { cost: 10, time: 60 }, requested_materials: { Silicio: 2 } });
    const PAGED = [lamp2, ...PLANNED, ...[...GADGETS].reverse()];
    const gadgets = (letters: string) => [...letters].map((letter) => `gadget-${letter}`);
    const ORDER = ['panel', 'lamp', 'lamp-2', ...gadgets('cfilorubehknqtadgjmpsv')];
    const BUDGET = 'sbc=100&slots=1000&hours=1000';
    const slugs = (body: { data: Array<{ slug: string }> }) => body.data.map((row) => row.slug);
    const walk = (get: Get, first: string) => walkPages(get, first, 'PlanSuggestionList');

    it('the default answer is still the first 20 suggestions, now with the next page\'s cursor when more remain', async () => {
      const { get } = planned(PAGED);
      const response = await get(`/api/v1/plan/suggestions?${BUDGET}`);
      const body = json(response);
      expectSchema('PlanSuggestionList', body);
      expect(slugs(body)).toEqual(ORDER.slice(0, 20));
      expect(body.meta).toEqual({ count: 20, total: 25, nextCursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
      expect(response.headers.Link).toBe(`</api/v1/plan/suggestions?${BUDGET}&cursor=${body.meta.nextCursor}>; rel="next"`);
      // The next page is 20 rows too (no ?limit= there either): the 5 that remain, and no further page.
      const rest = await get(`/api/v1/plan/suggestions?${BUDGET}&cursor=${body.meta.nextCursor}`);
      expect(slugs(json(rest))).toEqual(ORDER.slice(20));
      expect(json(rest).meta).toEqual({ count: 5, total: 25, nextCursor: null });
      expect(rest.headers.Link).toBeUndefined();
    });

    it('walks every suggestion 2 at a time by the Link header: exactly the unpaged suggestions, ties split across pages', async () => {
      const { get, calls } = planned(PAGED);
      const whole = json(await get(`/api/v1/plan/suggestions?${BUDGET}&limit=10000`));
      expect(slugs(whole)).toEqual(ORDER);
      expect(whole.meta).toEqual({ count: 25, total: 25, nextCursor: null });
      const pages = (await walk(get, `/api/v1/plan/suggestions?${BUDGET}&limit=2`)).map(json);
      expect(pages.map(slugs).slice(0, 3)).toEqual([['panel', 'lamp'], ['lamp-2', 'gadget-c'], gadgets('fi')]);
      expect(pages).toHaveLength(13);
      expect(pages.flatMap((page) => page.data)).toEqual(whole.data);
      for (const page of pages) expect(page.meta.total).toBe(25);
      expect(pages.at(-1).meta).toEqual({ count: 1, total: 25, nextCursor: null });
      // Every page is cut from the period's one read of each list.
      expect(calls).toEqual(['getAllProducts', 'getMaterials']);
    });

    it('walks them by meta.nextCursor too, with another page size on the way (?limit= is not part of the cursor)', async () => {
      const { get } = planned(PAGED);
      const rows: string[] = [];
      let cursor: string | null = null;
      for (const limit of [3, 7, 1, 5, 20]) {
        const body = json(await get(`/api/v1/plan/suggestions?${BUDGET}&limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`));
        expectSchema('PlanSuggestionList', body);
        rows.push(...slugs(body));
        cursor = body.meta.nextCursor;
      }
      expect(cursor).toBeNull();
      expect(rows).toEqual(ORDER);
    });

    it('CSV pages too: the Link header keeps the format and the budget, and the pages\' rows are the whole table\'s', async () => {
      const { get } = planned(PAGED);
      const first = await get(`/api/v1/plan/suggestions.csv?${BUDGET}&limit=4`);
      expect(first.headers['Content-Type']).toBe('text/csv; charset=utf-8');
      expect(first.headers.Link).toMatch(/^<\/api\/v1\/plan\/suggestions\.csv\?sbc=100&slots=1000&hours=1000&limit=4&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
      const lines = (response: Answer) => csv(response).split('\r\n').filter((line) => line !== '');
      const pages = (await walk(get, `/api/v1/plan/suggestions.csv?${BUDGET}&limit=4`)).map(lines);
      const whole = lines(await get(`/api/v1/plan/suggestions.csv?${BUDGET}&limit=10000`));
      expect(pages).toHaveLength(7);
      for (const page of pages) expect(page[0]).toBe('\uFEFFslug,name,quantity,limitedBy,cash,revenue,margin,marginPerHour,hours,slots');
      expect(pages.flatMap((page) => page.slice(1))).toEqual(whole.slice(1));
      expect(pages.flatMap((page) => page.slice(1)).map((line) => line.split(',')[0])).toEqual(ORDER);
      // The default CSV is the first 20 rows, its Link the next 20; the JSON's cursor serves the CSV (the same position).
      const byDefault = await get(`/api/v1/plan/suggestions.csv?${BUDGET}`);
      expect(lines(byDefault).slice(1).map((line) => line.split(',')[0])).toEqual(ORDER.slice(0, 20));
      expect(byDefault.headers.Link).toMatch(/^<\/api\/v1\/plan\/suggestions\.csv\?sbc=100&slots=1000&hours=1000&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
      const cursor = json(await get(`/api/v1/plan/suggestions?${BUDGET}&limit=22`)).meta.nextCursor;
      expect(lines(await get(`/api/v1/plan/suggestions.csv?${BUDGET}&cursor=${cursor}`)).slice(1).map((line) => line.split(',')[0])).toEqual(gadgets('psv'));
    });

    it('a cursor is its row\'s position in the budget\'s ranking: the same page all period; a row that is gone still finds its place', async () => {
      const { encodeSuggestionsCursor } = require('../src/open-data/request') as typeof import('../src/open-data/request');
      const { get } = planned(PAGED);
      const cursor = json(await get(`/api/v1/plan/suggestions?${BUDGET}&limit=2`)).meta.nextCursor;
      const once = await get(`/api/v1/plan/suggestions?${BUDGET}&limit=2&cursor=${cursor}`);
      const again = await get(`/api/v1/plan/suggestions?${BUDGET}&limit=2&cursor=${cursor}`);
      expect(again.body.equals(once.body)).toBe(true);
      const budget = { sbc: 100, slots: 1000, hours: 1000 };
      const after = async (key: { margin: number; name: string; slug: string }) =>
        slugs(json(await get(`/api/v1/plan/suggestions?${BUDGET}&limit=4&cursor=${encodeSuggestionsCursor({ ...key, budget })}`)));
      // No 'Kettle' of margin 32: its place is before Lamp (the same margin, the name decides).
      expect(await after({ margin: 32, name: 'Kettle', slug: 'kettle' })).toEqual(['lamp', 'lamp-2', 'gadget-c', 'gadget-f']);
      expect(await after({ margin: 32, name: 'Lamp', slug: 'lamp-1' })).toEqual(['lamp-2', 'gadget-c', 'gadget-f', 'gadget-i']);
      expect(await after({ margin: 20, name: 'Gadget T', slug: 'gadget-t' })).toEqual(gadgets('adgj'));
      expect(await after({ margin: 1, name: '', slug: '' })).toEqual([]);
      expect(await after({ margin: 1e9, name: '', slug: '' })).toEqual(ORDER.slice(0, 4));
    });

    it.each([
      ['sbc=101&slots=1000&hours=1000'],
      ['sbc=100&slots=999&hours=1000'],
      ['sbc=100&slots=1000&hours=2.5'],
    ])('a cursor from another budget (given with %s) is the 400 of a cursor the API did not give, before any read', async (other) => {
      const fromOther = planned(PAGED);
      const cursor = json(await fromOther.get(`/api/v1/plan/suggestions?${other}&limit=1`)).meta.nextCursor;
      expect(cursor).toEqual(expect.any(String));
      const { get, calls } = planned(PAGED);
      for (const path of ['/api/v1/plan/suggestions', '/api/v1/plan/suggestions.csv']) {
        const response = await get(`${path}?${BUDGET}&cursor=${cursor}`);
        expect(response.status).toBe(400);
        const body = json(response);
        expectSchema('Error', body);
        expect(body).toEqual({
          error: {
            code: 'invalid_parameter',
            message: `?cursor= "${cursor.slice(0, 40)}…" is not a cursor this API gave: take the next page's address from the Link header (rel="next") or meta.nextCursor`,
          },
        });
      }
      expect(calls).toEqual([]);
    });

    it('the ranking\'s and the lists\' cursors are refused by the suggestions, and the suggestions\' by them, with the same 400', async () => {
      const { get } = planned(PAGED);
      const mine = json(await get(`/api/v1/plan/suggestions?${BUDGET}&limit=1`)).meta.nextCursor;
      const ranking = json(await get('/api/v1/plan/profitability?limit=1')).meta.nextCursor;
      const products = json(await get('/api/v1/products?limit=1')).meta.nextCursor;
      const message = (cursor: string) => `?cursor= "${cursor.slice(0, 40)}…" is not a cursor this API gave: take the next page's address from the Link header (rel="next") or meta.nextCursor`;
      for (const [url, cursor] of [
        [`/api/v1/plan/suggestions?${BUDGET}`, ranking],
        [`/api/v1/plan/suggestions?${BUDGET}`, products],
        ['/api/v1/plan/profitability', mine],
        ['/api/v1/products', mine],
        ['/api/v1/materials', mine],
      ]) {
        const response = await get(`${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`);
        expect([response.status, json(response)]).toEqual([400, { error: { code: 'invalid_parameter', message: message(cursor) } }]);
      }
    });
  });
});

describe('the profitability ranking: /api/v1/plan/profitability?sector=&talent=&limit=', () => {
  // At the fixture's prices (Silicio 12, Vetro 5), margin per unit, highest first:
  // battery 30 (no recipe, no time), Lamp 16 (2 Silicio 24 + production 10 of 50, 1 h), Bread 2, Solar Panel −0.5;
  // Mirror last: Argento and Mercurio are not in the ledger, so its margins are unknown (null). Its sector is spelt
  // 'Misc', Lamp's 'misc': two values of meta.sectors, which ?sector= (any letter case) takes together.
  const RANKED = [
    ...PRODUCTS,
    readProduct('misc_lamp', { slug: 'lamp', name: 'Lamp', category: 'misc', average_market_price: 50, production: { cost: 10, time: 60 }, requested_materials: { Silicio: 2 }, talent_required: 'Engineering' }),
    readProduct('misc_mirror', { slug: 'mirror', name: 'Mirror', category: 'Misc', average_market_price: 40, production: { cost: 5, time: 30 }, requested_materials: { Vetro: 2, Argento: 1, Mercurio: 1 }, talent_required: 'Engineering' }),
  ];
  const ranked = (products: Product[] = RANKED) => withProducts(products);
  const slugs = (body: { data: Array<{ slug: string }> }) => body.data.map((row) => row.slug);

  it('ranks every product by margin per unit, an unknown margin last, with the filter\'s choices in meta', async () => {
    const { get } = ranked();
    const response = await get('/api/v1/plan/profitability');
    expect(response.status).toBe(200);
    expect(response.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(response.headers['Cache-Control']).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60');
    const body = json(response);
    expectSchema('ProfitabilityList', body);
    expect(slugs(body)).toEqual(['battery', 'lamp', 'bread', 'solar-panel', 'mirror']);
    expect(body.meta).toEqual({ count: 5, total: 5, sectors: ['Misc', 'energy', 'food', 'misc'], talents: ['Engineering', 'None', 'unknown'], nextCursor: null });
    expect(body.data[1]).toEqual({
      slug: 'lamp',
      name: 'Lamp',
      sector: 'misc',
      talent: 'Engineering',
      averagePrice: 50,
      materialsCost: 24,
      missingMaterials: [],
      productionCost: 10,
      marginPerUnit: 16,
      marginPercent: 32,
      marginPerHour: 16,
      leadTimeMinutes: 60,
    });
    expect(body.data[4]).toEqual({
      slug: 'mirror',
      name: 'Mirror',
      sector: 'Misc',
      talent: 'Engineering',
      averagePrice: 40,
      materialsCost: null,
      missingMaterials: ['Argento', 'Mercurio'],
      productionCost: 5,
      marginPerUnit: null,
      marginPercent: null,
      marginPerHour: null,
      leadTimeMinutes: 30,
    });
  });

  it.each([
    // query → slugs, total
    ['sector=misc', ['lamp', 'mirror'], 2],
    ['sector=MISC', ['lamp', 'mirror'], 2],
    ['sector=Energy', ['battery', 'solar-panel'], 2],
    ['sector=%20food%20', ['bread'], 1],
    ['talent=engineering', ['lamp', 'mirror'], 2],
    ['talent=none', ['solar-panel'], 1],
    ['sector=energy&talent=NONE', ['solar-panel'], 1],
    ['limit=2', ['battery', 'lamp'], 5],
    ['sector=misc&limit=1', ['lamp'], 2],
    ['limit=10000', ['battery', 'lamp', 'bread', 'solar-panel', 'mirror'], 5],
  ])('?%s narrows and cuts the ranking, meta.total counts the filter\'s products', async (query, expected, total) => {
    const { get } = ranked();
    const body = json(await get(`/api/v1/plan/profitability?${query}`));
    expectSchema('ProfitabilityList', body);
    expect(slugs(body)).toEqual(expected);
    expect(body.meta).toMatchObject({ count: expected.length, total });
    // The choices are always the whole ranking's.
    expect(body.meta.sectors).toEqual(['Misc', 'energy', 'food', 'misc']);
  });

  it.each(['sector=no-such-sector', 'talent=Alchemy', 'sector=food&talent=Engineering'])('?%s, which no product has, is an empty list (200), not an error', async (query) => {
    const { get } = ranked();
    const response = await get(`/api/v1/plan/profitability?${query}`);
    expect(response.status).toBe(200);
    const body = json(response);
    expectSchema('ProfitabilityList', body);
    expect(body).toEqual({ data: [], meta: { count: 0, total: 0, sectors: ['Misc', 'energy', 'food', 'misc'], talents: ['Engineering', 'None', 'unknown'], nextCursor: null } });
  });

  it('CSV with .csv: the JSON fields as columns, missing materials joined by "; ", an unknown figure as an empty cell', async () => {
    const { get } = ranked();
    const response = await get('/api/v1/plan/profitability.csv');
    expect(response.status).toBe(200);
    expect(response.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect(csv(response).split('\r\n')).toEqual([
      '\uFEFFslug,name,sector,talent,averagePrice,materialsCost,missingMaterials,productionCost,marginPerUnit,marginPercent,marginPerHour,leadTimeMinutes',
      'battery,"\'=Battery, ""AA""",energy,unknown,30,0,,0,30,100,,0',
      'lamp,Lamp,misc,Engineering,50,24,,10,16,32,16,60',
      'bread,Bread,food,unknown,2,0,,0,2,100,,0',
      'solar-panel,Solar Panel,energy,None,120.5,41,,80,-0.5,-0.4149377593360996,-0.3333333333333333,90',
      'mirror,Mirror,Misc,Engineering,40,,Argento; Mercurio,5,,,,30',
      '',
    ]);
    const narrowed = csv(await get('/api/v1/plan/profitability.csv?talent=Engineering&limit=1')).split('\r\n');
    expect(narrowed.slice(1)).toEqual(['lamp,Lamp,misc,Engineering,50,24,,10,16,32,16,60', '']);
  });

  it('is computed from the period\'s one read of the products and of the materials, shared with the other endpoints', async () => {
    const { get, calls } = ranked();
    for (const query of ['', '?sector=misc', '?talent=None&limit=3']) expect((await get(`/api/v1/plan/profitability${query}`)).status).toBe(200);
    expect((await get('/api/v1/plan/profitability.csv')).status).toBe(200);
    expect((await get('/api/v1/plan/suggestions?sbc=100&slots=1000&hours=1000')).status).toBe(200);
    expect((await get('/api/v1/products')).status).toBe(200);
    expect((await get('/api/v1/materials')).status).toBe(200);
    expect(calls).toEqual(['getAllProducts', 'getMaterials']);
  });

  it.each([
    ['?limit=0', 400, 'invalid_parameter', '?limit= must be a whole number from 1 to 10000, not "0"'],
    ['?limit=10001', 400, 'invalid_parameter', '?limit= must be a whole number from 1 to 10000, not "10001"'],
    ['?limit=all', 400, 'invalid_parameter', '?limit= must be a whole number from 1 to 10000, not "all"'],
    ['?sector=', 400, 'invalid_parameter', '?sector= must name a sector (1 to 100 characters)'],
    ['?sector=%20%20', 400, 'invalid_parameter', '?sector= must name a sector (1 to 100 characters)'],
    [`?sector=${'x'.repeat(101)}`, 400, 'invalid_parameter', '?sector= must name a sector (1 to 100 characters)'],
    ['?talent=', 400, 'invalid_parameter', '?talent= must name a talent (1 to 100 characters; "None" for the products that need none)'],
    [`?talent=${'t'.repeat(101)}`, 400, 'invalid_parameter', '?talent= must name a talent (1 to 100 characters; "None" for the products that need none)'],
    ['?sector=misc&sector=food', 400, 'invalid_parameter', '?sector= is given more than once'],
    ['?sectr=misc', 400, 'unknown_parameter', 'Unknown query parameter ?sectr=: this endpoint (profitability) takes ?sector=, ?talent=, ?sort=, ?dir=, ?limit= and ?cursor='],
    ['?sbc=100', 400, 'unknown_parameter', 'Unknown query parameter ?sbc=: this endpoint (profitability) takes ?sector=, ?talent=, ?sort=, ?dir=, ?limit= and ?cursor='],
  ])('%s is a %i %s that says what is wrong, before any read', async (query, status, code, message) => {
    const { get, calls } = ranked();
    const response = await get(`/api/v1/plan/profitability${query}`);
    expect([response.status, json(response)]).toEqual([status, { error: { code, message } }]);
    expect(calls).toEqual([]);
  });

  it.each([
    ['/api/v1/plan/profitability.xml', 400, 'unknown_format', 'Unknown format .xml: /api/v1/plan/profitability is JSON, or CSV with the .csv suffix'],
    ['/api/v1/plan/profitability.json?limit=1', 200, null, null],
    ['/api/v1/plan/profitability/', 200, null, null],
    ['/api/v1/plan/profitability/lamp', 404, 'not_found', 'No endpoint at "/api/v1/plan/profitability/lamp": the endpoints are listed in /api/v1/openapi.json'],
    ['/api/v1/plan/profit', 404, 'not_found', 'No endpoint at "/api/v1/plan/profit": the endpoints are listed in /api/v1/openapi.json'],
  ])('%s → %i %s', async (url, status, code, message) => {
    const { get } = ranked();
    const response = await get(url);
    expect(response.status).toBe(status);
    if (code) expect(json(response)).toEqual({ error: { code, message } });
    else expectSchema('ProfitabilityList', json(response));
  });

  describe('pages: ?limit= and ?cursor=, the next page in the Link header and meta.nextCursor, as the lists have', () => {
    // Two more rows, so that pages of 2 end inside ties: Lamp/lamp | Lamp/lamp-2 (same margin and name: the slug
    // decides) and Mirror/mirror | Mirror/mirror-2 (both margins unknown, null in the cursor).
    const PAGED = [
      ...RANKED,
      readProduct('misc_lamp_2', { slug: 'lamp-2', name: 'Lamp', category: 'misc', average_market_price: 50, production: { cost: 10, time: 60 }, requested_materials: { Silicio: 2 }, talent_required: 'Engineering' }),
      readProduct('misc_mirror_2', { slug: 'mirror-2', name: 'Mirror', category: 'misc', average_market_price: 40, production: { cost: 5, time: 30 }, requested_materials: { Argento: 1 }, talent_required: 'Engineering' }),
    ];
    const ORDER = ['battery', 'lamp', 'lamp-2', 'bread', 'solar-panel', 'mirror', 'mirror-2'];
    const walk = (get: Get, first: string) => walkPages(get, first, 'ProfitabilityList');

    it('walks the whole ranking 2 rows at a time by the Link header: exactly the unpaged ranking, meta.total the whole of it', async () => {
      const { get, calls } = ranked(PAGED);
      const whole = json(await get('/api/v1/plan/profitability'));
      expect(slugs(whole)).toEqual(ORDER);
      const pages = (await walk(get, '/api/v1/plan/profitability?limit=2')).map(json);
      expect(pages.map(slugs)).toEqual([['battery', 'lamp'], ['lamp-2', 'bread'], ['solar-panel', 'mirror'], ['mirror-2']]);
      expect(pages.flatMap((page) => page.data)).toEqual(whole.data);
      expect(pages.map((page) => page.meta.count)).toEqual([2, 2, 2, 1]);
      for (const page of pages) expect(page.meta).toMatchObject({ total: 7, sectors: whole.meta.sectors, talents: whole.meta.talents });
      expect(pages.at(-1).meta.nextCursor).toBeNull();
      // Every page is cut from the period's one read of each list.
      expect(calls).toEqual(['getAllProducts', 'getMaterials']);
    });

    it('walks it by meta.nextCursor too; the last page has nextCursor null and no Link, as has a page that holds the rest', async () => {
      const { get } = ranked(PAGED);
      const rows: string[] = [];
      let cursor: string | null = null;
      let last: Answer | undefined;
      for (let reads = 0; reads === 0 || cursor !== null; reads++) {
        if (reads > 10) throw new Error('the pages never end');
        last = await get(`/api/v1/plan/profitability?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`);
        const body = json(last);
        expectSchema('ProfitabilityList', body);
        rows.push(...slugs(body));
        cursor = body.meta.nextCursor;
      }
      expect(rows).toEqual(ORDER);
      expect(last!.headers.Link).toBeUndefined();
      for (const url of ['/api/v1/plan/profitability', '/api/v1/plan/profitability?limit=7', '/api/v1/plan/profitability?limit=10000']) {
        const response = await get(url);
        expect(response.headers.Link).toBeUndefined();
        expect(json(response).meta).toMatchObject({ count: 7, total: 7, nextCursor: null });
      }
    });

    it('keeps the filter on the next page: a sector or talent walk is that part of the ranking, meta.total its size', async () => {
      const { get } = ranked(PAGED);
      const first = await get('/api/v1/plan/profitability?talent=engineering&limit=1');
      expect(first.headers.Link).toMatch(/^<\/api\/v1\/plan\/profitability\?talent=engineering&limit=1&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
      const pages = (await walk(get, '/api/v1/plan/profitability?talent=engineering&limit=1')).map(json);
      expect(pages.map(slugs)).toEqual([['lamp'], ['lamp-2'], ['mirror'], ['mirror-2']]);
      expect(pages.map((page) => page.meta.total)).toEqual([4, 4, 4, 4]);
      const energy = (await walk(get, '/api/v1/plan/profitability?sector=ENERGY&limit=1')).map(json);
      expect(energy.map(slugs)).toEqual([['battery'], ['solar-panel']]);
      // A position means the same in every part of the ranking: the unfiltered walk's cursor after Lamp/lamp, given
      // with ?sector=misc, starts the sector's page after it.
      const cursor = json(await get('/api/v1/plan/profitability?limit=2')).meta.nextCursor;
      const misc = json(await get(`/api/v1/plan/profitability?sector=misc&cursor=${cursor}`));
      expectSchema('ProfitabilityList', misc);
      expect(slugs(misc)).toEqual(['lamp-2', 'mirror', 'mirror-2']);
      expect(misc.meta).toMatchObject({ count: 3, total: 4, nextCursor: null });
    });

    it('CSV pages too: the Link header keeps the format and the filter, and the pages\' rows are the whole table\'s', async () => {
      const { get } = ranked(PAGED);
      const first = await get('/api/v1/plan/profitability.csv?sector=misc&limit=1');
      expect(first.headers['Content-Type']).toBe('text/csv; charset=utf-8');
      expect(first.headers.Link).toMatch(/^<\/api\/v1\/plan\/profitability\.csv\?sector=misc&limit=1&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
      const lines = (response: Answer) => csv(response).split('\r\n').filter((line) => line !== '');
      const pages = (await walk(get, '/api/v1/plan/profitability.csv?sector=misc&limit=1')).map(lines);
      const whole = lines(await get('/api/v1/plan/profitability.csv?sector=misc'));
      expect(pages).toHaveLength(4);
      for (const page of pages) expect(page[0]).toBe(whole[0]); // each page has the header line
      expect(pages.flatMap((page) => page.slice(1))).toEqual(whole.slice(1));
      expect(pages.flatMap((page) => page.slice(1)).map((line) => line.split(',')[0])).toEqual(['lamp', 'lamp-2', 'mirror', 'mirror-2']);
      // The JSON walk's cursor serves the CSV (and the other way round): the same position.
      const cursor = json(await get('/api/v1/plan/profitability?limit=5')).meta.nextCursor;
      expect(lines(await get(`/api/v1/plan/profitability.csv?cursor=${cursor}`)).slice(1).map((line) => line.split(',')[0])).toEqual(['mirror', 'mirror-2']);
    });

    it('a cursor is its row\'s position: the same page all period; a row that is gone, or a margin that moved, still finds its place', async () => {
      const { encodeRankingCursor } = require('../src/open-data/request') as typeof import('../src/open-data/request');
      const { get } = ranked(PAGED);
      const cursor = json(await get('/api/v1/plan/profitability?limit=2')).meta.nextCursor;
      const once = await get(`/api/v1/plan/profitability?limit=2&cursor=${cursor}`);
      const again = await get(`/api/v1/plan/profitability?limit=2&cursor=${cursor}`);
      expect(again.body.equals(once.body)).toBe(true);
      expect(again.headers.ETag).toBe(once.headers.ETag);
      const after = async ({ margin, name, slug }: { margin: number | null; name: string; slug: string }) => {
        const body = json(await get(`/api/v1/plan/profitability?cursor=${encodeRankingCursor({ marginPerUnit: margin, name, slug })}`));
        expectSchema('ProfitabilityList', body);
        return body;
      };
      // No product 'Kettle' of margin 16: its place is after Lamp/lamp-2 (same margin, the name decides).
      expect(slugs(await after({ margin: 16, name: 'Kettle', slug: 'kettle' }))).toEqual(['lamp', 'lamp-2', 'bread', 'solar-panel', 'mirror', 'mirror-2']);
      expect(slugs(await after({ margin: 16, name: 'Lamp', slug: 'lamp-1' }))).toEqual(['lamp-2', 'bread', 'solar-panel', 'mirror', 'mirror-2']);
      // Lamp's margin was 20 when the cursor was given: the walk goes on after that margin, with Lamp itself.
      expect(slugs(await after({ margin: 20, name: 'Lamp', slug: 'lamp' }))).toEqual(['lamp', 'lamp-2', 'bread', 'solar-panel', 'mirror', 'mirror-2']);
      // An unknown margin is after every known one.
      expect(slugs(await after({ margin: null, name: 'Kettle', slug: 'kettle' }))).toEqual(['mirror', 'mirror-2']);
      expect(await after({ margin: null, name: 'Zzz', slug: 'zzz' })).toMatchObject({ data: [], meta: { count: 0, total: 7, nextCursor: null } });
      expect(slugs(await after({ margin: 1e9, name: '', slug: '' }))).toEqual(ORDER);
    });

    it.each([
      ['not base64url', '%2B%2B%2B'],
      ['not JSON', Buffer.from('hello').toString('base64url')],
      ['another version', Buffer.from('{"v":9,"k":"profitability","m":1,"n":"Lamp","s":"lamp"}').toString('base64url')],
      ['the products list\'s', Buffer.from('{"v":1,"n":"Lamp","i":"misc_lamp"}').toString('base64url')],
      ['a margin that is text', Buffer.from('{"v":1,"k":"profitability","m":"16","n":"Lamp","s":"lamp"}').toString('base64url')],
      ['a margin that is not finite', Buffer.from('{"v":1,"k":"profitability","m":1e999,"n":"Lamp","s":"lamp"}').toString('base64url')],
      ['no slug', Buffer.from('{"v":1,"k":"profitability","m":16,"n":"Lamp"}').toString('base64url')],
      ['another kind', Buffer.from('{"v":1,"k":"products","m":16,"n":"Lamp","s":"lamp"}').toString('base64url')],
      ['too long', 'a'.repeat(3000)],
      ['empty', ''],
    ])('a cursor the API did not give (%s) is the lists\' 400, before any read', async (name, cursor) => {
      const { get, calls } = ranked(PAGED);
      for (const path of ['/api/v1/plan/profitability', '/api/v1/plan/profitability.csv']) {
        const response = await get(`${path}?limit=2&cursor=${cursor}`);
        expect(response.status).toBe(400);
        const body = json(response);
        expectSchema('Error', body);
        expect(body.error.code).toBe('invalid_parameter');
        expect(body.error.message).toMatch(/^\?cursor= ".*" is not a cursor this API gave: take the next page's address from the Link header \(rel="next"\) or meta\.nextCursor$/);
        expect(response.body.length).toBeLessThan(400);
        if (name !== 'the products list\'s') expect(json(await get(`/api/v1/products?cursor=${cursor}`))).toEqual(body); // word for word the list's
      }
      expect(calls).toEqual([]);
    });

    it('a ranking\'s cursor is not a list\'s: /products refuses it with the same 400', async () => {
      const { get } = ranked(PAGED);
      const cursor = json(await get('/api/v1/plan/profitability?limit=2')).meta.nextCursor;
      const response = await get(`/api/v1/products?cursor=${cursor}`);
      expect(response.status).toBe(400);
      expect(json(response).error.code).toBe('invalid_parameter');
    });

    describe('?sort= and ?dir=: the rows in one column\'s order, paged by the same Link and meta.nextCursor', () => {
      // The columns of PAGED at the fixture's prices (ranking order): leadTime battery 0, lamp 60, lamp-2 60, bread 0,
      // solar-panel 90, mirror 30, mirror-2 30; marginPerHour null for battery, bread and both mirrors (no lead time, or
      // a material missing); materials null for both mirrors; sector 'Misc' and 'misc' the same text in any case.
      const SORTED: Array<[string, string[]]> = [
        ['sort=leadTime&dir=asc', ['battery', 'bread', 'mirror', 'mirror-2', 'lamp', 'lamp-2', 'solar-panel']],
        ['sort=leadTime&dir=desc', ['solar-panel', 'lamp', 'lamp-2', 'mirror', 'mirror-2', 'battery', 'bread']],
        ['sort=leadTime', ['battery', 'bread', 'mirror', 'mirror-2', 'lamp', 'lamp-2', 'solar-panel']],
        ['sort=marginPerHour&dir=asc', ['solar-panel', 'lamp', 'lamp-2', 'battery', 'bread', 'mirror', 'mirror-2']],
        ['sort=marginPerHour&dir=desc', ['lamp', 'lamp-2', 'solar-panel', 'battery', 'bread', 'mirror', 'mirror-2']],
        ['sort=materials&dir=asc', ['battery', 'bread', 'lamp', 'lamp-2', 'solar-panel', 'mirror', 'mirror-2']],
        ['sort=materials&dir=desc', ['solar-panel', 'lamp', 'lamp-2', 'battery', 'bread', 'mirror', 'mirror-2']],
        ['sort=marginPercent&dir=desc', ['battery', 'bread', 'lamp', 'lamp-2', 'solar-panel', 'mirror', 'mirror-2']],
        ['sort=price&dir=asc', ['bread', 'battery', 'mirror', 'mirror-2', 'lamp', 'lamp-2', 'solar-panel']],
        ['sort=production&dir=desc', ['solar-panel', 'lamp', 'lamp-2', 'mirror', 'mirror-2', 'battery', 'bread']],
        ['sort=margin&dir=asc', ['solar-panel', 'bread', 'lamp', 'lamp-2', 'battery', 'mirror', 'mirror-2']],
        ['sort=margin&dir=desc', ORDER],
        ['sort=name&dir=asc', ['battery', 'bread', 'lamp', 'lamp-2', 'mirror', 'mirror-2', 'solar-panel']],
        ['sort=name&dir=desc', ['solar-panel', 'mirror', 'mirror-2', 'lamp', 'lamp-2', 'bread', 'battery']],
        ['sort=sector&dir=asc', ['battery', 'solar-panel', 'bread', 'lamp', 'lamp-2', 'mirror', 'mirror-2']],
        ['sort=sector&dir=desc', ['lamp', 'lamp-2', 'mirror', 'mirror-2', 'bread', 'battery', 'solar-panel']],
        ['sort=talent&dir=asc', ['lamp', 'lamp-2', 'mirror', 'mirror-2', 'solar-panel', 'battery', 'bread']],
        ['sort=talent&dir=desc', ['battery', 'bread', 'solar-panel', 'lamp', 'lamp-2', 'mirror', 'mirror-2']],
      ];
      const sortOf = (query: string): ProfitabilitySort => {
        const params = new URLSearchParams(query);
        return { key: params.get('sort'), direction: params.get('dir') ?? 'asc' } as ProfitabilitySort;
      };

      it.each(SORTED)('?%s: the whole ranking sorted as the page sorts it (sortProfitability of the unpaged ranking)', async (query, expected) => {
        const { get, calls } = ranked(PAGED);
        const whole: ProfitabilityRow[] = json(await get('/api/v1/plan/profitability')).data;
        const response = await get(`/api/v1/plan/profitability?${query}`);
        expect(response.status).toBe(200);
        const body = json(response);
        expectSchema('ProfitabilityList', body);
        expect(slugs(body)).toEqual(expected);
        expect(body.data).toEqual(sortProfitability(whole, sortOf(query)));
        expect(body.meta).toMatchObject({ count: 7, total: 7, nextCursor: null });
        expect(calls).toEqual(['getAllProducts', 'getMaterials']); // sorting costs no read
      });

      it.each(SORTED)('?%s walked by the Link header 2 rows at a time, and by meta.nextCursor 3 at a time: exactly the unpaged sorted rows', async (query, expected) => {
        const { get } = ranked(PAGED);
        const whole = json(await get(`/api/v1/plan/profitability?${query}`));
        const pages = (await walk(get, `/api/v1/plan/profitability?${query}&limit=2`)).map(json);
        expect(pages.map((page) => page.meta.count)).toEqual([2, 2, 2, 1]);
        expect(pages.flatMap((page) => page.data)).toEqual(whole.data);
        expect(pages.flatMap(slugs)).toEqual(expected);
        const rows: string[] = [];
        let cursor: string | null = null;
        for (let reads = 0; reads === 0 || cursor !== null; reads++) {
          if (reads > 10) throw new Error('the pages never end');
          const body = json(await get(`/api/v1/plan/profitability?${query}&limit=3${cursor === null ? '' : `&cursor=${cursor}`}`));
          expectSchema('ProfitabilityList', body);
          rows.push(...slugs(body));
          cursor = body.meta.nextCursor;
        }
        expect(rows).toEqual(expected);
      });

      it('the Link header keeps ?sort= and ?dir= (and the filter); ?sort= alone is ascending, its cursor that of ?dir=asc', async () => {
        const { get } = ranked(PAGED);
        const first = await get('/api/v1/plan/profitability?sort=leadTime&dir=desc&limit=2');
        expect(first.headers.Link).toMatch(/^<\/api\/v1\/plan\/profitability\?sort=leadTime&dir=desc&limit=2&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
        const filtered = await get('/api/v1/plan/profitability.csv?talent=engineering&sort=name&limit=1');
        expect(filtered.headers.Link).toMatch(/^<\/api\/v1\/plan\/profitability\.csv\?talent=engineering&sort=name&limit=1&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
        const implicit = await get('/api/v1/plan/profitability?sort=leadTime&limit=2');
        const explicit = await get('/api/v1/plan/profitability?sort=leadTime&dir=asc&limit=2');
        expect(implicit.body.equals(explicit.body)).toBe(true);
        const cursor = json(implicit).meta.nextCursor;
        expect(slugs(json(await get(`/api/v1/plan/profitability?sort=leadTime&dir=asc&cursor=${cursor}`)))).toEqual(['mirror', 'mirror-2', 'lamp', 'lamp-2', 'solar-panel']);
      });

      it.each([
        // filter and sort → each page's rows (pages of 1), meta.total
        ['sector=misc&sort=leadTime&dir=desc', [['lamp'], ['lamp-2'], ['mirror'], ['mirror-2']], 4],
        ['sector=MISC&sort=materials&dir=desc', [['lamp'], ['lamp-2'], ['mirror'], ['mirror-2']], 4],
        ['sector=energy&sort=price&dir=asc', [['battery'], ['solar-panel']], 2],
        ['talent=unknown&sort=name&dir=desc', [['bread'], ['battery']], 2],
        ['talent=engineering&sort=marginPerHour&dir=asc', [['lamp'], ['lamp-2'], ['mirror'], ['mirror-2']], 4],
        ['sector=food&talent=engineering&sort=name', [[]], 0],
      ])('?%s: the filter\'s part of the ranking, sorted and paged', async (query, expected, total) => {
        const { get } = ranked(PAGED);
        const pages = (await walk(get, `/api/v1/plan/profitability?${query}&limit=1`)).map(json);
        expect(pages.map(slugs)).toEqual(expected);
        for (const page of pages) expect(page.meta.total).toBe(total);
      });

      it('CSV pages are sorted too: a walk\'s rows are the sorted table\'s, and a JSON walk\'s cursor serves the CSV of the same sort', async () => {
        const { get } = ranked(PAGED);
        const lines = (response: Answer) => csv(response).split('\r\n').filter((line) => line !== '');
        const whole = lines(await get('/api/v1/plan/profitability.csv?sort=marginPerHour&dir=desc'));
        expect(whole.slice(1).map((line) => line.split(',')[0])).toEqual(['lamp', 'lamp-2', 'solar-panel', 'battery', 'bread', 'mirror', 'mirror-2']);
        const pages = (await walk(get, '/api/v1/plan/profitability.csv?sort=marginPerHour&dir=desc&limit=2')).map(lines);
        expect(pages).toHaveLength(4);
        for (const page of pages) expect(page[0]).toBe(whole[0]);
        expect(pages.flatMap((page) => page.slice(1))).toEqual(whole.slice(1));
        const cursor = json(await get('/api/v1/plan/profitability?sort=marginPerHour&dir=desc&limit=4')).meta.nextCursor;
        expect(lines(await get(`/api/v1/plan/profitability.csv?sort=marginPerHour&dir=desc&cursor=${cursor}`)).slice(1).map((line) => line.split(',')[0])).toEqual(['bread', 'mirror', 'mirror-2']);
      });

      it('a sorted cursor is its row\'s place in that order: a row that is gone, or a value that moved, still finds it', async () => {
        const { encodeRankingCursor } = require('../src/open-data/request') as typeof import('../src/open-data/request');
        const { get } = ranked(PAGED);
        const after = async (sort: ProfitabilitySort, value: string | number | null, margin: number | null, name: string, slug: string) => {
          const cursor = encodeRankingCursor({ marginPerUnit: margin, name, slug, sortValue: value }, sort);
          const body = json(await get(`/api/v1/plan/profitability?sort=${sort.key}&dir=${sort.direction}&cursor=${cursor}`));
          expectSchema('ProfitabilityList', body);
          return slugs(body);
        };
        const leadTimeAsc: ProfitabilitySort = { key: 'leadTime', direction: 'asc' };
        // No 'Kettle' of lead time 30 and margin 1: after the rows of a shorter lead time, before Mirror (unknown margin, last of its lead time).
        expect(await after(leadTimeAsc, 30, 1, 'Kettle', 'kettle')).toEqual(['mirror', 'mirror-2', 'lamp', 'lamp-2', 'solar-panel']);
        // Lamp's lead time was 45 when the cursor was given: the walk goes on after 45, with Lamp itself.
        expect(await after(leadTimeAsc, 45, 16, 'Lamp', 'lamp')).toEqual(['lamp', 'lamp-2', 'solar-panel']);
        expect(await after({ key: 'leadTime', direction: 'desc' }, 60, 16, 'Lamp', 'lamp')).toEqual(['lamp-2', 'mirror', 'mirror-2', 'battery', 'bread']);
        // An unknown value is after every known one, in both directions; among the unknown, the ranking's own order.
        expect(await after({ key: 'marginPerHour', direction: 'asc' }, null, 2, 'Bread', 'bread')).toEqual(['mirror', 'mirror-2']);
        expect(await after({ key: 'marginPerHour', direction: 'desc' }, null, 2, 'Bread', 'bread')).toEqual(['mirror', 'mirror-2']);
        expect(await after({ key: 'marginPerHour', direction: 'desc' }, -1000, 1e9, '', '')).toEqual(['battery', 'bread', 'mirror', 'mirror-2']);
        // Text in any letter case: 'MISC' is the place of 'misc' and 'Misc', the ranking's order after it.
        expect(await after({ key: 'sector', direction: 'asc' }, 'MISC', 16, 'Lamp', 'lamp')).toEqual(['lamp-2', 'mirror', 'mirror-2']);
      });

      it.each([
        ['another column', 'sort=leadTime&dir=asc&limit=2', 'sort=marginPerHour&dir=asc'],
        ['another direction', 'sort=leadTime&dir=asc&limit=2', 'sort=leadTime&dir=desc'],
        ['no sort', 'sort=leadTime&dir=asc&limit=2', 'limit=2'],
        ['no sort, from ?sort=margin&dir=desc (the same rows)', 'sort=margin&dir=desc&limit=2', 'limit=2'],
        ['a sort, from the ranking\'s own order', 'limit=2', 'sort=margin&dir=desc'],
      ])('a cursor given with %s is the 400 of a cursor the API did not give, before any read', async (_name, given, used) => {
        const cursor = json(await ranked(PAGED).get(`/api/v1/plan/profitability?${given}`)).meta.nextCursor;
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        const { get, calls } = ranked(PAGED);
        for (const path of ['/api/v1/plan/profitability', '/api/v1/plan/profitability.csv']) {
          const response = await get(`${path}?${used}&cursor=${cursor}`);
          expect([response.status, json(response)]).toEqual([
            400,
            { error: { code: 'invalid_parameter', message: `?cursor= "${cursor.slice(0, 40)}…" is not a cursor this API gave: take the next page's address from the Link header (rel="next") or meta.nextCursor` } },
          ]);
        }
        expect(calls).toEqual([]);
      });

      it.each([
        ['?sort=lead', '?sort= must be one of name, sector, talent, price, materials, production, margin, marginPercent, marginPerHour, leadTime, not "lead"'],
        ['?sort=leadTime&dir=up', '?dir= must be one of asc, desc, not "up"'],
        ['?dir=desc', '?dir= needs ?sort=, the column to sort by (name, sector, talent, price, materials, production, margin, marginPercent, marginPerHour, leadTime): without it the ranking is in its own order'],
      ])('%s is a 400 invalid_parameter that says what is wrong, before any read', async (query, message) => {
        const { get, calls } = ranked(PAGED);
        for (const path of ['/api/v1/plan/profitability', '/api/v1/plan/profitability.csv']) {
          const response = await get(`${path}${query}`);
          expect([response.status, json(response)]).toEqual([400, { error: { code: 'invalid_parameter', message } }]);
        }
        expect(calls).toEqual([]);
      });
    });
  });
});
