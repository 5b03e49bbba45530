/**
 * The open data API (docs/open-data-api.md): one function from a request to its answer, free of any HTTP framework
 * and of Firebase. The Cloud Function `openData` (functions/src/index.ts, behind the shell's Hosting rewrite of
 * /api/**) and the local static server (`npm start`, local-backend/src/static-server) both call it, each with the
 * Firestore reads of the render server (./firestore-reads.ts); tests give it fakes.
 *
 * Order of checks: a preflight (OPTIONS) is answered at once; another method than GET or HEAD is a 405; then the
 * client's rate limit (429); then the path and query (404 / 400); then the reads, shared per market period
 * (./period-cache.ts): an unknown product or material is a 404, a read that fails or hangs is a 503. Every answer
 * carries the CORS headers; a 200 carries its ETag (a matching If-None-Match gives a 304) and the market period's
 * Cache-Control, as the rendered pages do.
 */
import {
  CSV_BOM,
  CSV_CONTENT_TYPE,
  compareSortedProfitability,
  compareSuggestions,
  groupByCategory,
  HISTORY_MAX_SPAN_DAYS,
  historyDocIds,
  historyDocSettled,
  latestMarketUpdateAt,
  historyItemKey,
  historyShardOf,
  MOVER_WINDOW_LABELS,
  periodCacheControl,
  rankProfitability,
  rankSuggestions,
  seriesOf,
  sortedProfitabilityPosition,
  UNCATEGORIZED,
  type HistoryInterval,
  type MarketMovers,
  resolveSectorParam,
  toCsv,
  type CategoryGroup,
  type CsvColumn,
  type GameStats,
  type Material,
  type MarketStatRow,
  type Product,
  type ProfitabilityRow,
  type ProfitabilitySort,
  type SortedProfitabilityPosition,
  type SuggestionRow,
} from '@sbc/domain';
import { ApiError, ERROR_CODES, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors';
import { ALLOWED_METHODS, CORS_HEADERS, encodeBody, etagOf, JSON_CONTENT_TYPE, matchesIfNoneMatch, negotiateEncoding, preflightHeaders, rateLimitHeaders } from './http';
import { PeriodCache } from './period-cache';
import {
  API_PREFIX,
  type CursorKey,
  encodeCursor,
  encodeRankingCursor,
  encodeSuggestionsCursor,
  type HistoryQuery,
  MAX_LIMIT,
  type Page,
  parseRoute,
  quote,
  type RankingPage,
  type Route,
  type SuggestionsKey,
} from './request';
import {
  CSV_COLUMNS,
  historyRows,
  itemHistoryJson,
  materialDetailJson,
  materialHistory,
  materialJson,
  productDetailJson,
  productHistory,
  productJson,
  moverRows,
  moversJson,
  sectorJson,
  statisticsJson,
} from './representations';
import type { OpenDataComponents as components } from '@sbc/domain';
import openApiDocument from './openapi.json';

/** The Firestore reads the API needs: the render server's gateway has them (shared/src/ssr/server-gateway.ts). */
export interface OpenDataReads {
  getAllProducts(): Promise<Product[]>;
  getProductsByCategory(category: string): Promise<Product[]>;
  getProductBySlug(slug: string): Promise<Product | null>;
  getMaterials(): Promise<Material[]>;
  getMaterialByName(name: string): Promise<Material | null>;
  getMarketStats(): Promise<MarketStatRow[]>;
  /** undefined when the statistics are missing or could not be read. */
  getGameStats(): Promise<GameStats | undefined>;
  /** The recorded history's documents by id, every item kept (shared/src/data/market-history.ts): one read each. */
  getMarketHistory(ids: readonly string[]): Promise<Array<{ at: string; items: Record<string, [number | null, number | null, number | null]> }>>;
  /** marketMovers/latest (1 read); null before any update was recorded. */
  getMarketMovers(): Promise<MarketMovers | null>;
}

export interface OpenDataRequest {
  method: string;
  /** The path and query as received, percent-encoded: '/api/v1/products.csv?sector=energy'. */
  url: string;
  /** Request headers by lower-case name. */
  headers: Record<string, string | undefined>;
  /** Who is asking, for the rate limit (functions/src/client-key.ts). */
  client: string;
}

export interface OpenDataResponse {
  status: number;
  headers: Record<string, string>;
  /** Empty for 204 and 304. For HEAD the caller sends the headers only (Content-Length is the GET's). */
  body: Buffer;
}

export interface OpenDataOptions {
  reads: OpenDataReads;
  now?: () => number;
  /** Upper bound of the cache period, in seconds (the render server's default: 300). */
  cacheMaxSeconds?: number;
  /** A read slower than this answers 503. */
  readTimeoutMs?: number;
  /** Counts a request of `client`: 0 when it may go ahead, else the seconds until it may try again. */
  rateLimit?: { take(client: string): number; state?(client: string): { remaining: number; resetSeconds: number } };
  /** The limit the RateLimit-Policy header states (with rateLimit.state: the RateLimit header on every answer). */
  rateLimitPolicy?: { limit: number; windowSeconds: number };
  /** The limit in words, for the 429's message ("120 requests per 60 s"). */
  rateLimitText?: string;
  log?: (message: string, error?: unknown) => void;
}

export const DEFAULT_CACHE_MAX_SECONDS = 300;
export const DEFAULT_READ_TIMEOUT_MS = 8000;

type Schemas = components['schemas'];
type ErrorJson = Schemas['Error'];

/** What a route answers: a JSON value or a CSV table, and the next page's cursor of a list that has one. */
/**
 * `early`: built from what the recording function writes after a market update, read before it wrote (see `reads`):
 * sent `no-store`, so neither a CDN nor a browser keeps it for the period.
 */
type Answer = ({ json: unknown } | { csv: string }) & { next?: string; early?: boolean };

/** The order of names the lists have always had (the catalogue's `localeCompare` in English), fixed for cursors. */
const NAME_ORDER = new Intl.Collator('en');

/** Name, then id (unique): the total order of every list, which its cursors follow (./request.ts CursorKey). */
function compareKeys(a: CursorKey, b: CursorKey): number {
  return NAME_ORDER.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * One page of a list: the items after the cursor's key, at most `limit` (every one up to MAX_LIMIT without ?limit=),
 * and the cursor of the next page when items remain. The list is sorted by name then id here (NAME_ORDER):
 * the pages of one list never overlap or skip an item, even when
 * the catalogue changes between two requests (an item added before the cursor is simply not seen by that walk).
 */
export function pageOf<T>(items: readonly T[], page: Page, keyOf: (item: T) => CursorKey): { shown: T[]; next: CursorKey | null; total: number } {
  const sorted = [...items].sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
  const after = page.after;
  const { shown, next } = pageAfter(sorted, page.limit ?? MAX_LIMIT, after ? (item) => compareKeys(keyOf(item), after) > 0 : null, keyOf);
  return { shown, next, total: items.length };
}

/**
 * The keyset page of `sorted` (already in its cursor's order): from the first item `isAfter` keeps (the first
 * item without a cursor), at most `limit`, and the key of its last item when more follow (the next page's cursor).
 */
function pageAfter<T, K>(sorted: readonly T[], limit: number, isAfter: ((item: T) => boolean) | null, keyOf: (item: T) => K): { shown: T[]; next: K | null } {
  const start = isAfter ? sorted.findIndex(isAfter) : 0;
  const rest = start === -1 ? [] : sorted.slice(start);
  const shown = rest.slice(0, limit);
  const next = rest.length > shown.length && shown.length > 0 ? keyOf(shown[shown.length - 1]) : null;
  return { shown, next };
}

/**
 * One page of the profitability ranking (rankProfitability's rows, sorted by `sort`, in compareSortedProfitability's
 * order; the ranking's own order without one): the rows after the cursor's position, compared by the domain's own
 * order so the page and the ranking can never disagree, and the position of the page's last row when rows remain. The
 * cursor was parsed for this sort (./request.ts parseRankingCursor refuses another's).
 */
export function rankingPageOf(
  ranking: readonly ProfitabilityRow[],
  page: RankingPage,
  sort?: ProfitabilitySort,
): { shown: ProfitabilityRow[]; next: SortedProfitabilityPosition | null } {
  const at = page.after;
  const isAfter = at ? (row: ProfitabilityRow) => compareSortedProfitability(sortedProfitabilityPosition(row, sort), at, sort) > 0 : null;
  return pageAfter(ranking, page.limit ?? MAX_LIMIT, isAfter, (row) => sortedProfitabilityPosition(row, sort));
}

/**
 * One page of the planner's suggestions for `budget` (rankSuggestions' rows, in compareSuggestions' order): at most
 * `limit` rows after the cursor's position, compared by the domain's own order so the page and the ranking can never
 * disagree, and the next page's position when rows remain. The cursor was parsed for this budget (./request.ts
 * parseSuggestionsCursor refuses another's).
 */
export function suggestionsPageOf(
  ranking: readonly SuggestionRow[],
  page: { limit: number; after: SuggestionsKey | null },
  budget: SuggestionsKey['budget'],
): { shown: SuggestionRow[]; next: SuggestionsKey | null } {
  const after = page.after;
  const isAfter = after ? (row: SuggestionRow) => compareSuggestions(row, after) > 0 : null;
  return pageAfter(ranking, page.limit, isAfter, (row) => ({ margin: row.margin, name: row.name, slug: row.slug, budget }));
}

/** The address of the next page: the request's own, its ?cursor= replaced (a relative reference, RFC 8288). */
function nextPageLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, 'http://api.invalid');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

class Unavailable extends Error {}

function jsonBody(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

function errorResponse(error: ApiError): OpenDataResponse {
  const body: ErrorJson = { error: { code: error.code, message: error.message } };
  return {
    status: error.status,
    headers: { ...CORS_HEADERS, 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': 'no-store', ...error.headers },
    body: jsonBody(body),
  };
}

function table<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): Answer {
  return { csv: `${CSV_BOM}${toCsv(rows, columns)}` };
}

export function createOpenDataHandler(options: OpenDataOptions) {
  const now = options.now ?? Date.now;
  const maxSeconds = options.cacheMaxSeconds ?? DEFAULT_CACHE_MAX_SECONDS;
  const timeoutMs = options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const cache = new PeriodCache({ now, maxSeconds });

  /**
   * One read, shared by every caller of the period; a failure or a timeout is an Unavailable (not kept), and so is a
   * value `keep` refuses (read again by the next caller).
   */
  function read<T>(key: string, run: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    return cache.get(key, () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Unavailable(`${key}: no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      return Promise.race([run(), timeout])
        .catch((error: unknown) => {
          throw error instanceof Unavailable ? error : new Unavailable(`${key}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        })
        .finally(() => clearTimeout(timer));
    }, keep);
  }

  /** Whether the movers are those of the latest scheduled market update or a later one (the recording has run). */
  const moversSettled = (movers: MarketMovers | null) => movers !== null && Date.parse(movers.at) >= latestMarketUpdateAt(now());

  const reads = {
    products: () => read('products', () => options.reads.getAllProducts()),
    sector: (category: string) => read(`sector:${category}`, () => options.reads.getProductsByCategory(category)),
    product: (slug: string) => read(`product:${slug}`, () => options.reads.getProductBySlug(slug)),
    materials: () => read('materials', () => options.reads.getMaterials()),
    material: (name: string) => read(`material:${name}`, () => options.reads.getMaterialByName(name)),
    // The API keeps the 'uncategorized' sector (the pages drop it): every sector a product can have is listed and filterable.
    sectors: () => read('sectors', async () => groupByCategory(await options.reads.getMarketStats(), { keepUncategorized: true })),
    // One history document per key, whole (every item), shared by every caller of the period whatever it asks of it.
    // The recording function writes the history and the movers just after the market update: a read made before it
    // wrote (an open page following the update asks at once) is not kept, so the next caller gets the new points.
    history: (id: string) => read(`history:${id}`, () => options.reads.getMarketHistory([id]), (points) => historyDocSettled(id, points, latestMarketUpdateAt(now()))),
    movers: () => read('movers', () => options.reads.getMarketMovers(), moversSettled),
    // getGameStats answers undefined on a failure: not kept, so the next caller reads again.
    stats: () =>
      read('stats', async () => {
        const stats = await options.reads.getGameStats();
        if (!stats) throw new Unavailable('the game statistics are missing or could not be read');
        return stats;
      }),
  };

  /** The sector ?sector= names, as the products page resolves it (any letter case); a 400 when it names none. */
  function productSector(requested: string, groups: CategoryGroup[]): string {
    const resolution = resolveSectorParam(requested, groups);
    if (resolution.kind === 'ok') return resolution.sector;
    const message =
      resolution.kind === 'materials'
        ? `"${requested}" is a materials sector: its listings are at ${API_PREFIX}/materials`
        : `Unknown sector "${requested}": the sectors are listed at ${API_PREFIX}/sectors`;
    throw new ApiError(400, ERROR_CODES.unknownSector, message);
  }

  /**
   * A product sector's products: its query, or for 'uncategorized' (a product without a category field, which no
   * query on the field finds) the products list, filtered by the readers' default.
   */
  async function sectorProducts(sector: string): Promise<Product[]> {
    if (sector === UNCATEGORIZED) return (await reads.products()).filter((p) => p.category === UNCATEGORIZED);
    return reads.sector(sector);
  }

  /** The window a history call asks for, with its defaults; a 400 range_too_wide beyond what the interval keeps. */
  function historyWindowOf(query: HistoryQuery): { from: number; to: number; interval: HistoryInterval } {
    const DAY = 86_400_000;
    const to = query.to ?? now();
    const interval = query.interval ?? (query.from !== null && to - query.from > HISTORY_MAX_SPAN_DAYS.period * DAY ? 'day' : 'period');
    const from = query.from ?? to - (interval === 'period' ? DAY : 30 * DAY);
    const max = HISTORY_MAX_SPAN_DAYS[interval];
    if (to - from > max * DAY) {
      const days = Math.ceil((to - from) / DAY);
      const hint = interval === 'period' ? `; ?interval=day gives one point a day for up to ${HISTORY_MAX_SPAN_DAYS.day} days` : '';
      throw new ApiError(400, ERROR_CODES.rangeTooWide, `?from= to ?to= spans ${days} days: ?interval=${interval} answers at most ${max} days per call${hint}`);
    }
    return { from, to, interval };
  }

  async function answer(route: Route): Promise<Answer> {
    switch (route.kind) {
      case 'openapi':
        return { json: openApiDocument };
      case 'products': {
        const inSector = route.sector === null ? await reads.products() : await sectorProducts(productSector(route.sector, await reads.sectors()));
        const wanted = route.slugs ? new Set(route.slugs) : null;
        const all = wanted ? inSector.filter((p) => wanted.has(p.slug)) : inSector;
        const { shown, next, total } = pageOf(all, route.page, (product) => ({ name: product.name, id: product.id }));
        const rows = shown.map(productJson);
        const nextCursor = next ? encodeCursor(next) : null;
        if (route.format === 'csv') return { ...table(rows, CSV_COLUMNS.product), ...(nextCursor ? { next: nextCursor } : {}) };
        const list: Schemas['ProductList'] = { data: rows, meta: { count: rows.length, total, nextCursor } };
        return { json: list, ...(nextCursor ? { next: nextCursor } : {}) };
      }
      case 'product': {
        const product = await reads.product(route.slug);
        if (!product) throw new ApiError(404, ERROR_CODES.notFound, `No product ${quote(route.slug)}: the products are listed at ${API_PREFIX}/products`);
        const today = new Date(now());
        if (route.format === 'csv') return table(productHistory(product, route.range, today), CSV_COLUMNS.history);
        const one: Schemas['ProductResponse'] = { data: productDetailJson(product, route.range, today) };
        return { json: one };
      }
      case 'sectors': {
        const rows = (await reads.sectors()).map(sectorJson);
        if (route.format === 'csv') return table(rows, CSV_COLUMNS.sector);
        const list: Schemas['SectorList'] = { data: rows, meta: { count: rows.length, total: rows.length } };
        return { json: list };
      }
      case 'materials': {
        const wanted = route.names ? new Set(route.names) : null;
        const materials = (await reads.materials()).filter((m) => !wanted || wanted.has(m.name));
        const { shown, next, total } = pageOf(materials, route.page, (material) => ({ name: material.name, id: material.name }));
        const rows = shown.map(materialJson);
        const nextCursor = next ? encodeCursor(next) : null;
        if (route.format === 'csv') return { ...table(rows, CSV_COLUMNS.material), ...(nextCursor ? { next: nextCursor } : {}) };
        const list: Schemas['MaterialList'] = { data: rows, meta: { count: rows.length, total, nextCursor } };
        return { json: list, ...(nextCursor ? { next: nextCursor } : {}) };
      }
      case 'material': {
        const material = await reads.material(route.name);
        if (!material) throw new ApiError(404, ERROR_CODES.notFound, `No material ${quote(route.name)}: the materials are listed at ${API_PREFIX}/materials`);
        if (route.format === 'csv') return table(materialHistory(material), CSV_COLUMNS.materialHistory);
        const one: Schemas['MaterialResponse'] = { data: materialDetailJson(material) };
        return { json: one };
      }
      case 'history': {
        const window = historyWindowOf(route.query);
        const items = [
          ...route.query.products.map((slug) => ({ kind: 'product' as const, id: slug, key: historyItemKey('p', slug) })),
          ...route.query.materials.map((name) => ({ kind: 'material' as const, id: name, key: historyItemKey('m', name) })),
        ];
        const ids = [...new Set(items.flatMap((item) => historyDocIds(historyShardOf(item.key), window.from, window.to, window.interval)))];
        const docs = await Promise.all(ids.map((id) => reads.history(id)));
        const points = docs.flat();
        const latest = latestMarketUpdateAt(now());
        const early = ids.some((id, i) => !historyDocSettled(id, docs[i], latest));
        const data = items.map((item) => itemHistoryJson(item.kind, item.id, seriesOf(points, item.key, window.from, window.to)));
        if (route.format === 'csv') return { ...table(historyRows(data), CSV_COLUMNS.recorded), early };
        const meta = { from: new Date(window.from).toISOString(), to: new Date(window.to).toISOString(), interval: window.interval, count: data.length };
        const list: Schemas['HistoryList'] = { data, meta };
        return { json: list, early };
      }
      case 'movers': {
        const movers = await reads.movers();
        const window = movers?.windows[route.window];
        let sector: string | null = null;
        if (route.sector !== null && window?.overall) {
          sector = Object.keys(window.sectors).find((s) => s.toLowerCase() === route.sector!.toLowerCase()) ?? null;
          if (sector === null) {
            throw new ApiError(400, ERROR_CODES.unknownSector, `No movers in sector ${quote(route.sector)} (${MOVER_WINDOW_LABELS[route.window]}): the sectors are listed at ${API_PREFIX}/sectors, materials are "materials"`);
          }
        } else sector = route.sector;
        const lists = !window?.overall ? null : sector === null ? window.overall : window.sectors[sector];
        const data = moversJson(movers?.at ?? null, route.window, window?.since ?? null, sector, lists);
        const early = !moversSettled(movers);
        if (route.format === 'csv') return { ...table(moverRows(data), CSV_COLUMNS.movers), early };
        const one: Schemas['MoversResponse'] = { data };
        return { json: one, early };
      }
      case 'suggestions': {
        // Ranked per request from the period's two reads (products, materials), which every endpoint shares: the ranking
        // itself takes 30-90 ms at 5,000 products and 1,000 materials, and the CDN keeps each budget's answer for the period.
        // Pages as the ranking does (?limit=, default SUGGESTIONS_SHOWN; ?cursor=, tied to the budget; the Link header and
        // meta.nextCursor): every suggestion of the budget, then the rows after the cursor's position (suggestionsPageOf).
        const [products, materials] = await Promise.all([reads.products(), reads.materials()]);
        const { rows: ranking, total } = rankSuggestions(products, materials, route.budget, Number.POSITIVE_INFINITY);
        const { shown, next } = suggestionsPageOf(ranking, route, route.budget);
        const data: Schemas['PlanSuggestion'][] = shown;
        const nextCursor = next ? encodeSuggestionsCursor(next) : null;
        if (route.format === 'csv') return { ...table(data, CSV_COLUMNS.suggestions), ...(nextCursor ? { next: nextCursor } : {}) };
        const list: Schemas['PlanSuggestionList'] = { data, meta: { count: data.length, total, nextCursor } };
        return { json: list, ...(nextCursor ? { next: nextCursor } : {}) };
      }
      case 'profitability': {
        // Ranked per request from the same two period reads (products, materials) as the suggestions: no read of its
        // own. Without ?limit=, the whole ranking (after ?cursor=) up to MAX_LIMIT, as the lists answer without one.
        const [products, materials] = await Promise.all([reads.products(), reads.materials()]);
        // Pages as the lists do (?limit=, ?cursor=, the Link header and meta.nextCursor): the whole filtered ranking,
        // sorted by ?sort= and ?dir= when given (about 10 ms at 5,000 products), then the rows after the cursor's
        // position in that order (rankingPageOf). The Link keeps ?sort= and ?dir=: it is the request's own address.
        const { rows: ranking, total, sectors, talents } = rankProfitability(products, materials, route.filter, undefined, route.sort);
        const { shown, next } = rankingPageOf(ranking, route.page, route.sort);
        const data: Schemas['ProfitabilityRow'][] = shown;
        const nextCursor = next ? encodeRankingCursor(next, route.sort) : null;
        if (route.format === 'csv') return { ...table(data, CSV_COLUMNS.profitability), ...(nextCursor ? { next: nextCursor } : {}) };
        const list: Schemas['ProfitabilityList'] = { data, meta: { count: data.length, total, sectors, talents, nextCursor } };
        return { json: list, ...(nextCursor ? { next: nextCursor } : {}) };
      }
      case 'stats': {
        const stats = statisticsJson(await reads.stats());
        if (route.format === 'csv') return table([stats], CSV_COLUMNS.statistics);
        const one: Schemas['StatisticsResponse'] = { data: stats };
        return { json: one };
      }
    }
  }

  async function respond(request: OpenDataRequest): Promise<OpenDataResponse> {
    const method = request.method.toUpperCase();
    if (method === 'OPTIONS') return { status: 204, headers: preflightHeaders(request.headers['access-control-request-headers']), body: Buffer.alloc(0) };
    if (method !== 'GET' && method !== 'HEAD') {
      throw new ApiError(405, ERROR_CODES.methodNotAllowed, `Method ${quote(method).slice(1, -1)} not allowed: the API is read-only (GET, HEAD)`, { Allow: ALLOWED_METHODS });
    }
    const retryAfter = options.rateLimit?.take(request.client) ?? 0;
    const state = options.rateLimit?.state?.(request.client);
    const quota = state && options.rateLimitPolicy ? rateLimitHeaders(options.rateLimitPolicy, state) : {};
    try {
      return await respondWithin(request, retryAfter, quota);
    } catch (error) {
      // The quota goes on errors too (a 400 counts against it), so a client always knows where it stands.
      if (error instanceof ApiError) Object.assign(error.headers, quota);
      throw error;
    }
  }

  async function respondWithin(request: OpenDataRequest, retryAfter: number, quota: Record<string, string>): Promise<OpenDataResponse> {
    if (retryAfter > 0) {
      const limit = options.rateLimitText ? ` (at most ${options.rateLimitText})` : '';
      throw new ApiError(429, ERROR_CODES.rateLimited, `Too many requests from this address${limit}: try again in ${retryAfter} s`, {
        'Retry-After': String(retryAfter),
      });
    }
    const url = new URL(request.url, 'http://api.invalid');
    const route = parseRoute(url.pathname, url.search);
    const result = await answer(route);
    const plain = 'json' in result ? jsonBody(result.json) : Buffer.from(result.csv);
    // Compressed by Accept-Encoding (brotli, gzip); each coding is its own representation, with its own ETag.
    const coding = negotiateEncoding(request.headers['accept-encoding'], plain.length);
    const body = encodeBody(plain, coding);
    const hash = etagOf(plain);
    const etag = coding === 'identity' ? hash : `${hash.slice(0, -1)}-${coding}"`;
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      ...quota,
      Vary: 'Accept-Encoding',
      ...(coding === 'identity' ? {} : { 'Content-Encoding': coding }),
      'Content-Type': 'json' in result ? JSON_CONTENT_TYPE : CSV_CONTENT_TYPE,
      'Cache-Control': result.early ? 'no-store' : periodCacheControl(now(), maxSeconds),
      ETag: etag,
      ...(result.next ? { Link: nextPageLink(request.url, result.next) } : {}),
    };
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return { status: 304, headers, body: Buffer.alloc(0) };
    return { status: 200, headers, body };
  }

  return {
    /** Never throws: bad input is a 4xx, a failed read a 503, anything unexpected is logged and a 503 too. */
    async handle(request: OpenDataRequest): Promise<OpenDataResponse> {
      try {
        return await respond(request);
      } catch (error) {
        if (error instanceof ApiError) return errorResponse(error);
        log(`[open-data] ${request.method} ${request.url}: ${error instanceof Unavailable ? 'the market data could not be read' : 'unexpected failure'}`, error);
        return errorResponse(
          new ApiError(503, ERROR_CODES.unavailable, 'The market data cannot be read right now: try again shortly', {
            'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
          }),
        );
      }
    },
    /** Entries of the period cache (tests and diagnostics). */
    cacheSize: () => cache.size,
  };
}

export type OpenDataHandler = ReturnType<typeof createOpenDataHandler>;
