/** The open data API's pure parts: the table of paths and parameters, and the validators. */
import { ApiError } from '../src/open-data/errors';
import { etagOf, matchesIfNoneMatch, preflightHeaders } from '../src/open-data/http';
import { encodeCursor, encodeRankingCursor, parseCursor, parseRankingCursor, parseRoute, quote } from '../src/open-data/request';
import { describeRateLimit, parseRateLimit } from '../src/rate-limit';
import { DEFAULT_OPEN_DATA_RATE_LIMIT } from '../src/open-data';
import { clientKey } from '../src/client-key';

const route = (url: string) => {
  const { pathname, search } = new URL(url, 'http://x.invalid');
  return parseRoute(pathname, search);
};

const failure = (url: string) => {
  try {
    route(url);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`${url} was accepted`);
};

describe('parseRoute: the endpoints and their formats', () => {
  it.each([
    ['/api/v1/products', { kind: 'products', format: 'json', sector: null, page: { limit: null, after: null }, slugs: null }],
    ['/api/v1/products/', { kind: 'products', format: 'json', sector: null, page: { limit: null, after: null }, slugs: null }],
    ['/api/v1/products.json', { kind: 'products', format: 'json', sector: null, page: { limit: null, after: null }, slugs: null }],
    ['/api/v1/products.csv?sector=energy&limit=5', { kind: 'products', format: 'csv', sector: 'energy', page: { limit: 5, after: null }, slugs: null }],
    ['/api/v1/products?sector=%20Energy%20', { kind: 'products', format: 'json', sector: 'Energy', page: { limit: null, after: null }, slugs: null }],
    ['/api/v1/products?limit=10000', { kind: 'products', format: 'json', sector: null, page: { limit: 10000, after: null }, slugs: null }],
    ['/api/v1/products/solar-panel', { kind: 'product', format: 'json', slug: 'solar-panel', range: 'all' }],
    ['/api/v1/products/solar-panel.csv?range=7', { kind: 'product', format: 'csv', slug: 'solar-panel', range: '7' }],
    ['/api/v1/products/Solar%20Panel?range=30', { kind: 'product', format: 'json', slug: 'Solar Panel', range: '30' }],
    ['/api/v1/products/solar.xml', { kind: 'product', format: 'json', slug: 'solar.xml', range: 'all' }],
    ['/api/v1/sectors', { kind: 'sectors', format: 'json' }],
    ['/api/v1/sectors.csv', { kind: 'sectors', format: 'csv' }],
    ['/api/v1/materials', { kind: 'materials', format: 'json', page: { limit: null, after: null }, names: null }],
    ['/api/v1/materials.csv', { kind: 'materials', format: 'csv', page: { limit: null, after: null }, names: null }],
    ['/api/v1/materials/Acciaio%20inox.csv', { kind: 'material', format: 'csv', name: 'Acciaio inox' }],
    ['/api/v1/stats', { kind: 'stats', format: 'json' }],
    ['/api/v1/stats.csv', { kind: 'stats', format: 'csv' }],
    ['/api/v1/openapi.json', { kind: 'openapi' }],
    ['/api/v1/products?slugs=a,%20b,,a', { kind: 'products', format: 'json', sector: null, page: { limit: null, after: null }, slugs: ['a', 'b'] }],
    ['/api/v1/materials.csv?names=Copper', { kind: 'materials', format: 'csv', page: { limit: null, after: null }, names: ['Copper'] }],
    [
      '/api/v1/history?products=solar-panel&materials=Copper&from=2026-11-20&to=2026-11-27T09:30:00Z&interval=day',
      {
        kind: 'history',
        format: 'json',
        query: { products: ['solar-panel'], materials: ['Copper'], from: Date.parse('2026-11-20T00:00:00Z'), to: Date.parse('2026-11-27T09:30:00Z'), interval: 'day' },
      },
    ],
    ['/api/v1/history.csv?materials=Copper', { kind: 'history', format: 'csv', query: { products: [], materials: ['Copper'], from: null, to: null, interval: null } }],
    ['/api/v1/movers', { kind: 'movers', format: 'json', window: 'period', sector: null }],
    ['/api/v1/movers.csv?window=week&sector=energy', { kind: 'movers', format: 'csv', window: 'week', sector: 'energy' }],
    ['/api/v1/plan/profitability', { kind: 'profitability', format: 'json', filter: {}, page: { limit: undefined, after: null } }],
    ['/api/v1/plan/profitability.json?limit=20', { kind: 'profitability', format: 'json', filter: {}, page: { limit: 20, after: null } }],
    ['/api/v1/plan/profitability.csv?sector=%20Energy%20&talent=None', { kind: 'profitability', format: 'csv', filter: { sector: 'Energy', talent: 'None' }, page: { limit: undefined, after: null } }],
    ['/api/v1/plan/profitability/?talent=Engineering&limit=10000', { kind: 'profitability', format: 'json', filter: { talent: 'Engineering' }, page: { limit: 10000, after: null } }],
    [
      `/api/v1/plan/profitability.csv?sector=misc&limit=2&cursor=${encodeRankingCursor({ margin: -0.5, name: 'Solar Panel', slug: 'solar-panel' })}`,
      { kind: 'profitability', format: 'csv', filter: { sector: 'misc' }, page: { limit: 2, after: { margin: -0.5, name: 'Solar Panel', slug: 'solar-panel' } } },
    ],
    [
      `/api/v1/plan/profitability?cursor=${encodeRankingCursor({ margin: null, name: 'Mirror', slug: 'mirror' })}`,
      { kind: 'profitability', format: 'json', filter: {}, page: { limit: undefined, after: { margin: null, name: 'Mirror', slug: 'mirror' } } },
    ],
  ])('%s', (url, expected) => {
    expect(route(url)).toEqual(expected);
  });
});

