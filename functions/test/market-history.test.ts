/**
 * The history the site keeps (functions/src/market-history.ts) on the demo economy moved period by period by the
 * local market (local-backend/src/market/advance.ts): every recorded figure equals the raw document's field, one
 * update's reads and writes stay within their bounds at 160 products and at 5,000, the movers are the ones the raw
 * documents give, and expired documents are pruned, at most HISTORY_PRUNE_LIMIT per update.
 */
import {
  HISTORY_PRUNE_LIMIT,
  HISTORY_SHARDS,
  historyDocIds,
  historySeries,
  readMaterials,
  readProduct,
  type HistoryWrite,
  type MarketMovers,
} from '@sbc/domain';
import { baselineDocIds, recordMarketHistory, type MarketHistoryDeps } from '../src/market-history';
import { advanceMarketDocuments, GAME_STATS_PATH, type MarketDocument, type MarketWrite } from '../../local-backend/src/market/advance';
import { generateDemoEconomy } from '../../local-backend/src/seed';

const START = Date.parse('2026-11-20T00:00:00.000Z');
const PERIOD = 30 * 60_000;

/** The documents after the market's writes (update masks of one or two levels, as the advance writes them). */
function apply(documents: MarketDocument[], writes: readonly MarketWrite[]): MarketDocument[] {
  const byPath = new Map(documents.map((d) => [d.path, structuredClone(d.data)]));
  for (const write of writes) {
    if (write.fields === null) {
      byPath.set(write.path, structuredClone(write.data));
      continue;
    }
    const target = byPath.get(write.path)!;
    for (const field of write.fields) {
      const [head, sub] = field.split('.');
      if (sub === undefined) target[head] = write.data[head];
      else (target[head] as Record<string, unknown>)[sub] = (write.data[head] as Record<string, unknown>)[sub];
    }
  }
  return [...byPath].map(([path, data]) => ({ path, data }));
}

/** A marketHistory collection in memory, merged by field masks as Firestore merges them, with the reads counted. */
class FakeHistory implements MarketHistoryDeps {
  docs = new Map<string, Record<string, unknown>>();
  movers: MarketMovers | null = null;
  reads = { catalogue: 0, history: 0, prune: 0 };
  writes = 0;
  deletes = 0;
  constructor(public market: () => MarketDocument[]) {}
  private of(collection: string) {
    return this.market().filter((d) => d.path.startsWith(`${collection}/`)).map((d) => ({ id: d.path.slice(collection.length + 1), data: d.data }));
  }
  async readProducts() {
    const docs = this.of('products');
    this.reads.catalogue += docs.length;
    return docs.map((d) => readProduct(d.id, d.data));
  }
  async readMaterials() {
    const docs = this.of('materials');
    this.reads.catalogue += docs.length;
    return readMaterials(docs);
  }
  async readHistory(ids: readonly string[]) {
    this.reads.history += ids.length; // Firestore bills a missing document of a batch get too
    return ids.filter((id) => this.docs.has(id)).map((id) => structuredClone(this.docs.get(id)));
  }
  async commit(writes: readonly HistoryWrite[], movers: MarketMovers) {
    for (const write of writes) {
      const doc = this.docs.get(write.id) ?? {};
      for (const field of write.fields) {
        const [head, sub] = field.split('.');
        if (sub === undefined) doc[head] = write.data[head];
        else doc[head] = { ...((doc[head] as object) ?? {}), [sub]: (write.data[head] as Record<string, unknown>)[sub] };
      }
      this.docs.set(write.id, doc);
    }
    this.movers = structuredClone(movers);
    this.writes += writes.length + 1;
  }
  async pruneExpired(now: Date, limit: number) {
    const expired = [...this.docs].filter(([, d]) => (d.expiresAt as Date).getTime() < now.getTime()).slice(0, limit);
    this.reads.prune += Math.max(1, expired.length);
    for (const [id] of expired) this.docs.delete(id);
    this.deletes += expired.length;
    return expired.length;
  }
}

/** `periods` market updates of a seeded economy, each recorded: the market documents after each one, and the fake. */
async function run(periods: number, products = 160) {
  let market: MarketDocument[] = generateDemoEconomy({ products }).documents;
  const snapshots: MarketDocument[][] = [];
  const history = new FakeHistory(() => market);
  const outcomes = [];
  for (let i = 0; i < periods; i++) {
    const before = market.find((d) => d.path === GAME_STATS_PATH)!.data;
    market = apply(market, advanceMarketDocuments(market, { seed: 42, now: new Date(START + i * PERIOD) }).writes);
    snapshots.push(market);
    outcomes.push(await recordMarketHistory(before, market.find((d) => d.path === GAME_STATS_PATH)!.data, history));
  }
  return { history, snapshots, outcomes };
}

/** The raw fields the tests read back (the market documents as the seed and the advance write them). */
interface RawDoc {
  slug: string;
  lastvqvalue: number[];
  average_market_price: number;
  pieces_on_market: number;
  production: { request_index: number };
  value: number;
  amount: number;
}
const fieldsOf = (doc: MarketDocument) => doc.data as unknown as RawDoc;
const raw = (docs: MarketDocument[], path: string) => fieldsOf(docs.find((d) => d.path === path)!);

