/**
 * From a request's path and query to the answer it asks for, or the 4xx error that says what is wrong with it.
 * Pure: the table of endpoints, their parameters and the rules each parameter follows (documented in
 * openapi.json and docs/open-data-api.md).
 *
 * Decisions:
 * - The format is the path's suffix: `/api/v1/products.csv` is CSV, `/api/v1/products` (or `.json`) is JSON. A
 *   suffix in the path keeps one URL per table, which a spreadsheet's import function can take as it is. On a
 *   collection any other suffix is an unknown format (400); on a product or material it is part of the name, so
 *   `/api/v1/products/solar.xml` looks for a product of that name (404 when there is none).
 * - A query parameter the endpoint does not take, or a parameter given twice, is a 400: a typo (`?sectr=`) must
 *   not silently return the whole catalogue.
 * - One trailing slash is ignored (`/api/v1/products/` is the products list).
 */
import {
  CELL_SORT_DIRECTIONS,
  CHART_RANGES,
  HISTORY_INTERVALS,
  MOVER_WINDOWS,
  PLAN_PARAMS,
  PLAN_SUGGESTIONS_API_PATH,
  positiveNumber,
  PROFITABILITY_API_PATH,
  PROFITABILITY_SORT_VALUES,
  SUGGESTIONS_SHOWN,
  type ChartRange,
  type HistoryInterval,
  type MoverWindow,
  type PlanBudget,
  type ProfitabilityFilter,
  type ProfitabilitySort,
  type ProfitabilitySortKey,
  type SortedProfitabilityPosition,
  type SuggestionPosition,
} from '@sbc/domain';
import { ApiError, ERROR_CODES } from './errors';

/** Every endpoint lives under this prefix; a new, incompatible version would be /api/v2. */
export const API_PREFIX = '/api/v1';
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
/** ?limit= of the products list: a whole number from 1 to this. */
export const MAX_LIMIT = 10_000;
/** ?sector= longer than this cannot be a sector (the rules cap a category at 50 characters). */
const MAX_SECTOR_LENGTH = 100;
/** ?talent= (the profitability ranking) longer than this cannot be a talent. */
const MAX_TALENT_LENGTH = 100;

export type Format = 'json' | 'csv';

/**
 * A list's page (docs/open-data-api.md#pages): `limit` items after `cursor`. Without ?limit= a list answers every
 * item up to MAX_LIMIT, as v1 always did, so a caller of v1 that reads the whole list gets what it got before.
 */
export interface Page {
  limit: number | null;
  /** The sort key of the last item of the previous page, from its opaque ?cursor=. */
  after: CursorKey | null;
}

/** A list's items are sorted by name, then id: the cursor names the last item's pair (keyset pagination). */
export interface CursorKey {
  name: string;
  id: string;
}

/** At most this much of a caller's input is quoted back in an error message (issue 37: a 9 KB slug gave a 9 KB answer). */
export const QUOTE_MAX = 40;

/** A caller's input inside an error message: JSON-quoted, cut to QUOTE_MAX characters with an ellipsis. */
export function quote(value: string): string {
  return JSON.stringify(value.length > QUOTE_MAX ? `${value.slice(0, QUOTE_MAX)}…` : value);
}

const CURSOR_VERSION = 1;
/** A cursor longer than this cannot be one the API gave (names are capped at a few hundred characters). */
const MAX_CURSOR_LENGTH = 2048;

/** The opaque ?cursor= of the page after the item `key`: base64url JSON, versioned so its form can change. */
export function encodeCursor(key: CursorKey): string {
  return encodeCursorFields({ n: key.name, i: key.id });
}

/** A cursor of this API's form: `fields` and the version, base64url JSON (decodeCursor reads it back). */
function encodeCursorFields(fields: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ v: CURSOR_VERSION, ...fields })).toString('base64url');
}

/** The 400 of a ?cursor= the API did not give: the same words on every list (products, materials, the ranking, the suggestions). */
const badCursor = (value: string) =>
  invalid(`?cursor= ${quote(value)} is not a cursor this API gave: take the next page's address from the Link header (rel="next") or meta.nextCursor`);

