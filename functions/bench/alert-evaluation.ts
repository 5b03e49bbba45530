/**
 * Reads and writes of one market update's alert evaluation (issue 37), at the demo economy's 160 products and at
 * 5,000, for docs/alert-webhooks.md#reads-and-writes-per-market-update. Runs the function's own evaluation
 * (evaluateMarketUpdate) on the counting store of the tests (each call billed as functions/src/alerts/store.ts
 * documents it; the integration test checks those costs against the emulator's counters) with a receiver that
 * answers at once. Deterministic (a seeded generator).
 *
 * Scenario per size: PLAYERS players, each with ALERTS_PER_PLAYER price alerts on items drawn at random among the
 * products and the 44 materials; HOOK_SHARE of the players have one webhook (only their alerts are indexed); the
 * update crosses FIRE_SHARE of the alerts. And the worst case: every alert of every player crosses.
 *
 * Run: `node --import tsx functions/bench/alert-evaluation.ts`.
 */
import type { AlertIndexEntry, WatchFigures } from '@sbc/domain';
import { evaluateMarketUpdate } from '../src/alerts/evaluate';
import type { IndexedItem, StoredHook } from '../src/alerts/store';
import { countingStore } from '../test/alert-store-fake';

const MATERIALS = 44;
const PLAYERS = 1_000;
const ALERTS_PER_PLAYER = 10;
const HOOK_SHARE = 0.3;
const FIRE_SHARE = 0.05;

function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function scenario(products: number, fireShare: number) {
  const random = generator(products);
  const items = new Map<string, IndexedItem>();
  const figures = new Map<string, WatchFigures | null>();
  const hooks = new Map<string, StoredHook[]>();
  const catalogue = products + MATERIALS;
  for (let p = 0; p < PLAYERS; p++) {
    const uid = `player${p}`;
    // Only players with a webhook are in the index (the others' alerts are the open page's alone).
    if (random() >= HOOK_SHARE) continue;
    hooks.set(uid, [{ uid, slot: 'hook1', url: `https://hooks.example.com/${uid}`, state: { status: 'active', failures: 0, message: null } }]);
    for (let a = 0; a < ALERTS_PER_PLAYER; a++) {
      const n = Math.floor(random() * catalogue);
      const kind = n < products ? 'product' : 'material';
      const id = `${kind}_${n}`;
      const item = items.get(id) ?? { id, doc: { kind, ref: String(n), name: `Item ${n}`, slug: `item-${n}`, alerts: {} as Record<string, AlertIndexEntry> } };
      // Price 100 after the update: "above 50" crosses, "above 150" does not.
      item.doc.alerts[uid] = { metric: 'price', direction: 'above', threshold: random() < fireShare ? 50 : 150, fired: false };
      items.set(id, item);
      figures.set(id, { price: 100, requestIndex: kind === 'product' ? 1 : null, inventory: 10 });
    }
  }
  return { items: [...items.values()], figures, hooks };
}

async function measure(products: number, fireShare: number) {
  const { items, figures, hooks } = scenario(products, fireShare);
  const { store, cost } = countingStore(items, figures, hooks);
  const summary = await evaluateMarketUpdate(
    { store, config: { siteOrigin: 'https://sbc.example', backoffScale: 0, timeoutMs: 1000, allowLoopbackHttp: false }, post: async () => ({ ok: true, status: 200 }) },
    new Date(),
  );
  return { products, fireShare, itemsWithAlerts: summary.items, fired: summary.fired, playersFired: summary.players, deliveries: summary.deliveries.length, reads: cost.reads, writes: cost.writes };
}

async function main() {
  const rows = [];
  for (const products of [160, 5_000]) for (const share of [FIRE_SHARE, 1]) rows.push(await measure(products, share));
  console.log(`${PLAYERS} players × ${ALERTS_PER_PLAYER} alerts, ${HOOK_SHARE * 100} % with a webhook`);
  console.table(rows);
}

void main();
