/**
 * The history the site keeps (issue 37, docs/market-history.md): on each market update (gameParameters/gameStats,
 * which the market job writes last, gets a new `lastUpdated`), every product's and material's figures of that period
 * are recorded in `marketHistory` (layout and retention: domain/src/market-history.ts), the movers of the update are
 * computed from the recorded points (domain/src/market-movers.ts) and stored in marketMovers/latest, and documents
 * past their retention are deleted. Trigger in ./index.ts; free of Firebase here, so tests give it fakes.
 *
 * Cost of one update, C = products + materials documents, H = HISTORY_SHARDS:
 * - reads: C (the two collections, as the game wrote them) + at most 4 × H baseline documents (the period tier of
 *   today, yesterday and 7 days ago, and the day before that when a baseline may fall in it) + the prune query
 *   (the expired documents it finds, at most HISTORY_PRUNE_LIMIT; 1 when none);
 * - writes: at most 2 × H history documents + 1 movers document, in one batch; deletes at most HISTORY_PRUNE_LIMIT.
 * An update whose stamp did not move (another field of gameStats written) costs nothing.
 */
import {
  HISTORY_PRUNE_LIMIT,
  HISTORY_SHARDS,
  historyItemKey,
  historyItemsOf,
  historyWrites,
  marketMovers,
  MATERIALS_SECTOR,
  MOVER_WINDOW_MS,
  MOVERS_BASELINE_SLACK_MS,
  periodDocId,
  readGameStats,
  readHistoryPoints,
  type HistoryWrite,
  type MarketMovers,
  type Material,
  type MoverItemInfo,
  type Product,
} from '@sbc/domain';

export interface MarketHistoryDeps {
  /** Every product (the whole collection: N reads). */
  readProducts(): Promise<Product[]>;
  /** Every material, without the `list` document (M reads). */
  readMaterials(): Promise<Material[]>;
  /** marketHistory documents by id; a missing one is left out (one read each). */
  readHistory(ids: readonly string[]): Promise<unknown[]>;
  /** One batch: the history writes (each merged by its field mask) and the movers document. */
  commit(writes: readonly HistoryWrite[], movers: MarketMovers): Promise<void>;
  /** Deletes at most `limit` marketHistory documents whose expiresAt is before `now`; answers how many. */
  pruneExpired(now: Date, limit: number): Promise<number>;
}

export type HistoryOutcome = { recorded: false } | { recorded: true; at: Date; items: number; writes: number; baselineReads: number; pruned: number };

const DAY_MS = 86_400_000;

/** The period-tier documents that may hold the baselines of an update at `t` (domain/src/market-movers.ts). */
export function baselineDocIds(t: number): string[] {
  const instants = [t, t - DAY_MS, t - MOVER_WINDOW_MS.week, t - MOVER_WINDOW_MS.week - MOVERS_BASELINE_SLACK_MS];
  const ids = new Set<string>();
  for (const instant of instants) for (let shard = 0; shard < HISTORY_SHARDS; shard++) ids.add(periodDocId(instant, shard));
  return [...ids];
}

/** The stamp of a gameStats document, as a time; null when absent. */
function stampOf(data: unknown | null): number | null {
  const t = data ? readGameStats(data).lastUpdated?.getTime() : undefined;
  return t === undefined || !Number.isFinite(t) ? null : t;
}

export async function recordMarketHistory(before: unknown | null, after: unknown | null, deps: MarketHistoryDeps): Promise<HistoryOutcome> {
  const t = stampOf(after);
  if (t === null || t === stampOf(before)) return { recorded: false };
  const at = new Date(t);
  const [products, materials] = await Promise.all([deps.readProducts(), deps.readMaterials()]);
  const items = historyItemsOf(products, materials);
  const info: Record<string, MoverItemInfo> = {};
  for (const p of products) info[historyItemKey('p', p.slug)] = { name: p.name, sector: p.category };
  for (const m of materials) info[historyItemKey('m', m.name)] = { name: m.name, sector: MATERIALS_SECTOR };
  const ids = baselineDocIds(t);
  const recorded = readHistoryPoints(await deps.readHistory(ids));
  const movers = marketMovers(at, items, info, recorded);
  const writes = historyWrites(items, t);
  await deps.commit(writes, movers);
  const pruned = await deps.pruneExpired(at, HISTORY_PRUNE_LIMIT);
  return { recorded: true, at, items: Object.keys(items).length, writes: writes.length + 1, baselineReads: ids.length, pruned };
}
