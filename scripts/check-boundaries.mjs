#!/usr/bin/env node
// Checks the import boundaries of scripts/boundaries/rules.mjs over the repository's source files, and first
// checks itself on scripts/boundaries/fixtures (a small tree with one deliberate violation of each kind: the
// check must find exactly those). Exit 1 on any violation. `npm run lint` and `npm test` run it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALIASES, BOUNDARIES, FEATURE_ROOTS } from './boundaries/rules.mjs';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'lib', 'artifacts', '.git', 'fixtures']);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm;

function* sourceFiles(root, dir = root) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(root, path);
    else if (SOURCE.test(name)) yield relative(root, path).split(sep).join('/');
  }
}

/** Repository-relative target of `specifier` imported by `file`, or null for a package. */
export function resolveImport(file, specifier) {
  if (ALIASES[specifier]) return ALIASES[specifier];
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (specifier.startsWith(`${alias}/`)) return `${dirname(dirname(target))}/${specifier.slice(alias.length + 1)}`;
  }
  if (!specifier.startsWith('.')) return null;
  return normalize(join(dirname(file), specifier)).split(sep).join('/');
}

const isTest = (file) => /\.test\.(ts|tsx)$/.test(file);
const featureOf = (path) => {
  for (const root of FEATURE_ROOTS) if (path.startsWith(root)) return `${root}${path.slice(root.length).split('/')[0]}/`;
  return null;
};

/** Every violation in the files of `root`: `{ file, specifier, target, why }`. */
export function findViolations(root) {
  const violations = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[2];
      const target = resolveImport(file, specifier);
      if (target === null || target.startsWith('..')) continue;
      if (!isTest(file)) {
        for (const rule of BOUNDARIES) {
          if (!file.startsWith(rule.from)) continue;
          const forbidden = rule.forbid.find((prefix) => target.startsWith(prefix));
          if (forbidden) violations.push({ file, specifier, target, why: rule.why });
        }
      }
      const from = featureOf(file);
      const to = featureOf(target);
      if (from && to && from !== to) {
        violations.push({ file, specifier, target, why: 'features import nothing from another feature: share through components/, hooks/ or @sbc/shared' });
      }
    }
  }
  return violations;
}

const format = (v) => `  ${v.file}: '${v.specifier}' → ${v.target}\n    ${v.why}`;

// 1. The check must catch each deliberate violation of its fixture tree, and nothing else there.
const fixtures = join(REPO, 'scripts', 'boundaries', 'fixtures');
const expected = JSON.parse(readFileSync(join(fixtures, 'expected.json'), 'utf8'));
const found = findViolations(fixtures).map((v) => `${v.file} -> ${v.target}`).sort();
if (JSON.stringify(found) !== JSON.stringify([...expected].sort())) {
  console.error(`Boundary check self-test failed.\n  expected: ${JSON.stringify(expected, null, 2)}\n  found: ${JSON.stringify(found, null, 2)}`);
  process.exit(1);
}

// 2. The repository.
const violations = findViolations(REPO);
if (violations.length > 0) {
  console.error(`Import boundaries broken (${violations.length}):\n${violations.map(format).join('\n')}`);
  process.exit(1);
}
console.log(`Import boundaries hold (self-test: ${expected.length} planted violations found).`);
