/**
 * What loading the demo economy costs, at the default size and at the largest (issue 36: 5,000 products and 1,000
 * materials): our emulator in-process with a data dir and firestore.rules, as `npm start` runs it, loaded with
 * loadDemoEconomy (a reset, then imports, each request within Firestore's 10 MiB), then brought to the present and
 * advanced one market period (export + commits), as a live `npm start` does. Prints one line per size: documents,
 * requests and their largest body, milliseconds per step. Exit code 1 if a step fails.
 * Run: `node --import tsx local-backend/bench/seed-load.ts [products/materials ...]` (default `160/44 5000/1000`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFirestoreEmulator } from '../src/firestore';
import { requestBodies } from '../src/firestore/request-chunks';
import { advanceMarket, bringMarketToPresent, gameStatsLast, livePresentAt } from '../src/market';
import { loadRulesFile } from '../src/rules';
import { generateDemoEconomy, toFirestoreFields } from '../src/seed';
import { loadDemoEconomy } from '../src/stack/demo-data';
import { PROJECT_ID } from '../src/static-server';

const REPO = join(__dirname, '..', '..');
const MiB = 1_048_576;

async function measure(products: number, materials: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sbc-seed-load-'));
  const emulator = await startFirestoreEmulator({ projectId: PROJECT_ID, port: 0, dataDir, rules: loadRulesFile(join(REPO, 'firestore.rules')) });
  try {
    const seed = { products, materials };
    // The requests the loader sends, measured the way it builds them.
    const rest = gameStatsLast(generateDemoEconomy(seed).documents).map((doc) => ({ path: doc.path, fields: toFirestoreFields(doc.data) }));
    const bodies = requestBodies('documents', rest);
    const sizes = bodies.map((body) => Buffer.byteLength(body));
    const total = sizes.reduce((sum, n) => sum + n, 0);

    let started = Date.now();
    const documents = await loadDemoEconomy(emulator.url, seed);
    const load = Date.now() - started;
    started = Date.now();
    const present = await bringMarketToPresent(emulator.url, livePresentAt());
    const toPresent = Date.now() - started;
    started = Date.now();
    await advanceMarket({ firestoreUrl: emulator.url, now: new Date() });
    const advance = Date.now() - started;
    return (
      `${products} products / ${materials} materials: ${documents} documents, ${(total / MiB).toFixed(2)} MiB in ${bodies.length} ` +
      `request(s) (largest ${(Math.max(...sizes) / MiB).toFixed(2)} MiB); load ${load} ms; to the present ${toPresent} ms ` +
      `(${present.documents} documents in ${present.requests} request(s)); one market advance ${advance} ms`
    );
  } finally {
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['160/44', '5000/1000'];
  for (const size of sizes) {
    const [products, materials] = size.split('/').map(Number);
    console.log(await measure(products, materials));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
