/**
 * The pure market advance (src/market/advance.ts) on the demo economy: figures inside their bounds, one new point
 * per line, statistics that add up from the moved documents, the game stats stamped, the same writes for the same
 * seed and period, and no write that the search index trigger would have to act on.
 */
import { catalogEntryFor, marketStatRows, PRICE_CHART_DAYS, readGameStats, readMarketStatRow, readMaterial, readProduct, sameCatalogEntry } from '@sbc/domain';
import { advanceMarketDocuments, GAME_STATS_PATH, MATERIAL_BAND, type MarketDocument, type MarketWrite } from '../../src/market/advance';
import { generateDemoEconomy } from '../../src/seed';
import { materialFamilyOf } from '../../src/seed/materials';

const NOW = new Date('2026-11-24T10:30:00.000Z');
const seeded: MarketDocument[] = generateDemoEconomy().documents;

/** The documents after the writes (an update mask changes only its fields; 'production.x' only that subfield). */
function apply(documents: readonly MarketDocument[], writes: readonly MarketWrite[]): MarketDocument[] {
  const byPath = new Map(documents.map((d) => [d.path, structuredClone(d.data)]));
  for (const write of writes) {
    if (write.fields === null) {
      byPath.set(write.path, structuredClone(write.data));
      continue;
    }
    const target = byPath.get(write.path);
    if (!target) throw new Error(`${write.path}: an update of a missing document`);
    for (const field of write.fields) {
      const [head, sub] = field.split('.');
      if (sub === undefined) target[head] = write.data[head];
      else (target[head] as Record<string, unknown>)[sub] = (write.data[head] as Record<string, unknown>)[sub];
    }
  }
  return [...byPath].map(([path, data]) => ({ path, data }));
}

const docs = (documents: readonly MarketDocument[], collection: string) => documents.filter((d) => d.path.startsWith(`${collection}/`));
const byPath = (documents: readonly MarketDocument[], path: string) => documents.find((d) => d.path === path)!.data;

const first = advanceMarketDocuments(seeded, { seed: 42, now: NOW });
const after = apply(seeded, first.writes);

