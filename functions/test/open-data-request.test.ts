/** The open data API's pure parts: the table of paths and parameters, and the validators. */
import { ApiError } from '../src/open-data/errors';
import { etagOf, matchesIfNoneMatch, preflightHeaders } from '../src/open-data/http';
import {
  encodeCursor,
  encodeRankingCursor,
  encodeSuggestionsCursor,
  parseCursor,
  parseRankingCursor,
  parseRoute,
  parseSuggestionsCursor,
  quote,
} from '../src/open-data/request';
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
      `/api/v1/plan/profitability.csv?sector=misc&limit=2&cursor=${encodeRankingCursor({ marginPerUnit: -0.5, name: 'Solar Panel', slug: 'solar-panel' })}`,
      { kind: 'profitability', format: 'csv', filter: { sector: 'misc' }, page: { limit: 2, after: { marginPerUnit: -0.5, name: 'Solar Panel', slug: 'solar-panel' } } },
    ],
    [
      `/api/v1/plan/profitability?cursor=${encodeRankingCursor({ marginPerUnit: null, name: 'Mirror', slug: 'mirror' })}`,
      { kind: 'profitability', format: 'json', filter: {}, page: { limit: undefined, after: { marginPerUnit: null, name: 'Mirror', slug: 'mirror' } } },
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
      'Unknown query parameter ?sectr=: this endpoint (profitability) takes ?sector=, ?talent=, ?sort=, ?dir=, ?limit= and ?cursor=',
    );
    expect(failure('/api/v1/plan/profitability.xlsx').message).toBe('Unknown format .xlsx: /api/v1/plan/profitability is JSON, or CSV with the .csv suffix');
    expect(failure('/api/v1/plan/profitability?sector=').message).toBe('?sector= must name a sector (1 to 100 characters)');
    expect(failure(`/api/v1/plan/profitability?talent=${'x'.repeat(101)}`).message).toBe('?talent= must name a talent (1 to 100 characters; "None" for the products that need none)');
  });
});

describe('the cursors: opaque, versioned base64url JSON, a list\'s and the ranking\'s each refused by the other', () => {
  it.each([
    { marginPerUnit: 16, name: 'Lamp', slug: 'lamp' },
    { marginPerUnit: -0.4149377593360996, name: '=Battery, "AA"', slug: 'battery' },
    { marginPerUnit: null, name: 'Specchio ünicode ✓', slug: 'specchio' },
    { marginPerUnit: 0, name: '', slug: '' },
  ])('the ranking\'s cursor gives back its row\'s position exactly: %o', (position) => {
    const cursor = encodeRankingCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseRankingCursor(cursor)).toEqual(position);
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
    expect(failure(`/api/v1/products?cursor=${encodeRankingCursor({ marginPerUnit: 1, name: 'Lamp', slug: 'lamp' })}`)).toMatchObject({ status: 400, code: 'invalid_parameter' });
  });
});

