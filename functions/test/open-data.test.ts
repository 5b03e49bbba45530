/**
 * The open data API's handler with fake reads: what each endpoint answers in JSON and CSV (checked against the
 * published OpenAPI document), validators, CORS, the rate limit, the errors, and the reads it costs per period.
 */
import { readMaterial, readMarketStatRow, readProduct, type GameStats, type Material, type MarketStatRow, type Product } from '@sbc/domain';
import { createOpenDataHandler, type OpenDataReads } from '../src/open-data/handler';
import { createOpenData } from '../src/open-data';
import { PeriodCache } from '../src/open-data/period-cache';
import { productHistory } from '../src/open-data/representations';
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
      expect(response.headers['Access-Control-Expose-Headers']).toBe('ETag, Retry-After');
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