/** The fields of a cursor this API's form could have given (base64url JSON of this version), else the 400. */
function decodeCursor(value: string): Record<string, unknown> {
  if (value.length === 0 || value.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) throw badCursor(value);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw badCursor(value);
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw badCursor(value);
  const cursor = decoded as Record<string, unknown>;
  if (cursor.v !== CURSOR_VERSION) throw badCursor(value);
  return cursor;
}

export function parseCursor(value: string | undefined): CursorKey | null {
  if (value === undefined) return null;
  const cursor = decodeCursor(value);
  if (typeof cursor.n !== 'string' || typeof cursor.i !== 'string') throw badCursor(value);
  return { name: cursor.n, id: cursor.i };
}

/**
 * A page of the profitability ranking (/plan/profitability): `limit` rows after `after`'s position, every row up to
 * MAX_LIMIT without ?limit= (`limit` undefined: the ranking's answer before it had pages).
 */
export interface RankingPage {
  limit: number | undefined;
  after: SortedProfitabilityPosition | null;
}

/**
 * A ranking's cursor names a position in the ranking's order (@sbc/domain SortedProfitabilityPosition, the domain's own
 * shape: margin per unit, name and slug, and for a sorted ranking the sorted column's value, which comes first).
 *
 * Decision (docs/open-data-api.md#pages): the ranking's cursor is the position of the page's last row, keyset as the
 * lists' (name, id), not the last slug nor an offset. Within a market period the ranking is computed from the
 * period's one read of the products and materials, so the same cursor gives the same page and the pages of a walk
 * neither overlap nor skip a row. A position always has a place in the order, so a cursor never stops matching: one
 * whose row is gone (a product deleted, another filter) or whose margin moved at a market update starts after that
 * position of today's ranking (a walk across an update may see a row whose margin crossed the cursor twice, or not
 * at all), where a last-slug cursor would have to fail once its product moves or leaves the filter. It is not tied
 * to the filter: a position means the same in every part of the ranking. Marked `k: "profitability"`, so a list's
 * cursor is not a ranking's and the other way round: either, like any value the API did not give, is the lists' 400.
 */
const RANKING_CURSOR_KIND = 'profitability';

/**
 * The opaque ?cursor= of the ranking's page after the row at `position`, in the order of `sort` (the request's; none:
 * the ranking's own order): base64url JSON, versioned as the lists'. `{v, k: "profitability", m, n, s}` (margin,
 * name, slug), and for a sorted ranking also `o` (the ?sort= key), `d` (the ?dir=) and `x` (the sorted column's value,
 * null when unknown: JSON has no undefined). A cursor without o, d, x is the ranking's own order: the cursors given
 * before ?sort= existed keep working.
 */
export function encodeRankingCursor(position: SortedProfitabilityPosition, sort?: ProfitabilitySort): string {
  const sorted = sort ? { o: sort.key, d: sort.direction, x: position.sortValue ?? null } : {};
  return encodeCursorFields({ k: RANKING_CURSOR_KIND, m: position.marginPerUnit, n: position.name, s: position.slug, ...sorted });
}

const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
/** A sorted column's value in a cursor: text, a finite number, or null for an unknown figure. */
const isSortValue = (x: unknown): x is string | number | null => x === null || typeof x === 'string' || isFiniteNumber(x);

/**
 * The position a ranking's ?cursor= names, for a request sorted by `sort` (undefined: the ranking's own order).
 * Decision: a cursor is tied to its sort. One given under another ?sort= or ?dir=, a sorted one without ?sort=, or
 * an unsorted one with ?sort=, names no place in the order asked for (its value is another column's): it is the 400
 * of a cursor the API did not give, as a list's cursor is. The filter is not part of it (a position means the same
 * in every part of the ranking).
 */
