/**
 * functions/build.mjs runs at every local stack's start, and the browser tests start two stacks at once: a build whose
 * output has not changed must not touch the file the other stack's Functions emulator is loading.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILD = join(__dirname, '..', 'build.mjs');
const OUTPUT = join(__dirname, '..', 'lib', 'index.js');

const build = () => {
  const run = spawnSync(process.execPath, [BUILD], { encoding: 'utf8' });
  expect(`${run.stdout}${run.stderr}`).toBe('');
  expect(run.status).toBe(0);
};

test('a second build with the same sources leaves the bundle untouched (same file, same bytes)', () => {
  build();
  const first = statSync(OUTPUT);
  const bytes = readFileSync(OUTPUT);
  build();
  const second = statSync(OUTPUT);
  expect(second.ino).toBe(first.ino);
  expect(second.mtimeMs).toBe(first.mtimeMs);
  expect(readFileSync(OUTPUT).equals(bytes)).toBe(true);
  expect(bytes.toString('utf8')).toContain('registerUser');
});
