/**
 * The open data API against the running local emulators (`npm run test:integration -- open-data`): served by the
 * local static server exactly as `npm start` serves it (local-backend/src/static-server, the same module as the
 * openData function), and by the openData function itself in the Functions emulator. Every endpoint and format
 * with its schema, validators, the rate limit, the errors, CORS, the OpenAPI document, and the Firestore reads N
 * callers cost in one market period (the emulator's counters).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildLocalRuntimeConfig, PROJECT_ID, REGION, startStaticServer, type StaticServer } from '../../local-backend/src/static-server';
import { latestMarketUpdateAt, rankProfitability, rankSuggestions, readPlanQuery } from '@sbc/domain';
import { createServerReadGateway } from '../../shared/src/ssr/server-gateway';
import { API_PREFIX } from '../src/open-data/request';
import { everyDataPath, findSamples } from './every-data-path';
import { schemaErrors, type SchemaName } from './open-data-schema';

jest.setTimeout(60_000);

const firestoreUrl = new URL(process.env.SBC_FIRESTORE_URL ?? 'http://127.0.0.1:8080');
const functionsUrl = process.env.SBC_FUNCTIONS_URL ?? 'http://127.0.0.1:5001';
const REPO = join(__dirname, '..', '..');

const readsConfig = buildLocalRuntimeConfig({
  publicSitePort: 1,
  adminConsolePort: 1,
  authPort: 1,
  functionsPort: 1,
  firestorePort: Number(firestoreUrl.port),
  emulatorHost: firestoreUrl.hostname,
});

const servers: StaticServer[] = [];
const roots: string[] = [];

/** A local static server with the API, as `npm start` runs it, with a period cache of its own. */
async function startApi(rateLimit = '1000/60', firestorePort = Number(firestoreUrl.port)): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'sbc-open-data-'));
  roots.push(root);
  const config = { ...readsConfig, emulators: readsConfig.emulators && { ...readsConfig.emulators, firestorePort } };
  const server = await startStaticServer({ root, port: 0, name: 'open-data test', openData: { readsConfig: config, rateLimit, log: () => {} } });
  servers.push(server);
  return `http://127.0.0.1:${server.port}`;
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function readCounters(): Promise<Record<string, number>> {
  const response = await fetch(`${firestoreUrl.origin}/emulator/v1/counters`);
  return ((await response.json()) as { reads: Record<string, number> }).reads;
}

function difference(after: Record<string, number>, before: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [collection, n] of Object.entries(after)) if (n - (before[collection] ?? 0) > 0) out[collection] = n - (before[collection] ?? 0);
  return out;
}

let api: string;
let sector: string;
let slug: string;
let material: string;

beforeAll(async () => {
  api = await startApi();
  ({ sector, slug, material } = await findSamples(api));
});