describe('the suggestions\' cursor: keyset (margin, name, slug), tied to its budget, refused by the lists and the ranking', () => {
  const BUDGET = { sbc: 100, slots: 1000, hours: 1000 };
  const LAMP = { margin: 32, name: 'Lamp', slug: 'lamp', budget: BUDGET };
  const message = (cursor: string) => `?cursor= ${quote(cursor)} is not a cursor this API gave: take the next page's address from the Link header (rel="next") or meta.nextCursor`;
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    LAMP,
    { margin: 0.30000000000000004, name: '=Battery, "AA"', slug: 'battery', budget: { sbc: 2.5, slots: 0.1, hours: 1e6 } },
    { margin: 1e-9, name: 'Specchio ünicode ✓', slug: 'specchio', budget: BUDGET },
  ])('gives back its row\'s position and budget exactly: %o', (key) => {
    const cursor = encodeSuggestionsCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseSuggestionsCursor(cursor, key.budget)).toEqual(key);
  });

  it('is base64url JSON {v, k: "suggestions", b: [sbc, slots, hours], m, n, s}', () => {
    expect(JSON.parse(Buffer.from(encodeSuggestionsCursor(LAMP), 'base64url').toString('utf8'))).toEqual({ v: 1, k: 'suggestions', b: [100, 1000, 1000], m: 32, n: 'Lamp', s: 'lamp' });
    expect(parseSuggestionsCursor(undefined, BUDGET)).toBeNull();
  });

  it.each([
    // name, cursor (each refused for BUDGET with the lists' words)
    ['malformed: not base64url', '%%%'],
    ['malformed: not JSON', Buffer.from('hello').toString('base64url')],
    ['malformed: empty', ''],
    ['another version', b64({ v: 2, k: 'suggestions', b: [100, 1000, 1000], m: 32, n: 'Lamp', s: 'lamp' })],
    ['another kind: the products list\'s', encodeCursor({ name: 'Lamp', id: 'misc_lamp' })],
    ['another kind: the ranking\'s', encodeRankingCursor({ marginPerUnit: 32, name: 'Lamp', slug: 'lamp' })],
    ['another kind: k "profitability" with a budget', b64({ v: 1, k: 'profitability', b: [100, 1000, 1000], m: 32, n: 'Lamp', s: 'lamp' })],
    ['another budget: sbc', encodeSuggestionsCursor({ ...LAMP, budget: { ...BUDGET, sbc: 101 } })],
    ['another budget: slots', encodeSuggestionsCursor({ ...LAMP, budget: { ...BUDGET, slots: 999 } })],
    ['another budget: hours', encodeSuggestionsCursor({ ...LAMP, budget: { ...BUDGET, hours: 2.5 } })],
    ['no budget', b64({ v: 1, k: 'suggestions', m: 32, n: 'Lamp', s: 'lamp' })],
    ['a budget of text', b64({ v: 1, k: 'suggestions', b: ['100', '1000', '1000'], m: 32, n: 'Lamp', s: 'lamp' })],
    ['a margin of text', b64({ v: 1, k: 'suggestions', b: [100, 1000, 1000], m: '32', n: 'Lamp', s: 'lamp' })],
    ['a margin null', b64({ v: 1, k: 'suggestions', b: [100, 1000, 1000], m: null, n: 'Lamp', s: 'lamp' })],
    ['no slug', b64({ v: 1, k: 'suggestions', b: [100, 1000, 1000], m: 32, n: 'Lamp' })],
  ])('%s is the 400 of a cursor the API did not give', (_name, cursor) => {
    expect(() => parseSuggestionsCursor(cursor, BUDGET)).toThrow(message(cursor));
    expect(failure(`/api/v1/plan/suggestions?sbc=100&slots=1000&hours=1000&cursor=${cursor}`)).toEqual({ status: 400, code: 'invalid_parameter', message: message(cursor) });
  });

  it('is refused by the lists and the ranking with the same words', () => {
    const cursor = encodeSuggestionsCursor(LAMP);
    for (const url of ['/api/v1/products', '/api/v1/materials', '/api/v1/plan/profitability']) {
      expect(failure(`${url}?cursor=${cursor}`)).toEqual({ status: 400, code: 'invalid_parameter', message: message(cursor) });
    }
  });

  it.each([
    ['/api/v1/plan/suggestions?sbc=100&slots=1000&hours=1000', { kind: 'suggestions', format: 'json', budget: BUDGET, limit: 20, after: null }],
    ['/api/v1/plan/suggestions.csv?sbc=100&slots=1000&hours=1000&limit=1', { kind: 'suggestions', format: 'csv', budget: BUDGET, limit: 1, after: null }],
    [`/api/v1/plan/suggestions?sbc=100&slots=1000&hours=1000&cursor=${encodeSuggestionsCursor(LAMP)}`, { kind: 'suggestions', format: 'json', budget: BUDGET, limit: 20, after: LAMP }],
    // The budget as parsed: 100.0 and 1000.00 are the cursor's 100 and 1000.
    [`/api/v1/plan/suggestions.csv?sbc=100.0&slots=1000.00&hours=1000&limit=2&cursor=${encodeSuggestionsCursor(LAMP)}`, { kind: 'suggestions', format: 'csv', budget: BUDGET, limit: 2, after: LAMP }],
  ])('%s', (url, expected) => {
    expect(route(url)).toEqual(expected);
  });

  it('names ?cursor= among the parameters it takes', () => {
    expect(failure('/api/v1/plan/suggestions?sbc=1&slots=1&hours=1&page=2').message).toBe(
      'Unknown query parameter ?page=: this endpoint (suggestions) takes ?sbc=, ?slots=, ?hours=, ?limit= and ?cursor=',
    );
  });
});