describe('parseRoute: the errors (status, code)', () => {
  it.each([
    ['/api', 404, 'not_found'],
    ['/api/v1', 404, 'not_found'],
    ['/api/v2/products', 404, 'not_found'],
    ['/api/v1/users', 404, 'not_found'],
    ['/api/v1/productAudit', 404, 'not_found'],
    ['/api/v1/watchlists.csv', 404, 'not_found'],
    ['/api/v1/products/a/b', 404, 'not_found'],
    ['/api/v1/sectors/energy', 404, 'not_found'],
    ['/api/v1/openapi.csv', 404, 'not_found'],
    ['/api/v1/products.xml', 400, 'unknown_format'],
    ['/api/v1/stats.yaml', 400, 'unknown_format'],
    ['/api/v1/products?format=csv', 400, 'unknown_parameter'],
    ['/api/v1/products?sectr=energy', 400, 'unknown_parameter'],
    ['/api/v1/sectors?limit=3', 400, 'unknown_parameter'],
    ['/api/v1/products/solar?limit=3', 400, 'unknown_parameter'],
    ['/api/v1/products?limit=0', 400, 'invalid_parameter'],
    ['/api/v1/products?limit=-1', 400, 'invalid_parameter'],
    ['/api/v1/products?limit=1.5', 400, 'invalid_parameter'],
    ['/api/v1/products?limit=10001', 400, 'invalid_parameter'],
    ['/api/v1/products?limit=1e3', 400, 'invalid_parameter'],
    ['/api/v1/products?limit=', 400, 'invalid_parameter'],
    ['/api/v1/products?limit=99999999999999999999', 400, 'invalid_parameter'],
    ['/api/v1/products?limit=5&limit=6', 400, 'invalid_parameter'],
    ['/api/v1/products?sector=', 400, 'invalid_parameter'],
    [`/api/v1/products?sector=${'x'.repeat(101)}`, 400, 'invalid_parameter'],
    ['/api/v1/products/solar?range=90', 400, 'invalid_parameter'],
    ['/api/v1/products/solar?range=ALL', 400, 'invalid_parameter'],
    ['/api/v1/products/%E0%A4%A', 400, 'invalid_path'],
    ['/api/v1/products?slugs=', 400, 'invalid_parameter'],
    ['/api/v1/products?slugs=,,', 400, 'invalid_parameter'],
    [`/api/v1/products?slugs=${Array.from({ length: 101 }, (_, i) => `p${i}`).join(',')}`, 400, 'invalid_parameter'],
    ['/api/v1/materials?slugs=Copper', 400, 'unknown_parameter'],
    ['/api/v1/history', 400, 'invalid_parameter'],
    ['/api/v1/history?products=a&from=yesterday', 400, 'invalid_parameter'],
    ['/api/v1/history?products=a&from=2026-11-27&to=2026-11-20', 400, 'invalid_parameter'],
    ['/api/v1/history?products=a&interval=hour', 400, 'invalid_parameter'],
    [`/api/v1/history?products=${Array.from({ length: 60 }, (_, i) => `p${i}`).join(',')}&materials=${Array.from({ length: 41 }, (_, i) => `m${i}`).join(',')}`, 400, 'invalid_parameter'],
    ['/api/v1/movers?window=month', 400, 'invalid_parameter'],
    ['/api/v1/movers.xml', 400, 'unknown_format'],
    ['/api/v1/plan/profitability.xml', 400, 'unknown_format'],
    ['/api/v1/plan/profitability.csv.xml', 404, 'not_found'],
    ['/api/v1/plan/profitability/energy', 404, 'not_found'],
    ['/api/v1/plan/profitability?sectr=energy', 400, 'unknown_parameter'],
    ['/api/v1/plan/profitability?cursor=abc', 400, 'invalid_parameter'],
    ['/api/v1/plan/profitability?cursor=', 400, 'invalid_parameter'],
    ['/api/v1/plan/profitability?limit=0', 400, 'invalid_parameter'],
    ['/api/v1/plan/profitability?limit=10001', 400, 'invalid_parameter'],
    ['/api/v1/plan/profitability?limit=', 400, 'invalid_parameter'],
    ['/api/v1/plan/profitability?sector=', 400, 'invalid_parameter'],
    [`/api/v1/plan/profitability?sector=${'x'.repeat(101)}`, 400, 'invalid_parameter'],
    ['/api/v1/plan/profitability?talent=%20', 400, 'invalid_parameter'],
    [`/api/v1/plan/profitability?talent=${'x'.repeat(101)}`, 400, 'invalid_parameter'],
    ['/api/v1/plan/profitability?talent=a&talent=b', 400, 'invalid_parameter'],
  ])('%s → %i %s', (url, status, code) => {
    expect(failure(url)).toMatchObject({ status, code });
  });

  it('says what is wrong and what is allowed', () => {
    expect(failure('/api/v1/products?limit=0').message).toBe('?limit= must be a whole number from 1 to 10000, not "0"');
    expect(failure('/api/v1/products?sectr=energy').message).toBe(
      'Unknown query parameter ?sectr=: this endpoint (products) takes ?sector=, ?limit=, ?cursor= and ?slugs=',
    );
    expect(failure('/api/v1/products.xml').message).toBe('Unknown format .xml: /api/v1/products is JSON, or CSV with the .csv suffix');
    expect(failure('/api/v1/products/solar?range=90').message).toBe('?range= must be one of 7, 14, 30, all (days of history, or all), not "90"');
    expect(failure('/api/v1/users').message).toBe('No endpoint at "/api/v1/users": the endpoints are listed in /api/v1/openapi.json');
    expect(failure('/api/v1/plan/profitability?sectr=energy').message).toBe(
      'Unknown query parameter ?sectr=: this endpoint (profitability) takes ?sector=, ?talent=, ?limit= and ?cursor=',
    );
    expect(failure('/api/v1/plan/profitability.xlsx').message).toBe('Unknown format .xlsx: /api/v1/plan/profitability is JSON, or CSV with the .csv suffix');
    expect(failure('/api/v1/plan/profitability?sector=').message).toBe('?sector= must name a sector (1 to 100 characters)');
    expect(failure(`/api/v1/plan/profitability?talent=${'x'.repeat(101)}`).message).toBe('?talent= must name a talent (1 to 100 characters; "None" for the products that need none)');
  });
});

