import { readGameStats, readMarketStatRow, readProduct } from '@sbc/domain';
import { groupByCategory } from '@sbc/domain';
import { generateDemoEconomy } from '../../src/seed';
import { collection, materialDocs } from './dataset';

const dataset = generateDemoEconomy();
const products = collection(dataset, 'products');
const materials = materialDocs(dataset);

function isCents(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

describe('product market figures', () => {
  it.each(products.map((p) => [p.data.slug, p.data] as const))('%s has min ≤ avg ≤ max and a history inside the range', (_slug, data) => {
    const p = readProduct('x', data);
    expect(p.price_min).toBeGreaterThan(0);
    expect(p.price_min).toBeLessThanOrEqual(p.average_market_price);
    expect(p.average_market_price).toBeLessThanOrEqual(p.price_max);
    expect([p.price_min, p.average_market_price, p.price_max].every(isCents)).toBe(true);
    expect(Number.isInteger(p.pieces_on_market) && p.pieces_on_market >= 1).toBe(true);
    for (const v of p.lastvqvalue) {
      expect(v).toBeGreaterThanOrEqual(p.price_min);
      expect(v).toBeLessThanOrEqual(p.price_max);
    }
  });

  it('gives 30 daily prices ending at the current average, except the empty-history record', () => {
    for (const p of products) {
      const history = p.data.lastvqvalue as number[];
      if (p.data.slug === 'prototype-drone') continue;
      expect(history).toHaveLength(30);
      expect(history[29]).toBe(p.data.average_market_price);
    }
  });

  it('gives 40 request-index points within 0–100, the last being the current request index', () => {
    for (const p of products) {
      const production = p.data.production as { request_index: number; request_index_history: number[]; cost: number; time: number };
      expect(production.request_index_history).toHaveLength(40);
      for (const v of production.request_index_history) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(100);
        expect(isCents(v)).toBe(true);
      }
      expect(production.request_index).toBe(production.request_index_history[39]);
      expect(production.cost).toBeGreaterThan(0);
      expect(Number.isInteger(production.time) && production.time > 0).toBe(true);
    }
  });

  it('makes most products enabled and uses both types', () => {
    const enabled = products.filter((p) => p.data.enabled === true).length;
    expect(enabled / products.length).toBeGreaterThan(0.8);
    expect(enabled).toBeLessThan(products.length);
    expect(new Set(products.map((p) => p.data.type))).toEqual(new Set(['product', 'component']));
  });

  it('never points an image at an external host: absent, empty or an inline data: URL under 500 characters', () => {
    const images = products.map((p) => p.data.image_url).concat(materials.map((m) => m.data.image_url));
    for (const url of images) {
      if (url === undefined || url === '') continue;
      expect(url).toMatch(/^data:image\/svg\+xml,/);
      expect((url as string).length).toBeLessThanOrEqual(500);
    }
    const withImage = images.filter((u) => typeof u === 'string' && u !== '').length;
    expect(withImage).toBeGreaterThan(0);
    expect(withImage / images.length).toBeLessThan(0.1);
  });
});

describe('market stat rows', () => {
  function recompute(items: Array<{ price: number; quantity: number; key: string }>) {
    const out = new Map<string, { total: number; count: number; documentCount: number }>();
    for (const i of items) {
      const g = out.get(i.key) ?? { total: 0, count: 0, documentCount: 0 };
      g.total += i.price * i.quantity;
      g.count += i.quantity;
      g.documentCount += 1;
      out.set(i.key, g);
    }
    return out;
  }

  it('has one product row per category, recomputed from the products', () => {
    const expected = recompute(
      products.map((p) => ({
        key: (p.data.category as string | undefined) ?? 'uncategorized',
        price: p.data.average_market_price as number,
        quantity: p.data.pieces_on_market as number,
      })),
    );
    const rows = collection(dataset, 'marketStats');
    expect(rows.map((r) => r.data.name).sort()).toEqual([...expected.keys()].sort());
    for (const r of rows) {
      const e = expected.get(r.data.name as string)!;
      expect(r.data).toMatchObject({ type: 'product', category: r.data.name, count: e.count, documentCount: e.documentCount });
      expect(r.data.total).toBeCloseTo(e.total, 1);
      expect(r.data.avg).toBeCloseTo(e.total / e.count, 2);
    }
  });

  it('has an uncategorized product row that the site drops', () => {
    const rows = collection(dataset, 'marketStats').map((r) => readMarketStatRow(r.id, r.data, 'product'));
    expect(rows.filter((r) => r.category === 'uncategorized')).toHaveLength(1);
    const groups = groupByCategory(rows);
    expect(groups.map((g) => g.category)).not.toContain('uncategorized');
    expect(groups.length).toBeGreaterThanOrEqual(8);
  });

  it('has material rows per family recomputed from the materials, in industry (some by the reader default)', () => {
    const families = recompute(materials.map((m) => ({ key: '', price: m.data.value as number, quantity: m.data.amount as number })));
    const rows = collection(dataset, 'marketMaterialStats');
    expect(rows.some((r) => !('category' in r.data))).toBe(true);
    expect(rows.every((r) => r.data.category === undefined || r.data.category === 'industry')).toBe(true);
    const read = rows.map((r) => readMarketStatRow(r.id, r.data, 'material'));
    expect(read.every((r) => r.category === 'industry' && r.type === 'material')).toBe(true);
    const all = families.get('')!;
    expect(read.reduce((a, r) => a + r.count, 0)).toBe(all.count);
    expect(read.reduce((a, r) => a + r.documentCount, 0)).toBe(materials.length);
    expect(read.reduce((a, r) => a + r.total, 0)).toBeCloseTo(all.total, 0);
    for (const r of read) expect(r.avg).toBeCloseTo(r.total / r.count, 2);
  });
});

describe('game parameters', () => {
  const doc = (id: string) => collection(dataset, 'gameParameters').find((d) => d.id === id)!.data;

  it('dates the game in its year 2031', () => {
    expect(doc('date').value).toBeInstanceOf(Date);
    expect((doc('date').value as Date).getUTCFullYear()).toBe(2031);
  });

  it('reports headline stats of the right magnitude, one stored as a numeric string', () => {
    const raw = doc('gameStats');
    expect(Object.values(raw).some((v) => typeof v === 'string' && /^\d+$/.test(v))).toBe(true);
    const stats = readGameStats(raw);
    expect(stats.totalHeadquarters).toBeGreaterThan(1100);
    expect(stats.totalHeadquarters).toBeLessThan(1400);
    expect(stats.totalPlayers).toBeGreaterThan(4500);
    expect(stats.totalPlayers).toBeLessThan(5100);
    expect(stats.totalMarketValue).toBeGreaterThan(2.5e9);
    expect(stats.totalMarketValue).toBeLessThan(4.5e9);
  });

  it('makes the total market value the sum of every stat row', () => {
    const rows = [...collection(dataset, 'marketStats'), ...collection(dataset, 'marketMaterialStats')];
    const sum = rows.reduce((a, r) => a + (r.data.total as number), 0);
    expect(readGameStats(doc('gameStats')).totalMarketValue).toBe(Math.round(sum));
  });
});
