/**
 * Firestore reads and writes of one market update's functions (issue 37), at the demo economy's 160 products and at
 * 5,000, for `npm run size`: the history recording (functions/src/market-history.ts through its firebase-admin calls,
 * functions/src/market-history-store.ts) and the alert evaluation (functions/src/alerts/evaluate.ts through
 * functions/src/alerts/store.ts), each run as its trigger runs it, against our Firestore emulator, counted by the
 * emulator per collection (local-backend/src/firestore/counters.ts: a read per document found, a write per set,
 * update or delete).
 *
 * Per size: the demo economy is loaded (requests within the emulator's 10 MiB limit: loadDemoEconomy), then PLAYERS
 * players get ALERTS_PER_PLAYER price alerts each on items drawn at random (a seeded generator), HOOK_SHARE of them a
 * webhook (only their alerts are in the index, as alertHookChanged leaves it) pointing at a local receiver that
 * answers 204; FIRE_SHARE of the alerts are set to cross ("price above 0"), the others never ("above 10^12"). Then
 * the market advances twice (`npm run market:advance`'s code), and after each advance both functions run on the
 * game stats' change: the first update records into an empty history and fires the crossing alerts; the second reads
 * the first's history back for the movers, and the alerts already fired stay quiet (fire once per crossing).
 *
 * Exits 1 when a figure is over its budget (budgets.json "marketUpdate"). Appends `{ kind: 'marketUpdate', … }` to
 * e2e/artifacts/performance.json. Run: `node --import tsx local-backend/bench/market-update-costs.ts [products…]`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { AlertIndexEntry } from '@sbc/domain';
import { evaluateMarketUpdate } from '../../functions/src/alerts/evaluate';
import { ALERT_HOOK_SECRETS_COLLECTION, ALERT_HOOKS_COLLECTION, firestoreAlertStore, secretDocumentId } from '../../functions/src/alerts/store';
import { recordMarketHistory } from '../../functions/src/market-history';
import { firestoreMarketHistoryDeps } from '../../functions/src/market-history-store';
import { importDocuments } from '../src/accounts';
import { startFirestoreEmulator } from '../src/firestore';
import { advanceMarket, readMarketDocuments } from '../src/market';
import { toFirestoreFields } from '../src/seed';
import { loadDemoEconomy } from '../src/stack/demo-data';
import { PROJECT_ID } from '../src/static-server';

const SIZES = process.argv.slice(2).map(Number).filter((n) => n > 0);
const PRODUCTS = SIZES.length > 0 ? SIZES : [160, 5_000];
const PLAYERS = 1_000;
const ALERTS_PER_PLAYER = 10;
const HOOK_SHARE = 0.3;
const FIRE_SHARE = 0.05;
const PERIOD_MS = 30 * 60_000;
const REPO = join(__dirname, '..', '..');
const ARTIFACT = join(REPO, 'e2e', 'artifacts', 'performance.json');

type Count = Record<string, number>;
interface Cost {
  reads: Count;
  writes: Count;
}
interface Budget {
  reads: number;
  writes: number;
}
type Budgets = Record<string, Record<'history' | 'alerts', Budget>>;

const sum = (count: Count) => Object.values(count).reduce((a, b) => a + b, 0);

function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function difference(after: Count, before: Count): Count {
  const out: Count = {};
  for (const [collection, n] of Object.entries(after)) if (n - (before[collection] ?? 0) > 0) out[collection] = n - (before[collection] ?? 0);
  return out;
}

/** The players, their webhooks and secrets, and the alert index, as the functions leave them (REST documents). */
function alertDocuments(items: Array<{ kind: 'product' | 'material'; ref: string; name: string; slug: string }>, receiver: string, seed: number) {
  const random = generator(seed);
  const index = new Map<string, { kind: string; ref: string; name: string; slug: string; alerts: Record<string, AlertIndexEntry> }>();
  const docs: Array<{ path: string; data: Record<string, unknown> }> = [];
  let alerts = 0;
  for (let p = 0; p < PLAYERS; p++) {
    if (random() >= HOOK_SHARE) continue;
    const uid = `player${p}`;
    docs.push({ path: `users/${uid}/${ALERT_HOOKS_COLLECTION}/hook1`, data: { url: `${receiver}/${uid}`, label: 'bench', status: 'active', failures: 0, message: null } });
    docs.push({ path: `${ALERT_HOOK_SECRETS_COLLECTION}/${secretDocumentId(uid, 'hook1')}`, data: { secret: 'ab'.repeat(32) } });
    for (let a = 0; a < ALERTS_PER_PLAYER; a++) {
      const item = items[Math.floor(random() * items.length)];
      const id = `${item.kind}_${item.ref}`;
      const doc = index.get(id) ?? { ...item, alerts: {} };
      doc.alerts[uid] = { metric: 'price', direction: 'above', threshold: random() < FIRE_SHARE ? 0 : 1e12, fired: false };
      index.set(id, doc);
      alerts += 1;
    }
  }
  for (const [id, data] of index) docs.push({ path: `alertIndex/${id}`, data });
  return { docs: docs.map((d) => ({ path: d.path, fields: toFirestoreFields(d.data) })), alerts, indexed: index.size };
}

