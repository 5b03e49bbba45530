/**
 * Prints the demo economy as JSON.
 *   node --import tsx local-backend/src/seed/cli.ts [--seed 42] [--products 160] [--materials 44]
 *        [--now 2025-06-01T09:00:00Z] [--format documents|rest] [--out file.json]
 * `--format documents` (default) is for reading: {path, data} with dates as ISO strings, so importing it would
 * store strings where the seed has timestamps. `--format rest` prints typed Firestore REST documents
 * ({name, fields}), the form to give the emulator's `--import` (timestamps, integers and doubles kept).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_SEED_OPTIONS, generateDemoEconomy, toEmulatorImport } from './index';

function integer(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value)) throw new RangeError(`--${name} must be an integer, got '${text}'`);
  return value;
}

export function runCli(argv: string[]): string {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: 'string' },
      products: { type: 'string' },
      materials: { type: 'string' },
      now: { type: 'string' },
      format: { type: 'string', default: 'documents' },
      out: { type: 'string' },
    },
    strict: true,
  });
  if (values.format !== 'documents' && values.format !== 'rest') {
    throw new RangeError(`--format must be 'documents' or 'rest', got '${values.format}'`);
  }
  const dataset = generateDemoEconomy({
    seed: integer('seed', values.seed, DEFAULT_SEED_OPTIONS.seed),
    products: integer('products', values.products, DEFAULT_SEED_OPTIONS.products),
    materials: integer('materials', values.materials, DEFAULT_SEED_OPTIONS.materials),
    now: values.now === undefined ? DEFAULT_SEED_OPTIONS.now : new Date(values.now),
  });
  const json = `${JSON.stringify(values.format === 'rest' ? toEmulatorImport(dataset) : dataset, null, 2)}\n`;
  if (values.out) writeFileSync(values.out, json);
  return json;
}

const invokedDirectly = process.argv[1] !== undefined && /seed[\\/]cli\.ts$/.test(process.argv[1]);
if (invokedDirectly) {
  try {
    const json = runCli(process.argv.slice(2));
    if (!process.argv.includes('--out')) process.stdout.write(json);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
