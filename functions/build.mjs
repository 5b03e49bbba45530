// Bundles src/index.ts into lib/index.js (CommonJS, what the Functions emulator and runtime load).
// firebase-admin and firebase-functions stay external: the runtime resolves them from node_modules
// (the workspace root's, where npm hoists them).
//
// Every local stack runs this before starting its Functions emulator, and the browser tests start two stacks at
// once: one stack's build must never rewrite the file under the other's emulator while it loads it. So a file whose
// bytes are unchanged is left alone (esbuild's output is deterministic), and a changed one replaces the old in one
// step (written beside it, then renamed over it): a reader sees the old file or the new one, never half of it.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));

const result = await build({
  entryPoints: [join(here, 'src/index.ts')],
  outfile: join(here, 'lib/index.js'),
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: true,
  external: ['firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*'],
  logLevel: 'warning',
  write: false,
});

for (const file of result.outputFiles) {
  if (existsSync(file.path) && readFileSync(file.path).equals(file.contents)) continue;
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
