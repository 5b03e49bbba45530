/**
 * The market clock's read cost against our Firestore emulator (in-process, with firestore.rules), through the real
 * Firebase gateway (firebase/firestore/lite) and the local market advance (local-backend/src/market): an open
 * /products page reads nothing between updates, and one market update costs it the game stats document once plus
 * what it shows (the heatmap's rows and the shown sector's products), as the emulator's counters bill them.
 * The market period is shortened to 8 s (the runtime config's market.updateIntervalSeconds) so this takes seconds.
 */
import { join } from 'node:path';
import { autorun, when } from 'mobx';
import { startFirestoreEmulator, type RunningFirestoreEmulator } from '../../../local-backend/src/firestore';
import { advanceMarket } from '../../../local-backend/src/market';
import { loadRulesFile } from '../../../local-backend/src/rules';
import { loadDemoEconomy } from '../../../local-backend/src/stack/demo-data';
import type { RuntimeConfig } from '../config/runtime-config';
import { createFirebaseServices, disposeFirebaseServices, type FirebaseServices } from '../data/firebase';
import { createGatewayFromServices } from '../data/firebase-gateway';
import { MemoryStorage } from '../data/memory-storage';
import { RootStore } from './root-store';

jest.setTimeout(60_000);

const PROJECT_ID = 'demo-sbc-tycoon';
const PERIOD_MS = 8000;
let emulator: RunningFirestoreEmulator;
let services: FirebaseServices;
let store: RootStore;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ projectId: PROJECT_ID, port: 0, rules: loadRulesFile(join(__dirname, '..', '..', '..', 'firestore.rules')) });
  await loadDemoEconomy(emulator.url);
  const config: RuntimeConfig = {
    remotes: { publicSite: 'http://x/mf-manifest.json', adminConsole: 'http://y/mf-manifest.json' },
    firebase: { apiKey: 'demo-key', authDomain: `${PROJECT_ID}.firebaseapp.com`, projectId: PROJECT_ID, appId: '1:1:web:1' },
    registerUrl: 'http://127.0.0.1:1/unused',
    emulators: { authUrl: 'http://127.0.0.1:1', firestoreHost: emulator.host, firestorePort: emulator.port },
    market: { updateIntervalSeconds: PERIOD_MS / 1000 },
  };
  services = createFirebaseServices(config, 'market-clock-int-test');
  const gateway = createGatewayFromServices(services, config.registerUrl, undefined, () => ({ uid: 'nobody', email: 'nobody@example.com' }));
  store = new RootStore(gateway, { storage: new MemoryStorage(), marketClock: { periodMs: PERIOD_MS, visibility: null } });
});

afterAll(async () => {
  store.dispose();
  await disposeFirebaseServices(services);
  await emulator.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the market clock on the emulator', () => {
  it('an open /products page reads nothing between updates, and one update costs one stamp read plus what it shows', async () => {
    const start = Date.now();
    await advanceMarket({ firestoreUrl: emulator.url, now: new Date(start) });
    // The page: the heatmap and the energy sector, with the freshness line's stamp.
    const page = autorun(() => {
      void store.market.categoryGroups.length;
      void store.market.productsOfCategory('energy').length;
      void store.game.stats;
    });
    await Promise.all([store.market.loadMarketStats(), store.market.loadCategory('energy'), store.game.loadStats()]);
    const shown = { rows: store.market.statRows.length, energy: store.market.productsOfCategory('energy').length };
    const energyPrice = store.market.productsOfCategory('energy')[0].average_market_price;
    emulator.resetCounters();
    store.marketClock.start();

    // The next update, stamped on time (one period later), lands before it is due.
    await advanceMarket({ firestoreUrl: emulator.url, now: new Date(start + PERIOD_MS) });
    await when(() => store.marketClock.lastUpdate !== null, { timeout: 30_000 });
    const update = emulator.counters().reads;
    expect(store.marketClock.lastUpdate?.stamp).toEqual(new Date(start + PERIOD_MS));
    expect(store.market.productsOfCategory('energy')[0].average_market_price).not.toBe(energyPrice);
    expect(store.game.stats?.lastUpdated).toEqual(new Date(start + PERIOD_MS));
    // Billed documents: the stamp once, the stat rows (the rows the heatmap groups, plus the uncategorized one
    // it drops) and the shown sector's products. Nothing of the materials, of the other sectors, of the catalogue.
    expect(update).toEqual({
      gameParameters: 1,
      marketStats: expect.any(Number),
      marketMaterialStats: expect.any(Number),
      products: shown.energy,
    });
    expect(update.marketStats + update.marketMaterialStats).toBe(shown.rows + 1);
    console.log(`reads of one market update on an open /products?sector=energy page: ${JSON.stringify(update)}`);

    // Quiet until the next one is due (a period after the new stamp).
    emulator.resetCounters();
    await sleep(PERIOD_MS * 0.6);
    expect(emulator.counters().reads).toEqual({});
    page();
  });
});