describe('the ranking\'s ?sort= and ?dir=: one column\'s order, asc by default, its cursors tied to it', () => {
  const LAMP = { marginPerUnit: 16, name: 'Lamp', slug: 'lamp' };

  it.each([
    // query → the route's sort (undefined: the ranking's own order)
    ['', undefined],
    ['sort=leadTime&dir=asc', { key: 'leadTime', direction: 'asc' }],
    ['sort=leadTime&dir=desc', { key: 'leadTime', direction: 'desc' }],
    ['sort=leadTime', { key: 'leadTime', direction: 'asc' }],
    ['sort=name', { key: 'name', direction: 'asc' }],
    ['dir=desc&sort=talent', { key: 'talent', direction: 'desc' }],
    ['sort=margin&dir=desc', { key: 'margin', direction: 'desc' }],
    ['sort=marginPerHour&dir=asc&sector=misc&limit=20', { key: 'marginPerHour', direction: 'asc' }],
  ])('?%s → sort %o', (query, sort) => {
    const parsed = route(`/api/v1/plan/profitability?${query}`);
    expect(parsed).toMatchObject({ kind: 'profitability', format: 'json' });
    expect(parsed.kind === 'profitability' ? parsed.sort : 'not the ranking').toEqual(sort);
  });

  it('every column of the ranking is a key, and the CSV takes them too', () => {
    for (const key of ['name', 'sector', 'talent', 'price', 'materials', 'production', 'margin', 'marginPercent', 'marginPerHour', 'leadTime']) {
      expect(route(`/api/v1/plan/profitability.csv?sort=${key}&dir=desc`)).toEqual({
        kind: 'profitability',
        format: 'csv',
        filter: {},
        page: { limit: undefined, after: null },
        sort: { key, direction: 'desc' },
      });
    }
  });

  const KEYS = 'name, sector, talent, price, materials, production, margin, marginPercent, marginPerHour, leadTime';
  it.each([
    ['sort=lead', `?sort= must be one of ${KEYS}, not "lead"`],
    ['sort=', `?sort= must be one of ${KEYS}, not ""`],
    ['sort=LeadTime', `?sort= must be one of ${KEYS}, not "LeadTime"`],
    ['sort=leadTimeMinutes', `?sort= must be one of ${KEYS}, not "leadTimeMinutes"`],
    ['sort=toString', `?sort= must be one of ${KEYS}, not "toString"`],
    [`sort=${'x'.repeat(50)}`, `?sort= must be one of ${KEYS}, not "${'x'.repeat(40)}…"`],
    ['sort=name&dir=up', '?dir= must be one of asc, desc, not "up"'],
    ['sort=name&dir=ASC', '?dir= must be one of asc, desc, not "ASC"'],
    ['sort=name&dir=', '?dir= must be one of asc, desc, not ""'],
    ['dir=desc', `?dir= needs ?sort=, the column to sort by (${KEYS}): without it the ranking is in its own order`],
    ['dir=sideways', '?dir= must be one of asc, desc, not "sideways"'],
    ['sort=name&sort=sector', '?sort= is given more than once'],
    ['sort=name&dir=asc&dir=desc', '?dir= is given more than once'],
  ])('?%s is a 400 invalid_parameter: %s', (query, message) => {
    expect(failure(`/api/v1/plan/profitability?${query}`)).toEqual({ status: 400, code: 'invalid_parameter', message });
  });

  it.each(['/api/v1/products?sort=name', '/api/v1/materials?dir=asc', '/api/v1/plan/suggestions?sbc=1&slots=1&hours=1&sort=margin'])(
    '%s: only the ranking takes them (400 unknown_parameter)',
    (url) => {
      expect(failure(url)).toMatchObject({ status: 400, code: 'unknown_parameter' });
    },
  );

  it.each([
    [{ key: 'leadTime', direction: 'asc' }, 60],
    [{ key: 'leadTime', direction: 'desc' }, 0],
    [{ key: 'marginPercent', direction: 'desc' }, null],
    [{ key: 'name', direction: 'asc' }, 'Lamp'],
    [{ key: 'sector', direction: 'desc' }, 'Specchio ünicode ✓'],
    [{ key: 'price', direction: 'asc' }, -0.4149377593360996],
  ] as const)('a sorted cursor gives back its sort and the column\'s value exactly: %o %p', (by, value) => {
    const position = { ...LAMP, sortValue: value };
    const cursor = encodeRankingCursor(position, by);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseRankingCursor(cursor, by)).toEqual(position);
    expect(route(`/api/v1/plan/profitability?sort=${by.key}&dir=${by.direction}&limit=2&cursor=${cursor}`)).toMatchObject({ page: { limit: 2, after: position }, sort: by });
  });

  it('a cursor under another sort, direction, or none is a cursor the API did not give (the same 400)', () => {
    const message = (cursor: string) => `?cursor= ${quote(cursor)} is not a cursor this API gave: take the next page's address from the Link header (rel="next") or meta.nextCursor`;
    const byLeadTime = encodeRankingCursor({ ...LAMP, sortValue: 60 }, { key: 'leadTime', direction: 'asc' });
    const byMargin = encodeRankingCursor({ ...LAMP, sortValue: 16 }, { key: 'margin', direction: 'desc' });
    const unsorted = encodeRankingCursor(LAMP);
    for (const [query, cursor] of [
      ['sort=leadTime&dir=desc', byLeadTime],
      ['sort=marginPerHour&dir=asc', byLeadTime],
      ['', byLeadTime],
      ['sort=leadTime', byMargin],
      ['', byMargin], // margin desc is the ranking's own order, but its cursor is a sorted one's
      ['sort=margin&dir=desc', unsorted],
      ['sort=leadTime', unsorted],
    ]) {
      expect(failure(`/api/v1/plan/profitability?${query}${query ? '&' : ''}cursor=${cursor}`)).toEqual({ status: 400, code: 'invalid_parameter', message: message(cursor) });
    }
    // Each with its own sort is accepted; the unsorted one is the cursor given before ?sort= existed, still valid.
    expect(route(`/api/v1/plan/profitability?sort=leadTime&cursor=${byLeadTime}`)).toMatchObject({ page: { after: { sortValue: 60 } } });
    expect(route(`/api/v1/plan/profitability?sort=margin&dir=desc&cursor=${byMargin}`)).toMatchObject({ page: { after: { sortValue: 16 } } });
    expect(route(`/api/v1/plan/profitability?cursor=${unsorted}`)).toMatchObject({ page: { after: LAMP } });
    expect(route(`/api/v1/plan/profitability?cursor=${Buffer.from('{"v":1,"k":"profitability","m":16,"n":"Lamp","s":"lamp"}').toString('base64url')}`)).toMatchObject({ page: { after: LAMP } });
  });

  it.each([
    ['a value that is an object', '{"v":1,"k":"profitability","m":16,"n":"Lamp","s":"lamp","o":"leadTime","d":"asc","x":{}}'],
    ['a value that is a list', '{"v":1,"k":"profitability","m":16,"n":"Lamp","s":"lamp","o":"leadTime","d":"asc","x":[60]}'],
    ['a value that is true', '{"v":1,"k":"profitability","m":16,"n":"Lamp","s":"lamp","o":"leadTime","d":"asc","x":true}'],
    ['a value that is not finite', '{"v":1,"k":"profitability","m":16,"n":"Lamp","s":"lamp","o":"leadTime","d":"asc","x":1e999}'],
    ['no value', '{"v":1,"k":"profitability","m":16,"n":"Lamp","s":"lamp","o":"leadTime","d":"asc"}'],
    ['no direction', '{"v":1,"k":"profitability","m":16,"n":"Lamp","s":"lamp","o":"leadTime","x":60}'],
    ['no key', '{"v":1,"k":"profitability","m":16,"n":"Lamp","s":"lamp","d":"asc","x":60}'],
    ['a direction in capitals', '{"v":1,"k":"profitability","m":16,"n":"Lamp","s":"lamp","o":"leadTime","d":"ASC","x":60}'],
  ])('a sorted cursor with %s is a 400, with ?sort=leadTime&dir=asc and without', (_name, json) => {
    const cursor = Buffer.from(json).toString('base64url');
    expect(failure(`/api/v1/plan/profitability?sort=leadTime&dir=asc&cursor=${cursor}`)).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(failure(`/api/v1/plan/profitability?cursor=${cursor}`)).toMatchObject({ status: 400, code: 'invalid_parameter' });
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