describe('recording the market at each update', () => {
  it('records every product\'s and material\'s figures as the raw documents hold them, with the update\'s time', async () => {
    const { history, snapshots } = await run(3);
    const docs = [...history.docs.values()].filter((d) => d.tier === 'period');
    let checked = 0;
    for (const doc of snapshots[2].filter((d) => d.path.startsWith('products/') || d.path.startsWith('materials/'))) {
      const data = fieldsOf(doc);
      if (doc.path === 'materials/list' || (doc.path.startsWith('products/') && data.lastvqvalue.length === 0)) continue;
      const key = doc.path.startsWith('products/') ? `p/${data.slug}` : `m/${doc.path.slice('materials/'.length)}`;
      const series = historySeries(docs, key, START, START + 2 * PERIOD);
      expect(series.map((p) => p.at.getTime())).toEqual([START, START + PERIOD, START + 2 * PERIOD]);
      snapshots.forEach((snapshot, i) => {
        const r = raw(snapshot, doc.path);
        const expected = doc.path.startsWith('products/')
          ? [r.average_market_price, r.production.request_index, r.pieces_on_market]
          : [r.value, null, r.amount];
        expect([series[i].price, series[i].requestIndex, series[i].supply]).toEqual(expected);
      });
      checked++;
    }
    expect(checked).toBe(159 + 44); // every traded product (not the Prototype Drone) and every material
  });

  it('does nothing when the stamp did not move', async () => {
    const history = new FakeHistory(() => []);
    const stats = { lastUpdated: new Date(START), totalPlayers: 3 };
    expect(await recordMarketHistory(stats, { ...stats, totalPlayers: 4 }, history)).toEqual({ recorded: false });
    expect(await recordMarketHistory(null, null, history)).toEqual({ recorded: false });
    expect(history.writes + history.reads.catalogue).toBe(0);
  });

  it.each([160, 5000])('with %i products one update reads the catalogue once and at most 4 shards × 32 baselines, and writes at most 65 documents', async (products) => {
    const { history, outcomes } = await run(2, products);
    const second = outcomes[1];
    if (!second.recorded) throw new Error('not recorded');
    expect(second.writes).toBeLessThanOrEqual(2 * HISTORY_SHARDS + 1);
    expect(second.baselineReads).toBeLessThanOrEqual(4 * HISTORY_SHARDS);
    expect(history.reads.catalogue).toBe(2 * (products + 45)); // 44 materials and their `list` document
    expect(history.reads.prune).toBe(2);
    // no document near Firestore's 1 MiB limit: a whole day of periods at this size
    const day = [...history.docs.values()].find((d) => d.tier === 'period')!;
    const perPoint = JSON.stringify(Object.values(day.points as object)[0]).length;
    expect(perPoint * 48).toBeLessThan(products === 5000 ? 900_000 : 50_000);
  });
});

describe('the movers of each update, from the recorded history', () => {
  it('names the largest price rise since the previous period that the raw documents give, products and materials', async () => {
    const { history, snapshots } = await run(2);
    const moves = snapshots[1]
      .filter((d) => (d.path.startsWith('products/') && fieldsOf(d).lastvqvalue.length > 0) || (d.path.startsWith('materials/') && d.path !== 'materials/list'))
      .map((d) => {
        const product = d.path.startsWith('products/');
        const price = (data: RawDoc) => (product ? data.average_market_price : data.value);
        const then = price(raw(snapshots[0], d.path));
        const now = price(fieldsOf(d));
        return { key: product ? `p/${fieldsOf(d).slug}` : `m/${d.path.slice('materials/'.length)}`, change: (now - then) / then };
      })
      .filter((m) => m.change > 0)
      .sort((a, b) => b.change - a.change);
    const movers = history.movers!;
    expect(movers.windows.period.since).toBe(new Date(START).toISOString());
    expect(movers.windows.period.overall!.price.risers[0].key).toBe(moves[0].key);
    expect(movers.windows.period.overall!.price.risers[0].change).toBeCloseTo(moves[0].change, 12);
    expect(movers.windows.day.overall).toBeNull(); // one hour of history: no 24-hour window yet
  });
});

describe('retention', () => {
  it('keeps every period for 7 days, one point a day beyond, and prunes at most 100 documents per update', async () => {
    const history = new FakeHistory(() => generateDemoEconomy().documents);
    // 9 days of one period a day, recorded by hand-moved stamps
    for (let day = 0; day < 9; day++) {
      await recordMarketHistory({ lastUpdated: new Date(0) }, { lastUpdated: new Date(START + day * 86_400_000 + 3_600_000) }, history);
    }
    const ids = [...history.docs.keys()];
    expect(ids.filter((id) => id.startsWith('p_2026-11-20'))).toEqual([]); // 9 days old: gone
    expect(ids.filter((id) => id.startsWith('p_2026-11-21')).length).toBeGreaterThan(0); // its last day of 8
    expect(historyDocIds(0, START, START + 8 * 86_400_000, 'day')).toEqual(['d_2026-11_0']);
    expect(history.deletes).toBeGreaterThan(0);
    expect(history.deletes).toBeLessThanOrEqual(HISTORY_PRUNE_LIMIT * 9);
  });

  it('reads the baselines of today, yesterday and 7 days ago', () => {
    const days = new Set(baselineDocIds(Date.parse('2026-11-27T09:30:00.000Z')).map((id) => id.slice(2, 12)));
    expect([...days]).toEqual(['2026-11-27', '2026-11-26', '2026-11-20']);
  });
});