export function parseRankingCursor(value: string | undefined, sort?: ProfitabilitySort): SortedProfitabilityPosition | null {
  if (value === undefined) return null;
  const cursor = decodeCursor(value);
  const margin = cursor.m;
  const marginOk = margin === null || isFiniteNumber(margin);
  if (cursor.k !== RANKING_CURSOR_KIND || !marginOk || typeof cursor.n !== 'string' || typeof cursor.s !== 'string') throw badCursor(value);
  const position: SortedProfitabilityPosition = { marginPerUnit: margin as number | null, name: cursor.n, slug: cursor.s };
  const hasSort = 'o' in cursor || 'd' in cursor || 'x' in cursor;
  if (!sort) {
    if (hasSort) throw badCursor(value);
    return position;
  }
  if (cursor.o !== sort.key || cursor.d !== sort.direction || !isSortValue(cursor.x)) throw badCursor(value);
  return { ...position, sortValue: cursor.x };
}

/**
 * Where a suggestion stands in the planner's ranking for one budget: its whole sort key (@sbc/domain
 * compareSuggestions: total margin, best first, then name, then slug, which is unique) and the budget it was ranked for.
 *
 * Decisions (docs/open-data-api.md#pages):
 * - Keyset, as the profitability ranking's cursor: the page's last row's (margin, name, slug), not an offset. Within a
 *   market period the suggestions are ranked from the period's one read of the products and materials, so a walk's
 *   pages are exactly the unpaged suggestions; a position whose product is gone or whose margin moved at a market
 *   update still has its place in the order (the walk goes on after it).
 * - Tied to the budget: a suggestion's margin is that of the units the budget allows, so a position taken under
 *   another ?sbc=, ?slots= or ?hours= names no place in this budget's ranking. The cursor holds the budget (the three
 *   numbers as parsed, so ?sbc=120 and ?sbc=120.0 are one budget) and a cursor of another budget is the 400 of any
 *   cursor the API did not give. ?limit= is not part of it: a walk may change its page size.
 * - Marked `k: "suggestions"`: a list's or the ranking's cursor is not a suggestions' one and the other way round.
 */
export interface SuggestionsKey extends SuggestionPosition {
  budget: PlanBudget;
}

const SUGGESTIONS_CURSOR_KIND = 'suggestions';

/** The opaque ?cursor= of the suggestions' page after `key`: base64url JSON `{v, k: "suggestions", b: [sbc, slots, hours], m, n, s}`. */
export function encodeSuggestionsCursor(key: SuggestionsKey): string {
  const b = [key.budget.sbc, key.budget.slots, key.budget.hours];
  return encodeCursorFields({ k: SUGGESTIONS_CURSOR_KIND, b, m: key.margin, n: key.name, s: key.slug });
}

/** The position a suggestions' ?cursor= names in `budget`'s ranking; the lists' 400 for any other value, a cursor of another budget included. */
export function parseSuggestionsCursor(value: string | undefined, budget: PlanBudget): SuggestionsKey | null {
  if (value === undefined) return null;
  const cursor = decodeCursor(value);
  const b = cursor.b;
  const sameBudget = Array.isArray(b) && b.length === 3 && b[0] === budget.sbc && b[1] === budget.slots && b[2] === budget.hours;
  if (cursor.k !== SUGGESTIONS_CURSOR_KIND || !sameBudget || !isFiniteNumber(cursor.m) || typeof cursor.n !== 'string' || typeof cursor.s !== 'string') {
    throw badCursor(value);
  }
  return { margin: cursor.m, name: cursor.n, slug: cursor.s, budget };
}

/** ?slugs= (products) and ?names= (materials): at most this many items per call; history: at most this many items. */
export const MAX_ITEMS_PER_CALL = 100;
/** One slug or name longer than this cannot be one (the rules cap names far below it). */
const MAX_ITEM_LENGTH = 200;

/** A history window as asked: null where the caller left it to the defaults (handler.ts historyWindowOf). */
export interface HistoryQuery {
  products: string[];
  materials: string[];
  from: number | null;
  to: number | null;
  interval: HistoryInterval | null;
}