describe('one market period of the demo economy', () => {
  it('is period 1 on a seeded economy, then counts on from the stored period', () => {
    expect(first.summary.period).toBe(1);
    expect(byPath(after, GAME_STATS_PATH).marketPeriod).toBe(1);
    expect(advanceMarketDocuments(after, { seed: 42, now: NOW }).summary.period).toBe(2);
  });

  it('moves every traded product inside its [price_min, price_max], and leaves one that never traded alone', () => {
    const before = new Map(docs(seeded, 'products').map((d) => [d.path, readProduct(d.path, d.data)]));
    let moved = 0;
    for (const doc of docs(after, 'products')) {
      const p = readProduct(doc.path, doc.data);
      const old = before.get(doc.path)!;
      if (old.lastvqvalue.length === 0) {
        expect(doc.data).toEqual(byPath(seeded, doc.path));
        continue;
      }
      expect(p.average_market_price).toBeGreaterThanOrEqual(p.price_min);
      expect(p.average_market_price).toBeLessThanOrEqual(p.price_max);
      expect(Math.abs(p.pieces_on_market - old.pieces_on_market)).toBeLessThanOrEqual(Math.ceil(old.pieces_on_market * 0.05));
      if (p.average_market_price !== old.average_market_price) moved += 1;
    }
    expect(first.summary.products).toBe(docs(seeded, 'products').length - 1);
    // Nearly every price changes (a step can round back to the same cents, or hit a bound it sits on).
    expect(moved).toBeGreaterThan(first.summary.products * 0.8);
  });

  it('adds one point to each price line, the new price, keeping the newest 30 (the line the charts show)', () => {
    expect(PRICE_CHART_DAYS).toBe(30);
    for (const doc of docs(after, 'products')) {
      const old = byPath(seeded, doc.path).lastvqvalue as number[];
      const line = doc.data.lastvqvalue as number[];
      if (old.length === 0) continue;
      expect(line).toEqual([...old.slice(1), doc.data.average_market_price]);
    }
  });

  it('lets a short line grow by one point, and gives the price change over the new line', () => {
    const short: MarketDocument = {
      path: 'products/test_short',
      data: { name: 'Short', slug: 'short', category: 'energy', average_market_price: 10, price_min: 8, price_max: 12, pieces_on_market: 100, lastvqvalue: [9, 10], increase: 0.1111 },
    };
    const result = advanceMarketDocuments([short], { seed: 1, now: NOW });
    const data = apply([short], result.writes)[0].data;
    expect(data.lastvqvalue).toEqual([9, 10, data.average_market_price]);
    expect(data.increase).toBe(Math.round((((data.average_market_price as number) - 9) / 9) * 10000) / 10000);
  });

  it('adds one demand point, the new request index, kept within 0–100', () => {
    for (const doc of docs(after, 'products')) {
      const old = byPath(seeded, doc.path).production as { request_index_history: number[] };
      const production = doc.data.production as { request_index: number; request_index_history: number[]; cost: number };
      if ((byPath(seeded, doc.path).lastvqvalue as number[]).length === 0) continue;
      expect(production.request_index_history).toHaveLength(old.request_index_history.length);
      expect(production.request_index_history.slice(0, -1)).toEqual(old.request_index_history.slice(1));
      expect(production.request_index_history.at(-1)).toBe(production.request_index);
      expect(production.request_index).toBeGreaterThanOrEqual(0);
      expect(production.request_index).toBeLessThanOrEqual(100);
      // The rest of the production map is the game's, not the market's.
      expect(production.cost).toBe((byPath(seeded, doc.path).production as { cost: number }).cost);
    }
  });

  it('moves every material inside its band around the start price, the previous snapshot taking the old figures', () => {
    for (const doc of docs(after, 'materials').filter((d) => d.path !== 'materials/list')) {
      const old = readMaterial(doc.path, byPath(seeded, doc.path));
      const m = readMaterial(doc.path, doc.data);
      const anchor = old.startvalue > 0 ? old.startvalue : old.value;
      expect(m.value).toBeGreaterThanOrEqual(anchor * MATERIAL_BAND.min - 0.0001);
      expect(m.value).toBeLessThanOrEqual(anchor * MATERIAL_BAND.max + 0.0001);
      expect(m.lastvalue).toBe(old.value);
      expect(m.lastqty).toBe(old.amount);
      expect(m.cyclecount).toBe(old.cyclecount + 1);
      expect(m.startvalue).toBe(old.startvalue);
      expect(m.startqty).toBe(old.startqty);
    }
    expect(first.summary.materials).toBe(44);
  });

  it('gives statistics that add up from the moved documents, in the rows already stored', () => {
    const rows = [
      ...docs(after, 'marketStats').map((d) => ({ doc: d, row: readMarketStatRow(d.path, d.data, 'product') })),
      ...docs(after, 'marketMaterialStats').map((d) => ({ doc: d, row: readMarketStatRow(d.path, d.data, 'material') })),
    ];
    expect(rows.map((r) => r.doc.path).sort()).toEqual(
      [...docs(seeded, 'marketStats'), ...docs(seeded, 'marketMaterialStats')].map((d) => d.path).sort(),
    );
    const products = docs(after, 'products');
    for (const { doc, row } of rows.filter((r) => r.row.type === 'product')) {
      const members = products.filter((d) => (d.data.category ?? 'uncategorized') === doc.data.name).map((d) => readProduct(d.path, d.data));
      const total = members.reduce((acc, p) => acc + p.average_market_price * p.pieces_on_market, 0);
      const count = members.reduce((acc, p) => acc + p.pieces_on_market, 0);
      expect(members.length).toBeGreaterThan(0);
      expect(row.total).toBeCloseTo(total, 1);
      expect(row.count).toBe(count);
      expect(row.documentCount).toBe(members.length);
      expect(row.avg).toBeCloseTo(total / count, 1);
      expect(row.lastUpdated).toEqual(NOW);
    }
    const materials = docs(after, 'materials').filter((d) => d.path !== 'materials/list');
    for (const { doc, row } of rows.filter((r) => r.row.type === 'material')) {
      const members = materials.filter((d) => materialFamilyOf(d.path.slice('materials/'.length)) === doc.data.name);
      expect(row.total).toBeCloseTo(members.reduce((acc, d) => acc + (d.data.value as number) * (d.data.amount as number), 0), 1);
      expect(row.documentCount).toBe(members.length);
    }
    // A row stored without `category` stays without (the reader's 'industry' default is exercised on).
    expect(byPath(after, 'marketMaterialStats/material_fuels')).not.toHaveProperty('category');
    // The heatmap's groups are still there.
    expect(marketStatRows(rows.map((r) => r.row)).length).toBe(rows.length - 1);
  });

  it('stamps the game stats with the update and a market value that is the sum of the rows', () => {
    const stats = readGameStats(byPath(after, GAME_STATS_PATH));
    const rowTotals = [...docs(after, 'marketStats'), ...docs(after, 'marketMaterialStats')].reduce((acc, d) => acc + (d.data.total as number), 0);
    expect(stats.lastUpdated).toEqual(NOW);
    expect(stats.totalMarketValue).toBe(Math.round(rowTotals));
    expect(first.summary.marketValue).toBe(stats.totalMarketValue);
    expect(typeof byPath(after, GAME_STATS_PATH).totalPlayers).toBe('string');
    const old = readGameStats(byPath(seeded, GAME_STATS_PATH));
    expect(Math.abs(stats.totalHeadquarters - old.totalHeadquarters)).toBeLessThanOrEqual(4);
    expect(Math.abs(stats.totalPlayers - old.totalPlayers)).toBeLessThanOrEqual(8);
  });

  it('moves the game date half a game day (two market updates per in-game day)', () => {
    const before = byPath(seeded, 'gameParameters/date').value as Date;
    expect((byPath(after, 'gameParameters/date').value as Date).getTime() - before.getTime()).toBe(12 * 3_600_000);
  });

  it('writes the game stats last, so a client that sees the new stamp reads figures already written', () => {
    expect(first.writes.at(-1)!.path).toBe(GAME_STATS_PATH);
  });

  it('is deterministic: the same seed and period give the same writes, another seed or period others', () => {
    const again = advanceMarketDocuments(seeded, { seed: 42, now: NOW });
    expect(JSON.stringify(again.writes)).toBe(JSON.stringify(first.writes));
    expect(JSON.stringify(advanceMarketDocuments(seeded, { seed: 7, now: NOW }).writes)).not.toBe(JSON.stringify(first.writes));
    expect(JSON.stringify(advanceMarketDocuments(seeded, { seed: 42, period: 2, now: NOW }).writes)).not.toBe(JSON.stringify(first.writes));
  });

  it('moves a product the same whatever other documents there are (each draws from its own generator)', () => {
    const solar = seeded.find((d) => d.path === 'products/energy_solar_panel')!;
    const alone = advanceMarketDocuments([solar], { seed: 42, period: 1, now: NOW }).writes.find((w) => w.path === solar.path);
    expect(alone).toEqual(first.writes.find((w) => w.path === solar.path));
  });

  it('names its fields in every update, and none is one the search index reads: the index trigger writes nothing', () => {
    for (const write of first.writes.filter((w) => w.path.startsWith('products/') || w.path.startsWith('materials/'))) {
      expect(write.fields).not.toBeNull();
      for (const field of ['name', 'slug', 'category']) expect(write.fields).not.toContain(field);
      const kind = write.path.startsWith('products/') ? 'p' : 'm';
      const id = write.path.split('/')[1];
      expect(sameCatalogEntry(catalogEntryFor(kind, id, byPath(seeded, write.path)), catalogEntryFor(kind, id, byPath(after, write.path)))).toBe(true);
    }
  });

  it('knows the family of every material the generator makes, grades included', () => {
    for (const size of [10, 44, 300]) {
      for (const doc of docs(generateDemoEconomy({ materials: size }).documents, 'materials').filter((d) => d.path !== 'materials/list')) {
        expect(materialFamilyOf(doc.path.slice('materials/'.length))).not.toBeNull();
      }
    }
    expect(materialFamilyOf('Unobtainium')).toBeNull();
  });

  it('creates the row of a new sector whole, and zeroes a row whose documents are gone', () => {
    const lone: MarketDocument[] = [
      { path: 'products/space_rocket', data: { name: 'Rocket', slug: 'rocket', category: 'space', average_market_price: 100, price_min: 50, price_max: 150, pieces_on_market: 10, lastvqvalue: [100] } },
      { path: 'marketStats/product_gone', data: { name: 'gone', type: 'product', category: 'gone', avg: 5, count: 2, total: 10, documentCount: 1 } },
    ];
    const result = apply(lone, advanceMarketDocuments(lone, { seed: 3, now: NOW }).writes);
    expect(byPath(result, 'marketStats/product_space')).toMatchObject({ name: 'space', type: 'product', category: 'space', documentCount: 1, lastUpdated: NOW });
    expect(byPath(result, 'marketStats/product_gone')).toMatchObject({ name: 'gone', category: 'gone', avg: 0, count: 0, total: 0, documentCount: 0 });
  });
});
