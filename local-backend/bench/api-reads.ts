/**
 * What the open data API costs Firestore per market period, for `npm run size` (issue 27: "read counts per API
 * period"). In-process: our Firestore emulator with firestore.rules and the demo economy, and the local static
 * server's /api (the same module as production's openData function behind Hosting). Counted by the emulator:
 *
 *   1. one caller of each endpoint, on a server with an empty cache: one set of reads;
 *   2. CALLERS callers of each endpoint, on another fresh server in the same period: must cost the same set;
 *   3. the market advances one period (as `npm run market:advance` does) and the same CALLERS callers ask again:
 *      one new set, not CALLERS of them.
 *
 * Exits 1 if 2 or 3 costs more than one caller's set (the cache is what keeps N callers at one set of reads).
 * Appends `{ kind: 'apiReads', … }` to e2e/artifacts/performance.json beside the journeys' figures.
 * Run: `node --import tsx local-backend/bench/api-reads.ts`.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { everyDataPath, findSamples } from '../../functions/test/every-data-path';
import { startFirestoreEmulator } from '../src/firestore';
import { advanceMarket } from '../src/market';
import { loadRulesFile } from '../src/rules';
import { loadDemoEconomy } from '../src/stack/demo-data';
import { buildLocalRuntimeConfig, PROJECT_ID, startStaticServer } from '../src/static-server';

const CALLERS = 20;
const REPO = join(__dirname, '..', '..');
const ARTIFACT = join(REPO, 'e2e', 'artifacts', 'performance.json');

type Reads = Record<string, number>;

const total = (reads: Reads) => Object.values(reads).reduce((sum, n) => sum + n, 0);

function difference(after: Reads, before: Reads): Reads {
  const out: Reads = {};
  for (const [collection, n] of Object.entries(after)) if (n - (before[collection] ?? 0) > 0) out[collection] = n - (before[collection] ?? 0);
  return out;
}

async function main(): Promise<void> {
  const emulator = await startFirestoreEmulator({ projectId: PROJECT_ID, port: 0, rules: loadRulesFile(join(REPO, 'firestore.rules')) });
  await loadDemoEconomy(emulator.url);
  const readsConfig = buildLocalRuntimeConfig({ publicSitePort: 1, adminConsolePort: 1, authPort: 1, functionsPort: 1, firestorePort: emulator.port });
  const root = mkdtempSync(join(tmpdir(), 'sbc-api-reads-'));
  const servers: Array<Awaited<ReturnType<typeof startStaticServer>>> = [];
  const startApi = async () => {
    const server = await startStaticServer({ root, port: 0, name: 'api-reads', openData: { readsConfig, rateLimit: '100000/60', log: () => {} } });
    servers.push(server);
    return server;
  };

  try {
    const first = await startApi();
    const samples = await findSamples(first.url);
    if (!samples.sector || !samples.slug || !samples.material) throw new Error('the demo economy has no product sector, product or material');
    const endpoints = everyDataPath(samples);

    /** The reads `callers` callers of every endpoint cost `server`. */
    const measure = async (server: { url: string }, callers: number): Promise<Reads> => {
      const before = emulator.counters().reads;
      for (let round = 0; round < callers; round += 1) {
        await Promise.all(
          endpoints.map(async (path) => {
            const response = await fetch(`${server.url}${path}`);
            await response.arrayBuffer();
            if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
          }),
        );
      }
      return difference(emulator.counters().reads, before);
    };

    const one = await measure(await startApi(), 1);
    const busy = await startApi();
    const many = await measure(busy, CALLERS);
    const period = await advanceMarket({ firestoreUrl: emulator.url });
    busy.marketChanged();
    const next = await measure(busy, CALLERS);

    const requests = endpoints.length * CALLERS;
    console.log(`open data API, reads per market period (${endpoints.length} endpoints, demo seed, emulator counters):`);
    console.log(`  1 caller each (${endpoints.length} requests):            ${total(one)} reads ${JSON.stringify(one)}`);
    console.log(`  ${CALLERS} callers each (${requests} requests):        ${total(many)} reads ${JSON.stringify(many)}`);
    console.log(`  after a market update (period ${period.period}), ${requests} requests: ${total(next)} reads ${JSON.stringify(next)}`);

    const previous: unknown = existsSync(ARTIFACT) ? JSON.parse(readFileSync(ARTIFACT, 'utf8')) : [];
    const kept = Array.isArray(previous) ? previous.filter((entry: { kind?: string }) => entry.kind !== 'apiReads') : [];
    mkdirSync(join(REPO, 'e2e', 'artifacts'), { recursive: true });
    const entry = { kind: 'apiReads', endpoints: endpoints.length, callers: CALLERS, oneCaller: one, manyCallers: many, afterUpdate: next };
    writeFileSync(ARTIFACT, JSON.stringify([...kept, entry], null, 2));

    const failures = [
      total(many) > total(one) && `${CALLERS} callers cost ${total(many)} reads, one caller ${total(one)}: the period cache is not shared`,
      total(next) > total(one) && `after an update ${CALLERS} callers cost ${total(next)} reads, one caller ${total(one)}`,
      total(next) === 0 && 'after a market update the API read nothing: it still answers the previous period',
    ].filter(Boolean);
    for (const failure of failures) console.error(`FAIL ${failure}`);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await emulator.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