describe('the cursors: opaque, versioned base64url JSON, a list\'s and the ranking\'s each refused by the other', () => {
  it.each([
    { margin: 16, name: 'Lamp', slug: 'lamp' },
    { margin: -0.4149377593360996, name: '=Battery, "AA"', slug: 'battery' },
    { margin: null, name: 'Specchio ünicode ✓', slug: 'specchio' },
    { margin: 0, name: '', slug: '' },
  ])('the ranking\'s cursor gives back its row\'s position exactly: %o', (key) => {
    const cursor = encodeRankingCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseRankingCursor(cursor)).toEqual(key);
    expect(() => parseCursor(cursor)).toThrow(ApiError);
  });

  it('a list\'s cursor is not the ranking\'s; both give the same message for what the API did not give', () => {
    const listCursor = encodeCursor({ name: 'Lamp', id: 'misc_lamp' });
    expect(parseCursor(listCursor)).toEqual({ name: 'Lamp', id: 'misc_lamp' });
    expect(() => parseRankingCursor(listCursor)).toThrow(ApiError);
    for (const bad of ['', 'abc', '%%%', listCursor]) {
      const message = `?cursor= ${quote(bad)} is not a cursor this API gave: take the next page's address from the Link header (rel="next") or meta.nextCursor`;
      expect(() => parseRankingCursor(bad)).toThrow(message);
      if (bad !== listCursor) expect(() => parseCursor(bad)).toThrow(message);
    }
    expect(parseRankingCursor(undefined)).toBeNull();
    expect(failure(`/api/v1/plan/profitability?cursor=${listCursor}`)).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(failure(`/api/v1/products?cursor=${encodeRankingCursor({ margin: 1, name: 'Lamp', slug: 'lamp' })}`)).toMatchObject({ status: 400, code: 'invalid_parameter' });
  });
});

