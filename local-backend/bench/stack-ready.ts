/**
 * How long `npm start -- --fresh [--products N --materials M]` takes to be ready, measured on the same code path
 * (startStack, as bin/start.mjs calls it: live market, built apps served) but on ports of its own and a temporary
 * data dir, so that it runs beside another stack. Prints the time from this process's start to ready (what a
 * person waits, Node's start-up included), the stack's own "Ready in" and its phases; then stops the stack.
 * Run (apps built first: `npm run build`):
 *   node --import tsx local-backend/bench/stack-ready.ts [--products 5000 --materials 1000] [--offset 3250]
 * `farm-bench -n 3 --timeout 900 -- node --import tsx local-backend/bench/stack-ready.ts …` repeats it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PORTS, shiftPorts, startStack } from '../src/stack';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { products: { type: 'string' }, materials: { type: 'string' }, offset: { type: 'string' } } });
  const seed = {
    ...(values.products ? { products: Number(values.products) } : {}),
    ...(values.materials ? { materials: Number(values.materials) } : {}),
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'sbc-stack-ready-'));
  const lines: string[] = [];
  try {
    const stack = await startStack({
      ports: shiftPorts(DEFAULT_PORTS, Number(values.offset ?? 3250)),
      dataDir,
      fresh: true,
      build: false,
      market: 'live',
      seed,
      log: (line) => lines.push(line),
    });
    const sinceProcessStart = performance.now();
    const phases = Object.entries(stack.timings)
      .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
      .join(', ');
    console.log(
      `${seed.products ?? 160} products / ${seed.materials ?? 44} materials: ready ${(sinceProcessStart / 1000).toFixed(1)} s after the process started ` +
        `(the stack's "Ready in" ${(stack.timings.total / 1000).toFixed(1)} s: ${phases})`,
    );
    await stack.stop();
  } catch (error) {
    console.error(lines.join('\n'));
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
