/**
 * advanceMarket against our Firestore emulator (in-process, with firestore.rules): it reads the economy without
 * touching the read counters (the site's cost), writes through `:commit` as the game's servers do, and leaves the
 * database exactly as the pure advance says. The trigger side (the search index left alone) runs on the whole
 * stack in test/stack/stack.int.test.ts.
 */
import { join } from 'node:path';
import { startFirestoreEmulator, type RunningFirestoreEmulator } from '../../src/firestore';
import { advanceMarket, commitWrites, describeAdvance, planMarketAdvance, readMarketDocuments } from '../../src/market';
import { advanceMarketDocuments, GAME_STATS_PATH } from '../../src/market/advance';
import { loadRulesFile } from '../../src/rules';
import { loadDemoEconomy } from '../../src/stack/demo-data';

const NOW = new Date('2026-11-24T10:30:00.000Z');
let emulator: RunningFirestoreEmulator;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({
    projectId: 'demo-sbc-tycoon',
    port: 0,
    rules: loadRulesFile(join(__dirname, '..', '..', '..', 'firestore.rules')),
  });
});

afterAll(() => emulator.stop());

beforeEach(async () => {
  await loadDemoEconomy(emulator.url);
  emulator.resetCounters();
});

describe('advanceMarket on the emulator', () => {
  it('stores what the pure advance computes, reading nothing the counters bill', async () => {
    const before = await readMarketDocuments(emulator.url);
    const expected = advanceMarketDocuments(before, { seed: 42, now: NOW });
    emulator.resetCounters();

    const summary = await advanceMarket({ firestoreUrl: emulator.url, now: NOW });
    expect(summary).toEqual(expected.summary);

    const { reads, writes } = emulator.counters();
    expect(reads).toEqual({});
    const perCollection: Record<string, number> = {};
    for (const write of expected.writes) perCollection[write.path.split('/')[0]] = (perCollection[write.path.split('/')[0]] ?? 0) + 1;
    expect(writes).toEqual(perCollection);

    const stored = new Map((await readMarketDocuments(emulator.url)).map((d) => [d.path, d.data]));
    for (const write of expected.writes) {
      for (const field of write.fields ?? Object.keys(write.data)) {
        const [head, sub] = field.split('.');
        const doc = stored.get(write.path) ?? {};
        const want = sub === undefined ? write.data[head] : (write.data[head] as Record<string, unknown>)[sub];
        const have = sub === undefined ? doc[head] : (doc[head] as Record<string, unknown>)[sub];
        expect({ path: write.path, field, value: have }).toEqual({ path: write.path, field, value: want });
      }
    }
    // Names and sectors stay as they were.
    for (const doc of before.filter((d) => d.path.startsWith('products/'))) {
      expect(stored.get(doc.path)?.name).toBe(doc.data.name);
      expect(stored.get(doc.path)?.category).toBe(doc.data.category);
    }
  });

  it('counts the periods: a second advance is period 2, stamped with its own time', async () => {
    await advanceMarket({ firestoreUrl: emulator.url, now: NOW });
    const later = new Date(NOW.getTime() + 60_000);
    const second = await advanceMarket({ firestoreUrl: emulator.url, now: later });
    expect(second.period).toBe(2);
    const stats = (await readMarketDocuments(emulator.url)).find((d) => d.path === GAME_STATS_PATH)!.data;
    expect(stats.lastUpdated).toEqual(later);
    expect(stats.marketPeriod).toBe(2);
    expect(describeAdvance(second)).toMatch(/^Market period 2 \(2026-11-24T10:31:00\.000Z\): 159 products, 44 materials and 17 stat rows moved; market value [\d,]+ SBC \([+-]\d+\.\d\d %\)\.$/);
  });

  it('plans exactly what it then writes, writing nothing while planning', async () => {
    const plan = await planMarketAdvance({ firestoreUrl: emulator.url, now: NOW, seed: 5 });
    expect(emulator.counters().writes).toEqual({});
    const solar = plan.writes.find((w) => w.path === 'products/energy_solar_panel')!;
    await advanceMarket({ firestoreUrl: emulator.url, now: NOW, seed: 5 });
    const stored = (await readMarketDocuments(emulator.url)).find((d) => d.path === solar.path)!;
    expect(stored.data.average_market_price).toBe(solar.data.average_market_price);
  });

  it('never brings a deleted document back with only its moved figures', async () => {
    const write = { path: 'products/no_such_product', data: { average_market_price: 5 }, fields: ['average_market_price'] };
    await expect(commitWrites(emulator.url, 'demo-sbc-tycoon', [write])).rejects.toThrow(/could not be written: HTTP 400|HTTP 404|FAILED_PRECONDITION|NOT_FOUND/);
    expect((await readMarketDocuments(emulator.url)).some((d) => d.path === 'products/no_such_product')).toBe(false);
  });
});