export type Route =
  | { kind: 'openapi' }
  | { kind: 'products'; format: Format; sector: string | null; page: Page; slugs: string[] | null }
  | { kind: 'product'; format: Format; slug: string; range: ChartRange }
  | { kind: 'sectors'; format: Format }
  | { kind: 'materials'; format: Format; page: Page; names: string[] | null }
  | { kind: 'history'; format: Format; query: HistoryQuery }
  | { kind: 'movers'; format: Format; window: MoverWindow; sector: string | null }
  | { kind: 'material'; format: Format; name: string }
  | { kind: 'stats'; format: Format }
  /** The planner's suggestions: `limit` rows (SUGGESTIONS_SHOWN without ?limit=) after `after`'s position. */
  | { kind: 'suggestions'; format: Format; budget: PlanBudget; limit: number; after: SuggestionsKey | null }
  /** The profitability ranking: `page.limit` undefined is the whole ranking (of the products the filter keeps). */
  | { kind: 'profitability'; format: Format; filter: ProfitabilityFilter; page: RankingPage; sort?: ProfitabilitySort };

export type RouteKind = Route['kind'];

const COLLECTIONS = ['products', 'sectors', 'materials', 'stats', 'history', 'movers'] as const;
type Collection = (typeof COLLECTIONS)[number];

/** The query parameters each endpoint takes. */
export const PARAMETERS: Record<RouteKind, readonly string[]> = {
  openapi: [],
  products: ['sector', 'limit', 'cursor', 'slugs'],
  product: ['range'],
  sectors: [],
  materials: ['limit', 'cursor', 'names'],
  material: [],
  stats: [],
  history: ['products', 'materials', 'from', 'to', 'interval'],
  movers: ['window', 'sector'],
  suggestions: [PLAN_PARAMS.sbc, PLAN_PARAMS.slots, PLAN_PARAMS.hours, 'limit', 'cursor'],
  profitability: ['sector', 'talent', 'sort', 'dir', 'limit', 'cursor'],
};

/** The planner's suggestions live under /plan (a path of its own: they are computed, not a collection): ['plan', 'suggestions']. */
const SUGGESTIONS_SEGMENTS = PLAN_SUGGESTIONS_API_PATH.slice(API_PREFIX.length + 1).split('/') as [string, string];
/** The profitability ranking lives beside them, computed from the same two lists: ['plan', 'profitability']. */
const PROFITABILITY_SEGMENTS = PROFITABILITY_API_PATH.slice(API_PREFIX.length + 1).split('/') as [string, string];
/** The computed endpoints under /plan, by their last segment. */
const PLAN_ENDPOINTS: ReadonlyArray<readonly [string, 'suggestions' | 'profitability']> = [
  [SUGGESTIONS_SEGMENTS[1], 'suggestions'],
  [PROFITABILITY_SEGMENTS[1], 'profitability'],
];

const invalid = (message: string) => new ApiError(400, ERROR_CODES.invalidParameter, message);
const notFound = (message: string) => new ApiError(404, ERROR_CODES.notFound, message);

/** The last segment's format suffix: `products.csv` → ['products', 'csv']; no known suffix → [segment, null]. */
function splitFormat(segment: string): [string, Format | null] {
  const match = /^(.*)\.(json|csv)$/.exec(segment);
  return match && match[1] !== '' ? [match[1], match[2] as Format] : [segment, null];
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(400, ERROR_CODES.invalidPath, `The path is not valid percent-encoding: ${quote(segment)}`);
  }
}

