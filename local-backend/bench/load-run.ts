/**
 * A 30 s load run against the Firestore emulator as `npm start` runs it: its own process (the real command
 * line, firestore.rules on, a data dir), loaded with the demo economy, and 20 concurrent anonymous readers doing
 * what the site's pages do over REST (a sector's products, one product, the materials list, a count).
 * Reports requests, errors, p50/p95/max latency and the emulator's resident memory before and after.
 *
 *   npm run load -w local-backend            (or: node --import tsx local-backend/bench/load-run.ts [--seconds 30] [--readers 20])
 *
 * Exit code 1 when any request failed. Figures go into local-backend/README.md ("Load run").
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateDemoEconomy, toEmulatorImport } from '../src/seed';

const PROJECT = 'demo-sbc-tycoon';
const D = `projects/${PROJECT}/databases/(default)/documents`;

function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 102.4) / 10 : NaN;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '30' }, readers: { type: 'string', default: '20' } } });
  const seconds = Number(values.seconds);
  const readers = Number(values.readers);
  const dir = mkdtempSync(join(tmpdir(), 'sbc-load-'));
  const dataset = generateDemoEconomy({});
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(toEmulatorImport(dataset)));
  const documents = (dataset as { documents: Array<{ path: string; data: Record<string, unknown> }> }).documents;
  const products = documents.filter((d) => d.path.startsWith('products/'));
  const categories = [...new Set(products.map((p) => String(p.data.category)))];

  const child = spawn(
    process.execPath,
    [join(__dirname, '..', 'bin', 'firestore-emulator.mjs'), '--port', '0', '--data', join(dir, 'data'), '--import', seedFile],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited (${code}): ${out}`)));
  });

  const post = (rpc: string, body: unknown) =>
    fetch(`${url}/v1/${D}:${rpc}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) });
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
  const requests: Array<() => Promise<Response>> = [
    () =>
      post('runQuery', {
        structuredQuery: {
          from: [{ collectionId: 'products' }],
          where: { fieldFilter: { field: { fieldPath: 'category' }, op: 'EQUAL', value: { stringValue: pick(categories) } } },
        },
      }),
    () => post('batchGet', { documents: [`${D}/${pick(products).path}`] }),
    () => post('runQuery', { structuredQuery: { from: [{ collectionId: 'materials' }], orderBy: [{ field: { fieldPath: '__name__' } }] } }),
    () =>
      post('runAggregationQuery', {
        structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'products' }] }, aggregations: [{ alias: 'n', count: {} }] },
      }),
  ];

  // Warm-up, then the memory baseline.
  for (const r of requests) await (await r()).arrayBuffer();
  const rssBefore = rssMiB(child.pid!);

  const latencies: number[] = [];
  const errors: string[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          const response = await pick(requests)();
          await response.arrayBuffer();
          if (!response.ok) errors.push(`HTTP ${response.status}`);
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  const rssAfter = rssMiB(child.pid!);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const result = {
    seconds,
    readers,
    documents: documents.length,
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / seconds),
    errors: errors.length,
    p50ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p95ms: Math.round(percentile(latencies, 95) * 10) / 10,
    maxMs: Math.round(latencies[latencies.length - 1] ?? NaN),
    rssBeforeMiB: rssBefore,
    rssAfterMiB: rssAfter,
  };
  console.log(JSON.stringify(result, null, 2));
  if (errors.length > 0) {
    console.error(`First errors: ${[...new Set(errors)].slice(0, 5).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
