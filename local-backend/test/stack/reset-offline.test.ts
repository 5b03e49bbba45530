/** `npm run reset-data` with no stack running: the data dir goes, seed options wait for the next start. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths, resetData } from '../../src/stack';
import { readSeedRequest } from '../../src/stack/data-dir';

let dataDir: string;

beforeEach(() => {
  dataDir = join(mkdtempSync(join(tmpdir(), 'sbc-reset-')), 'data');
  mkdirSync(join(dataDir, 'firestore'), { recursive: true });
  writeFileSync(join(dataDir, 'firestore', 'firestore.json'), '{"version":1,"documents":[]}');
  writeFileSync(join(dataDir, 'seeded'), '{}');
});

afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

it('deletes the data dir so that the next start loads the default demo data', async () => {
  expect(await resetData({ dataDir })).toEqual({ mode: 'deleted-data-dir', dataDir });
  expect(existsSync(dataDir)).toBe(false);
  expect(readSeedRequest(dataPaths(dataDir))).toBeUndefined();
});

it('keeps the seed options for the next start, and nothing else', async () => {
  const now = new Date('2030-01-02T03:04:05.000Z');
  await resetData({ dataDir, seed: { seed: 9, products: 300, now } });
  expect(existsSync(join(dataDir, 'seeded'))).toBe(false);
  expect(existsSync(join(dataDir, 'firestore'))).toBe(false);
  expect(readSeedRequest(dataPaths(dataDir))).toEqual({ seed: 9, products: 300, now });
});