/** The endpoint a path names (format included), before its query is read. Throws 404/400 for any other path. */
function matchPath(pathname: string): { kind: RouteKind; format: Format; id?: string } {
  const unknownPath = notFound(`No endpoint at ${quote(pathname)}: the endpoints are listed in ${OPENAPI_PATH}`);
  if (pathname === OPENAPI_PATH) return { kind: 'openapi', format: 'json' };
  if (!pathname.startsWith(`${API_PREFIX}/`)) throw unknownPath;
  const rest = pathname.slice(API_PREFIX.length + 1).replace(/\/$/, '');
  const segments = rest.split('/');
  if (segments.length === 1) {
    const [name, format] = splitFormat(segments[0]);
    if ((COLLECTIONS as readonly string[]).includes(name)) return { kind: name as Collection, format: format ?? 'json' };
    const dot = /^(products|sectors|materials|stats|history|movers)\.([^.]+)$/.exec(segments[0]);
    if (dot) {
      throw new ApiError(400, ERROR_CODES.unknownFormat, `Unknown format .${quote(dot[2]).slice(1, -1)}: ${API_PREFIX}/${dot[1]} is JSON, or CSV with the .csv suffix`);
    }
    throw unknownPath;
  }
  if (segments.length === 2 && segments[0] === SUGGESTIONS_SEGMENTS[0]) {
    const [name, format] = splitFormat(segments[1]);
    for (const [segment, kind] of PLAN_ENDPOINTS) {
      if (name === segment) return { kind, format: format ?? 'json' };
      const suffix = segments[1].startsWith(`${segment}.`) ? segments[1].slice(segment.length + 1) : '';
      if (/^[^.]+$/.test(suffix)) {
        throw new ApiError(400, ERROR_CODES.unknownFormat, `Unknown format .${quote(suffix).slice(1, -1)}: ${API_PREFIX}/${segments[0]}/${segment} is JSON, or CSV with the .csv suffix`);
      }
    }
    throw unknownPath;
  }
  if (segments.length === 2 && (segments[0] === 'products' || segments[0] === 'materials') && segments[1] !== '') {
    const [id, format] = splitFormat(segments[1]);
    return { kind: segments[0] === 'products' ? 'product' : 'material', format: format ?? 'json', id: decodeSegment(id) };
  }
  throw unknownPath;
}

/** One value per parameter: a parameter given twice is refused rather than guessed. */
function singleValues(query: URLSearchParams, allowed: readonly string[], kind: RouteKind): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of query) {
    if (!allowed.includes(name)) {
      const names = allowed.map((p) => `?${p}=`);
      const takes = names.length === 0 ? 'takes no query parameters' : `takes ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}`;
      throw new ApiError(400, ERROR_CODES.unknownParameter, `Unknown query parameter ?${quote(name).slice(1, -1)}=: this endpoint (${kind}) ${takes}`);
    }
    if (values.has(name)) throw invalid(`?${name}= is given more than once`); // a known name: short
    values.set(name, value);
  }
  return values;
}

export function parseLimit(value: string | undefined): number | null {
  if (value === undefined) return null;
  const limit = /^[0-9]{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) throw invalid(`?limit= must be a whole number from 1 to ${MAX_LIMIT}, not ${quote(value)}`);
  return limit;
}

export function parseRange(value: string | undefined): ChartRange {
  if (value === undefined) return 'all';
  if (!(CHART_RANGES as readonly string[]).includes(value)) {
    throw invalid(`?range= must be one of ${CHART_RANGES.join(', ')} (days of history, or all), not ${quote(value)}`);
  }
  return value as ChartRange;
}

export function parseSector(value: string | undefined): string | null {
  if (value === undefined) return null;
  const sector = value.trim();
  if (sector === '' || sector.length > MAX_SECTOR_LENGTH) {
    throw invalid(`?sector= must name a sector of ${API_PREFIX}/sectors (1 to ${MAX_SECTOR_LENGTH} characters)`);
  }
  return sector;
}

/**
 * A comma-separated list of slugs or names (?slugs=, ?names=, ?products=, ?materials=): trimmed, distinct, 1 to
 * MAX_ITEMS_PER_CALL; null when the parameter is absent.
 */
export function parseItemList(name: string, value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const items = [...new Set(value.split(',').map((item) => item.trim()).filter((item) => item !== ''))];
  if (items.length === 0) throw invalid(`?${name}= must list at least one item, separated by commas`);
  if (items.length > MAX_ITEMS_PER_CALL) throw invalid(`?${name}= lists ${items.length} items: at most ${MAX_ITEMS_PER_CALL} per call`);
  const long = items.find((item) => item.length > MAX_ITEM_LENGTH);
  if (long) throw invalid(`?${name}= has an item longer than ${MAX_ITEM_LENGTH} characters: ${quote(long)}`);
  return items;
}

