/**
 * One market period of the demo economy, moved the way the game's market job moves it every 30 real minutes:
 * new prices and quantities, a new point on each price and demand line, the per-sector statistics and the
 * headline statistics recomputed, everything stamped `lastUpdated`. A pure function of the documents, the seed
 * and the period number (each document draws from its own PRNG, seeded by seed, period and path), so the same
 * state advanced with the same seed and period always gives the same writes. The formulas are the seed's own
 * (../seed/products.ts nextPrice and nextRequestIndex, ../seed/stats.ts), so an advanced economy looks like a seeded one.
 *
 * Decisions (the spec does not say how the game moves its market):
 * - A product's average price takes one nextPrice step toward the middle of its [price_min, price_max] and stays
 *   inside it; its pieces on the market move by up to ±PIECES_STEP. The new price is appended to lastvqvalue,
 *   which keeps its newest PRICE_CHART_DAYS points: the price change (`increase`) is the change over that line,
 *   the line the charts show, so the two still agree. The request index takes one nextRequestIndex step and is
 *   appended to request_index_history (newest REQUEST_HISTORY_POINTS kept).
 * - A product with no price line has never traded (an administrator's new product, the seed's 'Prototype Drone'):
 *   it is left as it is.
 * - Materials have no stored price bounds; the FAQ says each has a min and max price, taken here as MATERIAL_BAND
 *   around its start price (startvalue; its current price when it has none). The previous snapshot (lastvalue,
 *   lastqty) takes the current figures, the stock moves by up to ±STOCK_STEP, cyclecount goes up by one.
 * - Stat rows are recomputed from every document as the seed computes them (Σ price × quantity, …), existing rows
 *   updated in place (only their figures: a row without `category` keeps going without), missing ones created.
 *   A material whose family is unknown (added by an administrator: families are not stored) counts in no row.
 * - gameParameters/gameStats: totalMarketValue from the rows, headquarters and players drift a little, the stamp,
 *   and `marketPeriod`, the demo's count of periods (local bookkeeping: the site reads none of it).
 *   gameParameters/date moves half a game day: the market updates twice per in-game day (FAQ).
 * - Every write names its fields (an update mask), so no write touches a product's name, slug or category: the
 *   search index trigger (functions/src/catalog-index.ts) compares them and rewrites nothing.
 * - gameParameters/gameStats is the last write: a browser that sees its new stamp (the market clock,
 *   shared/src/stores/market-clock.ts) then reads figures that are already all written.
 */
import { PRICE_CHART_DAYS, readGameDate } from '@sbc/domain';
import { materialFamilyOf, materialPrice, type GeneratedMaterial } from '../seed/materials';
import { createRng, round2, type Rng } from '../seed/prng';
import { nextPrice, nextRequestIndex, priceChangeOfHistory, REQUEST_HISTORY_POINTS, type GeneratedProduct } from '../seed/products';
import { marketValue, materialStatRows, productStatRows } from '../seed/stats';

/** A stored document, plain values (Dates for timestamps), as the seed writes them. */
export interface MarketDocument {
  /** 'collection/documentId'. */
  path: string;
  data: Record<string, unknown>;
}

/** One write of an advance: `fields` is its update mask (field paths), null for a whole new document. */
export interface MarketWrite {
  path: string;
  data: Record<string, unknown>;
  fields: string[] | null;
}

export interface AdvanceOptions {
  seed: number;
  /** Default: the stored marketPeriod + 1 (1 on a freshly seeded economy). */
  period?: number;
  /** The stamp of the update (lastUpdated). */
  now: Date;
}

export interface AdvanceSummary {
  period: number;
  lastUpdated: Date;
  /** Documents moved (products that have never traded are left alone). */
  products: number;
  materials: number;
  statRows: number;
  marketValue: number;
  previousMarketValue: number | null;
}

export interface AdvanceResult {
  summary: AdvanceSummary;
  /** Products, materials, stat rows, the game date, then the game stats (last on purpose, see above). */
  writes: MarketWrite[];
}

export const GAME_STATS_PATH = 'gameParameters/gameStats';
/** The collections the market moves: their top-level documents are the economy an advance reads. */
export const MARKET_COLLECTIONS: ReadonlySet<string> = new Set(['products', 'materials', 'marketStats', 'marketMaterialStats', 'gameParameters']);
export const GAME_DATE_PATH = 'gameParameters/date';
/** Pieces on the market and material stock move by up to these shares per period. */
export const PIECES_STEP = 0.05;
export const STOCK_STEP = 0.06;
/** A material's price stays within these multiples of its start price. */
export const MATERIAL_BAND = { min: 0.5, max: 1.5 } as const;
/** Half a game day: the market updates twice per in-game day. */
export const GAME_TIME_PER_PERIOD_MS = 12 * 3_600_000;

