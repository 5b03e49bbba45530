/**
 * The header search at catalogue scale: the demo economy with 5,000 products, its index read through the real
 * lite SDK from our emulator (reads counted by the emulator), then every keystroke of a few typed searches timed
 * (searchCatalog over the prepared index, what the field runs on each input event).
 * Run: `node --import tsx local-backend/bench/search-bench.ts [products]` (figures go into README.md).
 * Budget (issue 16): ≤ 50 ms a keystroke, ≤ 5 reads a search session.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, terminate } from 'firebase/firestore/lite';
import { getCatalogIndex } from '../../shared/src/data/catalog-index';
import { prepareCatalog, searchCatalog } from '@sbc/domain';
import { startFirestoreEmulator } from '../src/firestore';
import { generateDemoEconomy } from '../src/seed';

const PRODUCTS = Number(process.argv[2] ?? 5000);
const TYPED = ['solr panel', 'industrial', 'copper', 'stel beam', 'energy', 'qqqq'];
const KEYSTROKE_BUDGET_MS = 50;
const READ_BUDGET = 5;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const economy = generateDemoEconomy({ products: PRODUCTS });
  const emulator = await startFirestoreEmulator({ projectId: 'demo-bench', port: 0 });
  emulator.importPlainDocuments(economy.documents);
  const largestShard = Math.max(
    ...economy.documents.filter((d) => d.path.startsWith('catalogIndex/')).map((d) => Buffer.byteLength(JSON.stringify(d.data))),
  );
  const app = initializeApp({ projectId: 'demo-bench', apiKey: 'bench' }, 'search-bench');
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port);

  emulator.resetCounters();
  const entries = await getCatalogIndex(db);
  const reads = Object.values(emulator.counters().reads).reduce((a, b) => a + b, 0);
  let started = performance.now();
  const catalog = prepareCatalog(entries);
  const prepareMs = performance.now() - started;

  // Warm the JIT once, as a visitor's first searches would.
  for (const text of TYPED) searchCatalog(catalog, text);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const text of TYPED) {
      for (let n = 1; n <= text.length; n++) {
        started = performance.now();
        searchCatalog(catalog, text.slice(0, n));
        times.push(performance.now() - started);
      }
    }
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  const p95 = percentile(times, 95);
  const max = times[times.length - 1];
  console.log(`catalogue: ${PRODUCTS} products, ${entries.length} index entries, largest shard ${(largestShard / 1024).toFixed(0)} KB`);
  console.log(`index load: ${reads} document reads (budget ${READ_BUDGET}); prepare ${prepareMs.toFixed(1)} ms once`);
  console.log(`keystroke: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${max.toFixed(2)} ms over ${times.length} (budget ${KEYSTROKE_BUDGET_MS} ms)`);

  await terminate(db);
  await deleteApp(app);
  await emulator.stop();
  if (reads > READ_BUDGET || p95 > KEYSTROKE_BUDGET_MS) {
    console.error('Search budget missed.');
    process.exitCode = 1;
  }
}

void main();