/** ?from= and ?to=: an ISO 8601 instant (2026-11-27T09:30:00Z) or a day (2026-11-27, its start in UTC). */
export function parseInstant(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value);
  const t = ok ? Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value) : Number.NaN;
  if (!Number.isFinite(t)) throw invalid(`?${name}= must be an ISO 8601 time (2026-11-27T09:30:00Z) or day (2026-11-27), not ${quote(value)}`);
  return t;
}

function parseChoice<T extends string>(name: string, value: string | undefined, choices: readonly T[]): T | null {
  if (value === undefined) return null;
  if (!(choices as readonly string[]).includes(value)) throw invalid(`?${name}= must be one of ${choices.join(', ')}, not ${quote(value)}`);
  return value as T;
}

function parseHistoryQuery(params: Map<string, string>): HistoryQuery {
  const products = parseItemList('products', params.get('products')) ?? [];
  const materials = parseItemList('materials', params.get('materials')) ?? [];
  if (products.length + materials.length === 0) throw invalid('Name the items: ?products= (slugs) and/or ?materials= (names), separated by commas');
  if (products.length + materials.length > MAX_ITEMS_PER_CALL) throw invalid(`At most ${MAX_ITEMS_PER_CALL} items per call (products and materials together)`);
  const from = parseInstant('from', params.get('from'));
  const to = parseInstant('to', params.get('to'));
  if (from !== null && to !== null && from > to) throw invalid('?from= is after ?to=');
  return { products, materials, from, to, interval: parseChoice('interval', params.get('interval'), HISTORY_INTERVALS) };
}

/** What each budget figure is, for the messages of /plan/suggestions. */
const BUDGET_FIGURES = [
  [PLAN_PARAMS.sbc, 'SBC to spend'],
  [PLAN_PARAMS.slots, 'warehouse slots'],
  [PLAN_PARAMS.hours, 'game hours'],
] as const;

/**
 * The budget of /plan/suggestions: ?sbc=, ?slots= and ?hours=, each a plain number above 0 (the planner address's
 * rule, @sbc/domain positiveNumber). Missing or otherwise: a 400 that names the figure and says what it takes.
 */
export function parseBudget(params: Map<string, string>): PlanBudget {
  const missing = BUDGET_FIGURES.filter(([name]) => params.get(name) === undefined).map(([name]) => `?${name}=`);
  if (missing.length > 0) {
    throw invalid(`The budget needs ?sbc= (SBC to spend), ?slots= (warehouse slots) and ?hours= (game hours), each a number above 0: ${missing.join(', ')} missing`);
  }
  const figure = (name: string, what: string) => {
    const value = params.get(name) ?? '';
    const n = positiveNumber(value);
    if (n === null) throw invalid(`?${name}= (${what}) must be a number above 0, such as 120 or 2.5, not ${quote(value)}`);
    return n;
  };
  const [sbc, slots, hours] = BUDGET_FIGURES.map(([name, what]) => figure(name, what));
  return { sbc, slots, hours };
}

/**
 * ?sector= and ?talent= of the profitability ranking: any text of 1 to 100 characters (trimmed), matched against the
 * ranking's values in any letter case; one no product has answers an empty list (its choices are in meta), not a 400.
 */
export function parseRankingFilter(params: Map<string, string>): ProfitabilityFilter {
  const text = (name: string, what: string, max: number, hint = '') => {
    const value = params.get(name);
    if (value === undefined) return undefined;
    const trimmed = value.trim();
    if (trimmed === '' || trimmed.length > max) throw invalid(`?${name}= must name ${what} (1 to ${max} characters${hint})`);
    return trimmed;
  };
  const sector = text('sector', 'a sector', MAX_SECTOR_LENGTH);
  const talent = text('talent', 'a talent', MAX_TALENT_LENGTH, '; "None" for the products that need none');
  return { ...(sector === undefined ? {} : { sector }), ...(talent === undefined ? {} : { talent }) };
}