const STAT_FIELDS = ['avg', 'count', 'total', 'documentCount', 'lastUpdated'];
const PRODUCT_FIELDS = [
  'average_market_price',
  'pieces_on_market',
  'lastvqvalue',
  'increase',
  'production.request_index',
  'production.request_index_history',
];
const MATERIAL_FIELDS = ['value', 'amount', 'lastvalue', 'lastqty', 'cyclecount'];

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const numbers = (value: unknown): number[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (value as number[]) : null;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The PRNG of one document in one period: independent of every other document, so adding one changes nothing else. */
export function documentRng(seed: number, period: number, path: string): Rng {
  // FNV-1a, 32 bits, over the three parts.
  let hash = 0x811c9dc5;
  for (const char of `${seed}\u0000${period}\u0000${path}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return createRng(hash);
}

/** The product's next figures, or null when it has never traded (no price line). */
export function advanceProduct(data: Record<string, unknown>, rng: Rng): Record<string, unknown> | null {
  const line = numbers(data.lastvqvalue);
  const price = finite(data.average_market_price);
  if (!line || line.length === 0 || price === null) return null;
  const low = Math.max(0, finite(data.price_min) ?? 0);
  const high = finite(data.price_max) ?? Number.POSITIVE_INFINITY;
  const [min, max] = high >= low ? [low, high] : [low, Number.POSITIVE_INFINITY];
  const anchor = Number.isFinite(max) ? (min + max) / 2 : price;
  const average = nextPrice(rng, price, anchor, min, max);
  const pieces = Math.max(0, Math.round((finite(data.pieces_on_market) ?? 0) * (1 + rng.float(-PIECES_STEP, PIECES_STEP))));
  const lastvqvalue = [...line, average].slice(-PRICE_CHART_DAYS);
  const next: Record<string, unknown> = {
    average_market_price: average,
    pieces_on_market: pieces,
    lastvqvalue,
    increase: priceChangeOfHistory(lastvqvalue),
  };
  const production = isRecord(data.production) ? data.production : null;
  const demand = numbers(production?.request_index_history) ?? [];
  const last = demand.length > 0 ? demand[demand.length - 1] : finite(production?.request_index);
  if (production && last !== null) {
    const index = round2(nextRequestIndex(rng, last));
    next.production = { request_index: index, request_index_history: [...demand, index].slice(-REQUEST_HISTORY_POINTS) };
  }
  return next;
}

/** The material's next figures, or null when it has no usable price. */
export function advanceMaterial(data: Record<string, unknown>, rng: Rng): Record<string, unknown> | null {
  const value = finite(data.value);
  if (value === null || value <= 0) return null;
  const amount = finite(data.amount) ?? 0;
  const start = finite(data.startvalue);
  const anchor = start !== null && start > 0 ? start : value;
  const min = materialPrice(anchor * MATERIAL_BAND.min);
  const max = materialPrice(anchor * MATERIAL_BAND.max);
  return {
    value: nextPrice(rng, value, anchor, min, max, materialPrice),
    amount: Math.max(0, Math.round(amount * (1 + rng.float(-STOCK_STEP, STOCK_STEP)))),
    lastvalue: value,
    lastqty: amount,
    cyclecount: Math.max(0, Math.round(finite(data.cyclecount) ?? 0)) + 1,
  };
}

/** The mask's fields of `next` applied to `data` (nested 'production.x' included): the document after the write. */
function merged(data: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  const out = { ...data, ...next };
  if (isRecord(next.production)) out.production = { ...(isRecord(data.production) ? data.production : {}), ...next.production };
  return out;
}

function collectionOf(path: string): string | null {
  const parts = path.split('/');
  return parts.length === 2 ? parts[0] : null;
}

export function advanceMarketDocuments(documents: readonly MarketDocument[], options: AdvanceOptions): AdvanceResult {
  const { seed, now } = options;
  const of = (collection: string) => documents.filter((d) => collectionOf(d.path) === collection);
  const gameStats = documents.find((d) => d.path === GAME_STATS_PATH)?.data ?? null;
  const gameDate = documents.find((d) => d.path === GAME_DATE_PATH)?.data ?? null;
  const storedPeriod = finite(gameStats?.marketPeriod);
  const period = options.period ?? (storedPeriod !== null ? Math.max(0, Math.floor(storedPeriod)) : 0) + 1;
  const writes: MarketWrite[] = [];

  const products: GeneratedProduct[] = of('products').map((doc) => {
    const next = advanceProduct(doc.data, documentRng(seed, period, doc.path));
    if (next) writes.push({ path: doc.path, data: next, fields: next.production ? PRODUCT_FIELDS : PRODUCT_FIELDS.slice(0, 4) });
    const after = next ? merged(doc.data, next) : doc.data;
    // A figure that is missing or not a number counts as 0 in the sums (as the readers default it).
    const data = { ...after, average_market_price: finite(after.average_market_price) ?? 0, pieces_on_market: finite(after.pieces_on_market) ?? 0 };
    return { id: doc.path.slice('products/'.length), category: '', data };
  });
  const movedProducts = writes.length;

  const materials: GeneratedMaterial[] = [];
  for (const doc of of('materials')) {
    const name = doc.path.slice('materials/'.length);
    if (name === 'list') continue;
    const next = advanceMaterial(doc.data, documentRng(seed, period, doc.path));
    if (next) writes.push({ path: doc.path, data: next, fields: MATERIAL_FIELDS });
    const family = materialFamilyOf(name);
    const after = next ? merged(doc.data, next) : doc.data;
    if (family) materials.push({ name, family, data: { ...after, value: finite(after.value) ?? 0, amount: finite(after.amount) ?? 0 } });
  }
  const movedMaterials = writes.length - movedProducts;

  const productRows = productStatRows(products, now);
  const materialRows = materialStatRows(materials, now);
  const rowWrites = [
    ...statRowWrites('marketStats', productRows, of('marketStats'), now),
    ...statRowWrites('marketMaterialStats', materialRows, of('marketMaterialStats'), now),
  ];
  writes.push(...rowWrites);

  const date = readGameDate(gameDate?.value);
  if (gameDate && date) {
    writes.push({ path: GAME_DATE_PATH, data: { value: new Date(date.getTime() + GAME_TIME_PER_PERIOD_MS) }, fields: ['value'] });
  }

  const value = Math.round(marketValue(productRows) + marketValue(materialRows));
  const rng = documentRng(seed, period, GAME_STATS_PATH);
  const headquarters = Math.max(0, Math.round(Number(gameStats?.totalHeadquarters ?? 0) || 0) + rng.int(-2, 4));
  const players = Math.max(0, Math.round(Number(gameStats?.totalPlayers ?? 0) || 0) + rng.int(-3, 8));
  writes.push({
    path: GAME_STATS_PATH,
    data: {
      totalHeadquarters: headquarters,
      totalMarketValue: value,
      // Stored as a numeric string by older writers (../seed/game-parameters.ts): kept in the type it has.
      totalPlayers: typeof gameStats?.totalPlayers === 'string' ? String(players) : players,
      lastUpdated: now,
      marketPeriod: period,
    },
    fields: gameStats ? ['totalHeadquarters', 'totalMarketValue', 'totalPlayers', 'lastUpdated', 'marketPeriod'] : null,
  });

  return {
    summary: {
      period,
      lastUpdated: now,
      products: movedProducts,
      materials: movedMaterials,
      statRows: rowWrites.length,
      marketValue: value,
      previousMarketValue: finite(gameStats?.totalMarketValue),
    },
    writes,
  };
}

/**
 * The rows' writes: an existing row gets its figures (STAT_FIELDS) and keeps the rest as stored; a row that is not
 * stored yet is written whole; a stored row with no documents left gets zeros, as an empty aggregate.
 */
function statRowWrites(
  collection: string,
  rows: ReadonlyArray<{ id: string; data: Record<string, unknown> }>,
  stored: readonly MarketDocument[],
  now: Date,
): MarketWrite[] {
  const storedPaths = new Set(stored.map((d) => d.path));
  const writes: MarketWrite[] = rows.map((row) => {
    const path = `${collection}/${row.id}`;
    return storedPaths.has(path) ? { path, data: pick(row.data, STAT_FIELDS), fields: STAT_FIELDS } : { path, data: row.data, fields: null };
  });
  const computed = new Set(writes.map((w) => w.path));
  for (const doc of stored) {
    if (!computed.has(doc.path)) writes.push({ path: doc.path, data: { avg: 0, count: 0, total: 0, documentCount: 0, lastUpdated: now }, fields: STAT_FIELDS });
  }
  return writes;
}

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f in data).map((f) => [f, data[f]]));
}