describe('ETag and If-None-Match', () => {
  it('the same bytes give the same strong validator, other bytes another', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf(Buffer.from('{"a":1}')));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(etagOf('x')).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"other", "abc"', true],
    ['"other"', false],
    ['*', true],
    ['abc', false],
  ])('If-None-Match %p against "abc" → %p', (header, expected) => {
    expect(matchesIfNoneMatch(header, '"abc"')).toBe(expected);
  });
});

describe('CORS preflight', () => {
  it('allows GET and HEAD from any origin with the headers the page asks for', () => {
    expect(preflightHeaders('if-none-match, x-custom')).toEqual({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'ETag, Retry-After, Link, RateLimit, RateLimit-Policy',
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': 'if-none-match, x-custom',
      'Access-Control-Max-Age': '86400',
    });
    expect(preflightHeaders(undefined)['Access-Control-Allow-Headers']).toBe('If-None-Match');
  });
});

describe('the rate limit setting and the client', () => {
  it('OPEN_DATA_RATE_LIMIT "count/seconds", else 120 per 60 s', () => {
    expect(DEFAULT_OPEN_DATA_RATE_LIMIT).toEqual({ limit: 120, windowSeconds: 60 });
    expect(parseRateLimit('30/10', DEFAULT_OPEN_DATA_RATE_LIMIT)).toEqual({ limit: 30, windowSeconds: 10 });
    expect(parseRateLimit('lots', DEFAULT_OPEN_DATA_RATE_LIMIT)).toEqual(DEFAULT_OPEN_DATA_RATE_LIMIT);
    expect(parseRateLimit(undefined, DEFAULT_OPEN_DATA_RATE_LIMIT)).toEqual(DEFAULT_OPEN_DATA_RATE_LIMIT);
    expect(describeRateLimit(DEFAULT_OPEN_DATA_RATE_LIMIT)).toBe('120 requests per 60 s');
  });

  it("is the last X-Forwarded-For entry (the one Google's front end appends), else the socket address", () => {
    expect(clientKey('1.1.1.1, 2.2.2.2', '9.9.9.9')).toBe('2.2.2.2');
    expect(clientKey(['1.1.1.1', '3.3.3.3'], '9.9.9.9')).toBe('3.3.3.3');
    expect(clientKey(undefined, '9.9.9.9')).toBe('9.9.9.9');
    expect(clientKey(' , ', undefined)).toBe('unknown');
  });
});
