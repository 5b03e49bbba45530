/**
 * The standalone emulator's command line (bin/firestore-emulator.mjs): rules are on unless `--no-rules` says
 * otherwise, and switching them off is announced.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { DEFAULT_INDEXES_FILE, DEFAULT_RULES_FILE, parseEmulatorArgs, startFromArgs } from '../../src/firestore/cli';
import { PROJECT_ID } from './harness';

const root = `projects/${PROJECT_ID}/databases/(default)/documents`;

/** A product create as a guest (no Authorization header) or as the admin SDK (`Bearer owner`). */
function createProduct(emulator: RunningFirestoreEmulator, owner: boolean): Promise<Response> {
  return fetch(`${emulator.url}/v1/${root}:commit`, {
    method: 'POST',
    headers: owner ? { Authorization: 'Bearer owner' } : {},
    body: JSON.stringify({
      writes: [{ update: { name: `${root}/products/cli-test`, fields: { slug: { stringValue: 'x' }, name: { stringValue: 'X' } } } }],
    }),
  });
}

async function withCli(argv: string[], run: (emulator: RunningFirestoreEmulator, printed: string[]) => Promise<void>): Promise<void> {
  const printed: string[] = [];
  const emulator = await startFromArgs(['--port', '0', ...argv], (line) => printed.push(line));
  try {
    await run(emulator, printed);
  } finally {
    await emulator.stop();
  }
}

describe('parseEmulatorArgs', () => {
  it("defaults the rules to the repository's firestore.rules", () => {
    expect(parseEmulatorArgs([]).rulesFile).toBe(DEFAULT_RULES_FILE);
    expect(DEFAULT_RULES_FILE).toBe(join(__dirname, '..', '..', '..', 'firestore.rules'));
    expect(existsSync(DEFAULT_RULES_FILE)).toBe(true);
  });

  it("defaults the composite indexes to the repository's firestore.indexes.json; --indexes picks another file", () => {
    expect(parseEmulatorArgs([]).indexesFile).toBe(DEFAULT_INDEXES_FILE);
    expect(existsSync(DEFAULT_INDEXES_FILE)).toBe(true);
    expect(parseEmulatorArgs(['--indexes', 'other.json']).indexesFile).toBe('other.json');
  });

  it('--rules picks another file, --no-rules none', () => {
    expect(parseEmulatorArgs(['--rules', 'other.rules']).rulesFile).toBe('other.rules');
    expect(parseEmulatorArgs(['--no-rules']).rulesFile).toBeUndefined();
  });

  it.each([
    [['--rules', 'a.rules', '--no-rules'], '--rules and --no-rules cannot be combined'],
    [['--port', 'eighty'], "--port must be 0–65535, got 'eighty'"],
    [['--rulez', 'x'], "Unknown option '--rulez'"],
  ])('rejects %j', (argv, message) => {
    expect(() => parseEmulatorArgs(argv)).toThrow(message);
  });
});

describe('firestore-emulator command', () => {
  it('without flags enforces firestore.rules: a guest cannot create a product, the admin SDK can', async () => {
    await withCli([], async (emulator, printed) => {
      expect(printed).toEqual([expect.stringContaining(`(rules: ${DEFAULT_RULES_FILE})`)]);
      const guest = await createProduct(emulator, false);
      expect(guest.status).toBe(403);
      expect(((await guest.json()) as { error: { status: string } }).error.status).toBe('PERMISSION_DENIED');
      expect((await createProduct(emulator, true)).status).toBe(200);
    });
  });

  it('--no-rules allows everything and prints a warning', async () => {
    await withCli(['--no-rules'], async (emulator, printed) => {
      expect(printed[1]).toBe('WARNING: --no-rules: security rules are OFF, every request is allowed.');
      expect((await createProduct(emulator, false)).status).toBe(200);
    });
  });

  it('--no-rules still keeps listCollectionIds for the admin SDK', async () => {
    await withCli(['--no-rules'], async (emulator) => {
      expect((await createProduct(emulator, true)).status).toBe(200);
      const list = (authorization?: string) =>
        fetch(`${emulator.url}/v1/${root}:listCollectionIds`, {
          method: 'POST',
          headers: authorization ? { Authorization: authorization } : {},
          body: '{}',
        });
      expect((await list()).status).toBe(403);
      expect(await (await list('Bearer owner')).json()).toEqual({ collectionIds: ['products'] });
    });
  });
});
