/**
 * A fake AlertStore over in-memory documents that counts reads and writes as Firestore bills them (the costs
 * functions/src/alerts/store.ts documents per call; functions/test/alerts.int.test.ts checks them against the
 * emulator's counters), and a market of alerts to evaluate. Used by the unit tests and the bench
 * (functions/bench/alert-evaluation.ts).
 */
import type { AlertIndexEntry, HookDeliveryState, WatchFigures } from '@sbc/domain';
import type { AlertStore, IndexedItem, StoredHook } from '../src/alerts/store';

export const SECRET = 'ab'.repeat(32);

/** A fake store over in-memory documents that counts reads and writes as Firestore bills them. */
export function countingStore(items: IndexedItem[], figures: Map<string, WatchFigures | null>, hooks: Map<string, StoredHook[]>) {
  const cost = { reads: 0, writes: 0 };
  const states = new Map<string, HookDeliveryState>();
  const saved: Array<{ id: string; alerts: Record<string, AlertIndexEntry> }> = [];
  const store: AlertStore = {
    async listAlertIndex() {
      cost.reads += Math.max(1, items.length);
      return items;
    },
    async readItemFigures(list) {
      cost.reads += list.length;
      return new Map(list.map((i) => [i.id, figures.get(i.id) ?? null]));
    },
    async saveIndexAlerts(changes) {
      cost.writes += changes.length;
      saved.push(...changes);
    },
    async activeHooksOf(uid) {
      const list = (hooks.get(uid) ?? []).filter((h) => (states.get(`${h.uid}/${h.slot}`) ?? h.state).status === 'active');
      cost.reads += Math.max(1, list.length);
      return list.map((h) => ({ ...h, state: states.get(`${h.uid}/${h.slot}`) ?? h.state }));
    },
    async hookSecrets(list) {
      cost.reads += list.length;
      return new Map(list.map((h) => [`${h.uid}_${h.slot}`, SECRET]));
    },
    async saveHookState(hook, state) {
      cost.writes += 1;
      states.set(`${hook.uid}/${hook.slot}`, state);
    },
  };
  return { store, cost, states, saved };
}

/** `products` items, each watched with a price alert by `playersPerItem` players; `withHooks` players have a webhook. */
export function marketOf(products: number, playersPerItem: number, withHooks: (uid: string) => boolean) {
  const items: IndexedItem[] = [];
  const figures = new Map<string, WatchFigures | null>();
  const hooks = new Map<string, StoredHook[]>();
  for (let p = 0; p < products; p++) {
    const alerts: Record<string, AlertIndexEntry> = {};
    for (let u = 0; u < playersPerItem; u++) {
      const uid = `player${(p * playersPerItem + u) % 1000}`;
      // Half the alerts are crossed by this update (price 100: "above 50" fires, "above 150" does not).
      alerts[uid] = { metric: 'price', direction: 'above', threshold: u % 2 === 0 ? 50 : 150, fired: false };
      if (withHooks(uid)) hooks.set(uid, [{ uid, slot: 'hook1', url: `https://hooks.example.com/${uid}`, state: { status: 'active', failures: 0, message: null } }]);
    }
    items.push({ id: `product_p${p}`, doc: { kind: 'product', ref: `p${p}`, name: `Product ${p}`, slug: `product-${p}`, alerts } });
    figures.set(`product_p${p}`, { price: 100, requestIndex: 1, inventory: 10 });
  }
  return { items, figures, hooks };
}