describe('every endpoint in JSON (matching its schema) and in CSV (the same rows)', () => {
  const endpoints: Array<[string, () => string, SchemaName]> = [
    ['products', () => '/api/v1/products', 'ProductList'],
    ['products of a sector, limited', () => `/api/v1/products?sector=${encodeURIComponent(sector)}&limit=3`, 'ProductList'],
    ['one product', () => `/api/v1/products/${encodeURIComponent(slug)}`, 'ProductResponse'],
    ['one product, last 7 days', () => `/api/v1/products/${encodeURIComponent(slug)}?range=7`, 'ProductResponse'],
    ['sectors', () => '/api/v1/sectors', 'SectorList'],
    ['materials', () => '/api/v1/materials', 'MaterialList'],
    ['one material', () => `/api/v1/materials/${encodeURIComponent(material)}`, 'MaterialResponse'],
    ['statistics', () => '/api/v1/stats', 'StatisticsResponse'],
    ['the planner\'s suggestions for a budget', () => '/api/v1/plan/suggestions?sbc=5000&slots=200&hours=12', 'PlanSuggestionList'],
    ['the profitability ranking', () => '/api/v1/plan/profitability', 'ProfitabilityList'],
    ['the profitability ranking of a sector, limited', () => `/api/v1/plan/profitability?sector=${encodeURIComponent(sector)}&limit=5`, 'ProfitabilityList'],
  ];

  it('the seed has a products sector, a product and a material to ask for', () => {
    expect([sector, slug, material].every((value) => value !== '')).toBe(true);
  });

  it.each(endpoints)('%s', async (_name, path, schema) => {
    const response = await fetch(`${api}${path()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=([1-9]\d*), stale-while-revalidate=60$/);
    expect(Number(/s-maxage=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1])).toBeLessThanOrEqual(300);
    const body = (await response.json()) as { data: unknown };
    expect(schemaErrors(schema, body)).toEqual([]);

    const [pathname, query] = path().split('?');
    const csvResponse = await fetch(`${api}${pathname}.csv${query ? `?${query}` : ''}`);
    expect(csvResponse.status).toBe(200);
    expect(csvResponse.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await csvResponse.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    const data = body.data as unknown[] | { history: unknown[] };
    const rows = Array.isArray(data) ? data.length : 'history' in data ? data.history.length : 1;
    expect(lines).toHaveLength(rows + 1);
  });

  it('one sector has as many products as its page lists, and as the whole list holds for it', async () => {
    const all = (await (await fetch(`${api}/api/v1/products`)).json()) as { data: Array<{ sector: string }>; meta: { total: number } };
    const one = (await (await fetch(`${api}/api/v1/products?sector=${encodeURIComponent(sector.toUpperCase())}`)).json()) as {
      data: Array<{ sector: string }>;
    };
    expect(one.data.length).toBe(all.data.filter((p) => p.sector === sector).length);
    expect(one.data.every((p) => p.sector === sector)).toBe(true);
    expect(all.meta.total).toBeGreaterThanOrEqual(100);
  });
});

describe('the planner\'s suggestions (issue 36)', () => {
  it('rank the emulator\'s catalogue as the domain ranks it read by the render server\'s gateway, the best first', async () => {
    const query = 'sbc=5000&slots=200&hours=12';
    type Suggestions = { data: Array<{ slug: string; margin: number }>; meta: { count: number; total: number; nextCursor: string | null } };
    const answer = (await (await fetch(`${api}/api/v1/plan/suggestions?${query}&limit=50`)).json()) as Suggestions;
    const { gateway } = createServerReadGateway(readsConfig);
    const [products, materials] = await Promise.all([gateway.products.getAll(), gateway.materials.getAll()]);
    const expected = rankSuggestions(products, materials, readPlanQuery(new URLSearchParams(query)).budget!, 50);
    expect(answer.data).toEqual(expected.rows);
    expect(answer.meta).toEqual({ count: expected.rows.length, total: expected.total, nextCursor: expected.total > expected.rows.length ? expect.any(String) : null });
    // Following the cursors page by page gives every suggestion of the budget, as the unpaged ranking has them.
    const walked: Suggestions['data'] = [];
    for (let cursor: string | null = '', pages = 0; cursor !== null && pages < 100; pages += 1) {
      const page = (await (await fetch(`${api}/api/v1/plan/suggestions?${query}&limit=7${cursor ? `&cursor=${cursor}` : ''}`)).json()) as Suggestions;
      walked.push(...page.data);
      cursor = page.meta.nextCursor;
    }
    expect(walked).toEqual(rankSuggestions(products, materials, readPlanQuery(new URLSearchParams(query)).budget!, expected.total).rows);
    // The demo economy has products worth making with this budget, best total margin first.
    expect(answer.data.length).toBeGreaterThan(1);
    expect(answer.data.map((row) => row.margin)).toEqual([...answer.data.map((row) => row.margin)].sort((a, b) => b - a));
    // The render server's own ranking (its gateway's plan group) gives the page's first rows.
    expect((await gateway.plan.getSuggestions({ sbc: 5000, slots: 200, hours: 12 }, 20)).rows).toEqual(expected.rows.slice(0, 20));
  });
});

describe('the profitability ranking (issue 36)', () => {
  it('ranks the emulator\'s catalogue as the domain ranks it read by the render server\'s gateway, highest margin first', async () => {
    const answer = (await (await fetch(`${api}/api/v1/plan/profitability`)).json()) as {
      data: Array<{ slug: string; sector: string; marginPerUnit: number | null }>;
      meta: { count: number; total: number; sectors: string[]; talents: string[] };
    };
    const { gateway } = createServerReadGateway(readsConfig);
    const [products, materials] = await Promise.all([gateway.products.getAll(), gateway.materials.getAll()]);
    const expected = rankProfitability(products, materials);
    expect(answer.data).toEqual(expected.rows);
    expect(answer.meta).toEqual({ count: expected.rows.length, total: expected.total, sectors: expected.sectors, talents: expected.talents, nextCursor: null });
    // Every product of the demo catalogue, the known margins first and highest first.
    expect(answer.meta.total).toBe(products.length);
    const known = answer.data.map((row) => row.marginPerUnit).filter((m): m is number => m !== null);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(answer.data.slice(0, known.length).every((row) => row.marginPerUnit !== null)).toBe(true);
    // A sector in another letter case: that sector's rows, in the same order; meta.total counts them.
    const one = (await (await fetch(`${api}/api/v1/plan/profitability?sector=${encodeURIComponent(sector.toUpperCase())}&limit=3`)).json()) as typeof answer;
    const inSector = answer.data.filter((row) => row.sector.toLowerCase() === sector.toLowerCase());
    expect(one.data).toEqual(inSector.slice(0, 3));
    expect(one.meta).toMatchObject({ count: Math.min(3, inSector.length), total: inSector.length });
  });

  it('pages by the Link header (rel="next") to the end: the pages together are the unpaged ranking, in JSON and CSV', async () => {
    const whole = (await (await fetch(`${api}/api/v1/plan/profitability`)).json()) as { data: Array<{ slug: string }>; meta: { total: number } };
    const size = Math.max(1, Math.ceil(whole.meta.total / 6)); // about six pages of the demo catalogue
    /** Follows rel="next" from `first`: every page's answer, in order. */
    const walk = async (first: string) => {
      const pages: Response[] = [];
      for (let url: string | null = first; url !== null; ) {
        const response: Response = await fetch(`${api}${url}`);
        expect(response.status).toBe(200);
        pages.push(response);
        const link: string | null = response.headers.get('link');
        url = link === null ? null : (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? `not rel="next": ${link}`);
        if (pages.length > 50) throw new Error('the pages never end');
      }
      return pages;
    };
    const pages = await Promise.all(
      (await walk(`/api/v1/plan/profitability?limit=${size}`)).map(async (response) => {
        const body = (await response.json()) as { data: unknown[]; meta: { count: number; total: number; nextCursor: string | null } };
        expect(schemaErrors('ProfitabilityList', body)).toEqual([]);
        expect(body.meta.total).toBe(whole.meta.total);
        return body;
      }),
    );
    expect(pages.length).toBe(Math.ceil(whole.meta.total / size));
    expect(pages.flatMap((page) => page.data)).toEqual(whole.data);
    expect(pages.at(-1)?.meta.nextCursor).toBeNull();
    expect(pages.slice(0, -1).every((page) => typeof page.meta.nextCursor === 'string' && page.meta.count === size)).toBe(true);

    const table = async (response: Response) => Buffer.from(await response.arrayBuffer()).toString('utf8').split('\r\n').filter((line) => line !== '');
    const wholeCsv = await table(await fetch(`${api}/api/v1/plan/profitability.csv`));
    const csvPages = await Promise.all((await walk(`/api/v1/plan/profitability.csv?limit=${size}`)).map(table));
    expect(csvPages.length).toBe(pages.length);
    expect(csvPages.flatMap((lines) => lines.slice(1))).toEqual(wholeCsv.slice(1));
  });
});

describe('validators and CORS', () => {
  it('a matching If-None-Match is a 304 without a body; HEAD has the headers of GET', async () => {
    const first = await fetch(`${api}/api/v1/sectors.csv`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}(-gzip|-br)?"$/); // fetch asks for gzip and brotli: the coding's own ETag
    const again = await fetch(`${api}/api/v1/sectors.csv`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const head = await fetch(`${api}/api/v1/sectors.csv`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
  });

  it('a browser on another site may call it: preflight and response headers', async () => {
    const preflight = await fetch(`${api}/api/v1/products`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://tools.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('if-none-match');
    const response = await fetch(`${api}/api/v1/stats`, { headers: { Origin: 'https://tools.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toBe('ETag, Retry-After, Link, RateLimit, RateLimit-Policy');
  });
});

describe('errors: JSON with a 4xx for bad input; nothing private is reachable', () => {
  it.each([
    ['/api/v1/products/no-such-product-anywhere', 'GET', 404, 'not_found'],
    ['/api/v1/materials/No%20such%20material', 'GET', 404, 'not_found'],
    ['/api/v1/products?sector=no-such-sector', 'GET', 400, 'unknown_sector'],
    ['/api/v1/products?sector=industry', 'GET', 400, 'unknown_sector'],
    ['/api/v1/products?limit=0', 'GET', 400, 'invalid_parameter'],
    ['/api/v1/products?limit=many', 'GET', 400, 'invalid_parameter'],
    ['/api/v1/products/x?range=365', 'GET', 400, 'invalid_parameter'],
    ['/api/v1/products.xml', 'GET', 400, 'unknown_format'],
    ['/api/v1/products?format=csv', 'GET', 400, 'unknown_parameter'],
    ['/api/v1/plan/suggestions', 'GET', 400, 'invalid_parameter'],
    ['/api/v1/plan/suggestions?sbc=0&slots=10&hours=5', 'GET', 400, 'invalid_parameter'],
    ['/api/v1/plan/suggestions?sbc=100&slots=10&hours=5&limit=0', 'GET', 400, 'invalid_parameter'],
    ['/api/v1/plan/profitability?limit=0', 'GET', 400, 'invalid_parameter'],
    ['/api/v1/plan/profitability?sector=', 'GET', 400, 'invalid_parameter'],
    ['/api/v1/plan/profitability?sbc=100', 'GET', 400, 'unknown_parameter'],
    ['/api/v1/plan/profitability.xml', 'GET', 400, 'unknown_format'],
    ['/api/v1/users', 'GET', 404, 'not_found'],
    ['/api/v1/users/demo-admin', 'GET', 404, 'not_found'],
    ['/api/v1/productAudit', 'GET', 404, 'not_found'],
    ['/api/v1/watchlists', 'GET', 404, 'not_found'],
    ['/api/v1/rules', 'GET', 404, 'not_found'],
    ['/api/whatever', 'GET', 404, 'not_found'],
    ['/api/v1/products', 'POST', 405, 'method_not_allowed'],
    ['/api/v1/products/x', 'DELETE', 405, 'method_not_allowed'],
  ])('%s %s → %i %s', async (path, method, status, code) => {
    const response = await fetch(`${api}${path}`, { method });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(schemaErrors('Error', body)).toEqual([]);
    expect(body.error.code).toBe(code);
    if (status === 405) expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('Firestore unreachable: a 503 with Retry-After, not a 500', async () => {
    const down = await startApi('1000/60', 1);
    const response = await fetch(`${down}/api/v1/stats`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unavailable');
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After past the limit, per client (the last X-Forwarded-For entry)', async () => {
    const limited = await startApi('5/60');
    const ask = (client: string) => fetch(`${limited}/api/v1/stats`, { headers: { 'X-Forwarded-For': `203.0.113.9, ${client}` } });
    for (let i = 0; i < 5; i += 1) expect((await ask('198.51.100.1')).status).toBe(200);
    const refused = await ask('198.51.100.1');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'rate_limited',
      message: `Too many requests from this address (at most 5 requests per 60 s): try again in ${retryAfter} s`,
    });
    expect((await ask('198.51.100.2')).status).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('is served at /api/v1/openapi.json and passes Redocly lint (recommended rules)', async () => {
    const response = await fetch(`${api}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'sbc-openapi-'));
    roots.push(dir);
    const file = join(dir, 'openapi.json');
    writeFileSync(file, await response.text());
    const lint = spawnSync(
      process.execPath,
      [join(REPO, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', '--config', join(REPO, 'tools', 'openapi', 'redocly.yaml'), file],
      { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    expect(`${lint.stdout}${lint.stderr}`).toContain('Your API description is valid');
    expect(lint.status).toBe(0);
  });
});

describe('reads per market period (the emulator counters)', () => {
  const paths = () => everyDataPath({ sector, slug, material });

  /**
   * The reads `callers` callers of every path cost a server with an empty cache, how long the answers took, and the
   * paths answered no-store (the API's word that it did not keep their read for the period: see the test below).
   */
  async function measure(callers: number) {
    const fresh = await startApi();
    const before = await readCounters();
    const times: number[] = [];
    const unkept = new Set<string>();
    for (let round = 0; round < callers; round += 1) {
      await Promise.all(
        paths().map(async (path) => {
          const start = performance.now();
          const response = await fetch(`${fresh}${path}`);
          await response.arrayBuffer();
          times.push(performance.now() - start);
          expect(response.status).toBe(200);
          if (response.headers.get('cache-control') === 'no-store') unkept.add(path);
        }),
      );
    }
    return { reads: difference(await readCounters(), before), times, unkept };
  }

  it('N callers in one period cost the reads of one caller', async () => {
    // A market update (:00 or :30 UTC) during the measurement ends the period: the entries kept until then expire and
    // are read again, so 20 callers would cost more than one for no fault of the cache. The update time is taken before
    // and after; when it changed, the measurement is made once more, within the new period (it takes seconds).
    const measureBoth = async () => {
      const from = latestMarketUpdateAt(Date.now());
      const one = await measure(1);
      const many = await measure(20);
      return { one, many, crossed: latestMarketUpdateAt(Date.now()) !== from };
    };
    let measured = await measureBoth();
    const again = measured.crossed;
    if (again) measured = await measureBoth();
    expect(measured.crossed).toBe(false);
    const { one, many } = measured;
    // The history and movers documents count when a market update was recorded before (the market-history test).
    const recorded = ['marketHistory', 'marketMovers'];
    expect(Object.keys(one.reads).filter((c) => !recorded.includes(c)).sort()).toEqual(['gameParameters', 'marketMaterialStats', 'marketStats', 'materials', 'products']);
    // The API keeps today's history documents and the movers for the period only once they hold the latest scheduled
    // update (historyDocSettled, moversSettled in src/open-data/handler.ts: a read made before the recording function
    // wrote must not hide the update for the period), and says so by answering no-store. The integration stack records
    // an update only when a test moves the market: after the market-history test, once a :00/:30 has passed, those
    // documents stay behind the schedule, and every caller reads them again, by design. Then the test cannot claim
    // one caller's reads for them; rather than record an update of its own (moving the market under the tests that
    // share the stack) to force the claim, it asserts what the API promises for them: read at most once per caller
    // round (the concurrent callers of a round share the read), never fewer times than by one caller, and every other
    // collection exactly as one caller. When those answers were kept (an update recorded in this period), all reads
    // are equal as before; when none was recorded, they are answered no-store too but read nothing (0 within 0 and 0).
    const unkept = new Set(
      [...one.unkept, ...many.unkept].map((path) => (path.startsWith(`${API_PREFIX}/movers`) ? 'marketMovers' : path.startsWith(`${API_PREFIX}/history`) ? 'marketHistory' : path)),
    );
    expect([...unkept].filter((c) => !recorded.includes(c))).toEqual([]);
    const without = (reads: Record<string, number>) => Object.fromEntries(Object.entries(reads).filter(([c]) => !unkept.has(c)));
    expect(without(many.reads)).toEqual(without(one.reads));
    for (const c of unkept) {
      expect(many.reads[c] ?? 0).toBeGreaterThanOrEqual(one.reads[c] ?? 0);
      expect(many.reads[c] ?? 0).toBeLessThanOrEqual(20 * (one.reads[c] ?? 0));
    }
    const reread = [...unkept].filter((c) => (many.reads[c] ?? 0) > (one.reads[c] ?? 0));
    const sorted = [...many.times].sort((a, b) => a - b);
    const total = Object.values(many.reads).reduce((a, b) => a + b, 0);
    console.log(
      `open data API: ${paths().length} endpoints × 20 callers = ${many.times.length} requests cost ${total} document reads ` +
        `(${JSON.stringify(many.reads)}), as 1 caller each${reread.length > 0 ? ` (${reread.join(', ')}: not kept, behind the schedule)` : ''}${again ? ', measured again after a market update fell during the first measurement' : ''}; answer time median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, ` +
        `p95 ${sorted[Math.floor(sorted.length * 0.95)].toFixed(1)} ms, first (cold) answers ${one.times.map((t) => t.toFixed(0)).join('/')} ms`,
    );
  });
});

describe('the openData function (Functions emulator), the module behind the Hosting rewrite', () => {
  const fn = (path: string, init?: RequestInit) => fetch(`${functionsUrl}/${PROJECT_ID}/${REGION}/openData${path}`, init);

  it('answers the same JSON and CSV as the local server', async () => {
    const [local, remote] = await Promise.all([fetch(`${api}/api/v1/sectors`), fn('/api/v1/sectors')]);
    expect(remote.status).toBe(200);
    expect(await remote.json()).toEqual(await local.json());
    const csv = await fn(`/api/v1/products/${encodeURIComponent(slug)}.csv?range=7`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const budget = '/api/v1/plan/suggestions?sbc=5000&slots=200&hours=12';
    const [localPlan, remotePlan] = await Promise.all([fetch(`${api}${budget}`), fn(budget)]);
    expect(remotePlan.status).toBe(200);
    expect(await remotePlan.json()).toEqual(await localPlan.json());
    const ranking = '/api/v1/plan/profitability?limit=20';
    const [localRanking, remoteRanking] = await Promise.all([fetch(`${api}${ranking}`), fn(ranking)]);
    expect(remoteRanking.status).toBe(200);
    expect(await remoteRanking.json()).toEqual(await localRanking.json());
    // The bytes: Response.text() would drop the byte-order mark.
    expect(Buffer.from(await csv.arrayBuffer()).toString('utf8').split('\r\n')[0]).toBe('\uFEFFdate,averagePrice,requestIndex');
  });

  it('its errors and preflight too', async () => {
    const missing = await fn('/api/v1/products/no-such-product-anywhere');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await fn('/api/v1/products', { method: 'POST' })).status).toBe(405);
    const preflight = await fn('/api/v1/products', { method: 'OPTIONS', headers: { Origin: 'https://tools.example', 'Access-Control-Request-Method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});