/** The ranking's ?sort= keys, in the order of its columns (@sbc/domain PROFITABILITY_SORT_VALUES). */
export const RANKING_SORT_KEYS = Object.keys(PROFITABILITY_SORT_VALUES) as ProfitabilitySortKey[];

/**
 * ?sort= and ?dir= of the profitability ranking: the rows in another order than the ranking's own (margin per unit,
 * highest first), as the site's page sorts a column: by that column's value (@sbc/domain compareCells: numbers, or
 * text in English collation, any letter case; an unknown figure last in both directions), ties in the ranking's own
 * order. Undefined without ?sort=.
 *
 * Decisions:
 * - ?sort= is one of RANKING_SORT_KEYS (the columns), else a 400 that lists them.
 * - ?dir= is asc or desc, else a 400. Without it, asc, for every column: one rule a caller can read off the URL, where
 *   a default that depends on the column (desc for figures, as the page's first click) would have to be looked up.
 *   A caller that wants the highest first says ?dir=desc.
 * - ?dir= without ?sort= is a 400: it would otherwise reverse nothing (the ranking's own order has no direction).
 * - ?sort=margin&dir=desc is an explicit sort: the same rows in the same order as none, but its cursors are a sorted
 *   ranking's (a cursor is tied to its sort: parseRankingCursor above).
 */
export function parseRankingSort(params: Map<string, string>): ProfitabilitySort | undefined {
  const key = parseChoice('sort', params.get('sort'), RANKING_SORT_KEYS);
  const direction = parseChoice('dir', params.get('dir'), CELL_SORT_DIRECTIONS);
  if (key === null) {
    if (direction !== null) throw invalid(`?dir= needs ?sort=, the column to sort by (${RANKING_SORT_KEYS.join(', ')}): without it the ranking is in its own order`);
    return undefined;
  }
  return { key, direction: direction ?? 'asc' };
}

function parsePage(params: Map<string, string>): Page {
  return { limit: parseLimit(params.get('limit')), after: parseCursor(params.get('cursor')) };
}

/** The route of `pathname` + `search` (as sent, percent-encoded), or the ApiError that answers it. */
export function parseRoute(pathname: string, search: string): Route {
  const path = matchPath(pathname);
  const params = singleValues(new URLSearchParams(search), PARAMETERS[path.kind], path.kind);
  switch (path.kind) {
    case 'openapi':
      return { kind: 'openapi' };
    case 'products':
      return {
        kind: 'products',
        format: path.format,
        sector: parseSector(params.get('sector')),
        page: parsePage(params),
        slugs: parseItemList('slugs', params.get('slugs')),
      };
    case 'materials':
      return { kind: 'materials', format: path.format, page: parsePage(params), names: parseItemList('names', params.get('names')) };
    case 'history':
      return { kind: 'history', format: path.format, query: parseHistoryQuery(params) };
    case 'movers':
      return { kind: 'movers', format: path.format, window: parseChoice('window', params.get('window'), MOVER_WINDOWS) ?? 'period', sector: parseSector(params.get('sector')) };
    case 'product':
      return { kind: 'product', format: path.format, slug: path.id ?? '', range: parseRange(params.get('range')) };
    case 'material':
      return { kind: 'material', format: path.format, name: path.id ?? '' };
    case 'suggestions': {
      const budget = parseBudget(params);
      const limit = parseLimit(params.get('limit')) ?? SUGGESTIONS_SHOWN;
      return { kind: 'suggestions', format: path.format, budget, limit, after: parseSuggestionsCursor(params.get('cursor'), budget) };
    }
    case 'profitability': {
      const filter = parseRankingFilter(params);
      const sort = parseRankingSort(params);
      return {
        kind: 'profitability',
        format: path.format,
        filter,
        page: { limit: parseLimit(params.get('limit')) ?? undefined, after: parseRankingCursor(params.get('cursor'), sort) },
        ...(sort ? { sort } : {}),
      };
    }
    case 'sectors':
    case 'stats':
      return { kind: path.kind, format: path.format };
  }
}