async function measureSize(products: number, db: Firestore, emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>, receiver: string) {
  await loadDemoEconomy(emulator.url, { products });
  const market = await readMarketDocuments(emulator.url);
  type Item = { kind: 'product' | 'material'; ref: string; name: string; slug: string };
  const items = market.flatMap((d): Item[] => {
    const [collection, id] = d.path.split('/');
    if (collection === 'products') return [{ kind: 'product', ref: id, name: String(d.data.name ?? id), slug: String(d.data.slug ?? id) }];
    if (collection === 'materials' && id !== 'list') return [{ kind: 'material', ref: id, name: id, slug: id }];
    return [];
  });
  const seeded = alertDocuments(items, receiver, products);
  await importDocuments(emulator.url, seeded.docs);
  const catalogue = items.length;

  const gameStats = async () => (await readMarketDocuments(emulator.url)).find((d) => d.path === 'gameParameters/gameStats')?.data ?? null;
  const historyDeps = firestoreMarketHistoryDeps(() => db);
  const alertStore = firestoreAlertStore(db);
  const config = { siteOrigin: 'https://sbc.example', backoffScale: 0, timeoutMs: 5_000, allowLoopbackHttp: true };
  const start = Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS - PERIOD_MS;
  const rows = [];
  for (const update of [1, 2]) {
    const before = await gameStats();
    await advanceMarket({ firestoreUrl: emulator.url, now: new Date(start + (update - 1) * PERIOD_MS) });
    const after = await gameStats();
    // What each function costs: the emulator's counters around it (the market job's own writes are not counted here).
    const counted = async <T>(run: () => Promise<T>): Promise<{ result: T; cost: Cost }> => {
      const was = emulator.counters();
      const result = await run();
      const now = emulator.counters();
      return { result, cost: { reads: difference(now.reads, was.reads), writes: difference(now.writes, was.writes) } };
    };
    const history = await counted(() => recordMarketHistory(before, after, historyDeps));
    if (!history.result.recorded) throw new Error(`update ${update} at ${products} products was not recorded`);
    const alerts = await counted(() => evaluateMarketUpdate({ store: alertStore, config, log: () => {} }, new Date()));
    const failed = alerts.result.deliveries.filter((d) => !d.ok).length;
    if (failed > 0) throw new Error(`${failed} deliveries failed at ${products} products`);
    rows.push({
      products,
      catalogue,
      update,
      history,
      alerts,
      summary: { items: alerts.result.items, fired: alerts.result.fired, players: alerts.result.players, deliveries: alerts.result.deliveries.length },
      seeded: { alerts: seeded.alerts, indexed: seeded.indexed },
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const budgets = (JSON.parse(readFileSync(join(REPO, 'budgets.json'), 'utf8')) as { marketUpdate: Budgets & { $comment?: string } }).marketUpdate;
  let delivered = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      delivered += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const emulator = await startFirestoreEmulator({ projectId: PROJECT_ID, port: 0 });
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  const app = initializeApp({ projectId: PROJECT_ID }, `market-update-costs-${Date.now()}`);
  const db = getFirestore(app);
  // As functions/src/index.ts talks to our emulator: REST, `Bearer owner` (admin).
  db.settings({ preferRest: true, authClient: { getRequestHeaders: async () => ({}), universeDomain: 'googleapis.com' } } as FirebaseFirestore.Settings);

  try {
    const rows = [];
    for (const products of PRODUCTS) rows.push(...(await measureSize(products, db, emulator, receiverUrl)));
    const fmt = (cost: Cost) => `${sum(cost.reads)} reads ${JSON.stringify(cost.reads)}, ${sum(cost.writes)} writes ${JSON.stringify(cost.writes)}`;
    console.log(
      `Firestore per market update (our emulator's counters; ${PLAYERS} players × ${ALERTS_PER_PLAYER} price alerts, ${HOOK_SHARE * 100} % with a webhook, ${FIRE_SHARE * 100} % set to cross):`,
    );
    console.table(
      rows.map((r) => ({
        products: r.products,
        'items (products + materials)': r.catalogue,
        update: r.update === 1 ? '1st (empty history)' : '2nd (history read back)',
        'history reads': sum(r.history.cost.reads),
        'history writes': sum(r.history.cost.writes),
        'alerts: items indexed': r.summary.items,
        'alerts fired': r.summary.fired,
        deliveries: r.summary.deliveries,
        'alerts reads': sum(r.alerts.cost.reads),
        'alerts writes': sum(r.alerts.cost.writes),
      })),
    );
    for (const r of rows) console.log(`  ${r.products} products, update ${r.update}: history ${fmt(r.history.cost)}; alerts ${fmt(r.alerts.cost)}`);
    console.log(`  the local receiver got ${delivered} signed deliveries`);

    const failures: string[] = [];
    for (const r of rows) {
      const budget = budgets[String(r.products)];
      if (!budget) continue;
      for (const part of ['history', 'alerts'] as const) {
        const cost = r[part].cost;
        if (sum(cost.reads) > budget[part].reads) failures.push(`${r.products} products, update ${r.update}: ${part} read ${sum(cost.reads)} documents, budget ${budget[part].reads}`);
        if (sum(cost.writes) > budget[part].writes) failures.push(`${r.products} products, update ${r.update}: ${part} wrote ${sum(cost.writes)} documents, budget ${budget[part].writes}`);
      }
    }
    for (const failure of failures) console.error(`FAIL ${failure}`);
    if (failures.length > 0) process.exitCode = 1;

    const previous: unknown = existsSync(ARTIFACT) ? JSON.parse(readFileSync(ARTIFACT, 'utf8')) : [];
    const kept = Array.isArray(previous) ? previous.filter((entry: { kind?: string }) => entry.kind !== 'marketUpdate') : [];
    mkdirSync(join(REPO, 'e2e', 'artifacts'), { recursive: true });
    const entry = {
      kind: 'marketUpdate',
      players: PLAYERS,
      rows: rows.map((r) => ({ products: r.products, catalogue: r.catalogue, update: r.update, history: r.history.cost, alerts: r.alerts.cost, ...r.summary })),
    };
    writeFileSync(ARTIFACT, JSON.stringify([...kept, entry], null, 2));
  } finally {
    await deleteApp(app);
    await emulator.stop();
    receiver.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
