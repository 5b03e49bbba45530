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
import { CHART_RANGES, type ChartRange } from '@sbc/domain';
import { ApiError, ERROR_CODES } from './errors';

/** Every endpoint lives under this prefix; a new, incompatible version would be /api/v2. */
export const API_PREFIX = '/api/v1';
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
/** ?limit= of the products list: a whole number from 1 to this. */
export const MAX_LIMIT = 10_000;
/** ?sector= longer than this cannot be a sector (the rules cap a category at 50 characters). */
const MAX_SECTOR_LENGTH = 100;

export type Format = 'json' | 'csv';

export type Route =
  | { kind: 'openapi' }
  | { kind: 'products'; format: Format; sector: string | null; limit: number | null }
  | { kind: 'product'; format: Format; slug: string; range: ChartRange }
  | { kind: 'sectors'; format: Format }
  | { kind: 'materials'; format: Format }
  | { kind: 'material'; format: Format; name: string }
  | { kind: 'stats'; format: Format };

export type RouteKind = Route['kind'];

const COLLECTIONS = ['products', 'sectors', 'materials', 'stats'] as const;
type Collection = (typeof COLLECTIONS)[number];

/** The query parameters each endpoint takes. */
export const PARAMETERS: Record<RouteKind, readonly string[]> = {
  openapi: [],
  products: ['sector', 'limit'],
  product: ['range'],
  sectors: [],
  materials: [],
  material: [],
  stats: [],
};

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
    throw new ApiError(400, ERROR_CODES.invalidPath, `The path is not valid percent-encoding: ${segment}`);
  }
}

/** The endpoint a path names (format included), before its query is read. Throws 404/400 for any other path. */
function matchPath(pathname: string): { kind: RouteKind; format: Format; id?: string } {
  const unknownPath = notFound(`No endpoint at ${pathname}: the endpoints are listed in ${OPENAPI_PATH}`);
  if (pathname === OPENAPI_PATH) return { kind: 'openapi', format: 'json' };
  if (!pathname.startsWith(`${API_PREFIX}/`)) throw unknownPath;
  const rest = pathname.slice(API_PREFIX.length + 1).replace(/\/$/, '');
  const segments = rest.split('/');
  if (segments.length === 1) {
    const [name, format] = splitFormat(segments[0]);
    if ((COLLECTIONS as readonly string[]).includes(name)) return { kind: name as Collection, format: format ?? 'json' };
    const dot = /^(products|sectors|materials|stats)\.([^.]+)$/.exec(segments[0]);
    if (dot) {
      throw new ApiError(400, ERROR_CODES.unknownFormat, `Unknown format .${dot[2]}: ${API_PREFIX}/${dot[1]} is JSON, or CSV with the .csv suffix`);
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
      const takes = allowed.length === 0 ? 'takes no query parameters' : `takes ${allowed.map((p) => `?${p}=`).join(' and ')}`;
      throw new ApiError(400, ERROR_CODES.unknownParameter, `Unknown query parameter ?${name}=: this endpoint (${kind}) ${takes}`);
    }
    if (values.has(name)) throw invalid(`?${name}= is given more than once`);
    values.set(name, value);
  }
  return values;
}

export function parseLimit(value: string | undefined): number | null {
  if (value === undefined) return null;
  const limit = /^[0-9]{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) throw invalid(`?limit= must be a whole number from 1 to ${MAX_LIMIT}, not "${value}"`);
  return limit;
}

export function parseRange(value: string | undefined): ChartRange {
  if (value === undefined) return 'all';
  if (!(CHART_RANGES as readonly string[]).includes(value)) {
    throw invalid(`?range= must be one of ${CHART_RANGES.join(', ')} (days of history, or all), not "${value}"`);
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

/** The route of `pathname` + `search` (as sent, percent-encoded), or the ApiError that answers it. */
export function parseRoute(pathname: string, search: string): Route {
  const path = matchPath(pathname);
  const params = singleValues(new URLSearchParams(search), PARAMETERS[path.kind], path.kind);
  switch (path.kind) {
    case 'openapi':
      return { kind: 'openapi' };
    case 'products':
      return { kind: 'products', format: path.format, sector: parseSector(params.get('sector')), limit: parseLimit(params.get('limit')) };
    case 'product':
      return { kind: 'product', format: path.format, slug: path.id ?? '', range: parseRange(params.get('range')) };
    case 'material':
      return { kind: 'material', format: path.format, name: path.id ?? '' };
    case 'sectors':
    case 'materials':
    case 'stats':
      return { kind: path.kind, format: path.format };
  }
}
