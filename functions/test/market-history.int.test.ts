/**
 * The history the site keeps, end to end: the local market advances (local-backend/src/market, as `npm run
 * market:advance` does), our Firestore emulator delivers the new gameParameters/gameStats to the Functions emulator,
 * whose recordMarketHistoryOnUpdate records every figure and the movers. The recorded figures are compared with the
 * raw documents the emulator holds, and the reads and writes of one recording are counted by the emulator.
 * Run by `npm run test:integration -- market-history`.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { HISTORY_SHARDS, historySeries, readMarketMovers } from '@sbc/domain';
import { advanceMarket, readMarketDocuments } from '../../local-backend/src/market';

const firestoreUrl = process.env.SBC_FIRESTORE_URL ?? 'http://127.0.0.1:8080';
jest.setTimeout(120_000);

let app: App;
let db: Firestore;

beforeAll(() => {
  process.env.FIRESTORE_EMULATOR_HOST = new URL(firestoreUrl).host;
  app = initializeApp({ projectId: 'demo-sbc-tycoon' }, `market-history-${Date.now()}`);
  db = getFirestore(app);
  db.settings({ preferRest: true, authClient: { getRequestHeaders: async () => ({}), universeDomain: 'googleapis.com' } } as FirebaseFirestore.Settings);
});

afterAll(async () => {
  await deleteApp(app);
});

type Counters = { reads: Record<string, number>; writes: Record<string, number> };
const counters = async (): Promise<Counters> => (await fetch(`${firestoreUrl}/emulator/v1/counters`)).json() as Promise<Counters>;

/** Waits until the movers document names the update at `at` (the trigger runs after the market's last write). */
async function recorded(at: Date): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const movers = readMarketMovers((await db.collection('marketMovers').doc('latest').get()).data());
    if (movers?.at === at.toISOString()) return;
    if (Date.now() > deadline) throw new Error(`The market update of ${at.toISOString()} was never recorded`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('recording the market history on the Functions emulator', () => {
  const first = new Date(Math.floor(Date.now() / 1_800_000) * 1_800_000 - 1_800_000);
  const second = new Date(first.getTime() + 1_800_000);

  it('records every product and material at each update, as the raw documents hold them, and the movers', async () => {
    await advanceMarket({ firestoreUrl, now: first });
    await recorded(first);
    const before = await counters();
    await advanceMarket({ firestoreUrl, now: second });
    await recorded(second);
    const after = await counters();

    const raw = await readMarketDocuments(firestoreUrl);
    const history = (await db.collection('marketHistory').get()).docs.map((d) => d.data());
    const items = raw.filter((d) => (d.path.startsWith('products/') && (d.data.lastvqvalue as unknown[]).length > 0) || (d.path.startsWith('materials/') && d.path !== 'materials/list'));
    expect(items.length).toBeGreaterThan(150);
    for (const doc of items) {
      const data = doc.data as Record<string, unknown> & { production?: { request_index?: number } };
      const product = doc.path.startsWith('products/');
      const key = product ? `p/${data.slug}` : `m/${doc.path.slice('materials/'.length)}`;
      const series = historySeries(history.filter((d) => d.tier === 'period'), key, first.getTime(), second.getTime());
      // Both updates recorded. Other integration tests on the same stack move the market at the real time, which may
      // fall between the two (their points are recordings too): the series starts at the first and ends at the second.
      expect(series[0]?.at.toISOString()).toBe(first.toISOString());
      expect(series.at(-1)?.at.toISOString()).toBe(second.toISOString());
      const expected = product ? [data.average_market_price, data.production?.request_index, data.pieces_on_market] : [data.value, null, data.amount];
      const last = series.at(-1)!;
      expect([last.price, last.requestIndex, last.supply]).toEqual(expected);
    }

    const movers = readMarketMovers((await db.collection('marketMovers').doc('latest').get()).data());
    // Since the previous recorded update: the first, or one of the other tests' in between.
    const since = Date.parse(movers?.windows.period.since ?? '');
    expect(since).toBeGreaterThanOrEqual(first.getTime());
    expect(since).toBeLessThan(second.getTime());
    expect(movers?.windows.period.overall?.price.risers.length).toBeGreaterThan(0);

    // One recording's cost, counted by the emulator: the catalogue once, at most 4 × 32 baseline documents, at
    // most 2 × 32 history writes and the movers document.
    const delta = (kind: 'reads' | 'writes', collection: string) => (after[kind][collection] ?? 0) - (before[kind][collection] ?? 0);
    const catalogue = raw.filter((d) => d.path.startsWith('products/') || d.path.startsWith('materials/')).length;
    console.log(
      `[market-history] one recording: products+materials reads ${delta('reads', 'products') + delta('reads', 'materials')} (catalogue ${catalogue}), ` +
        `marketHistory reads ${delta('reads', 'marketHistory')}, writes ${delta('writes', 'marketHistory')}, marketMovers writes ${delta('writes', 'marketMovers')}`,
    );
    expect(delta('reads', 'products') + delta('reads', 'materials')).toBe(catalogue);
    expect(delta('reads', 'marketHistory')).toBeLessThanOrEqual(4 * HISTORY_SHARDS);
    expect(delta('writes', 'marketHistory')).toBeLessThanOrEqual(2 * HISTORY_SHARDS);
    expect(delta('writes', 'marketMovers')).toBe(1);
  });
});
