#!/usr/bin/env node
// Checks the import boundaries of scripts/boundaries/rules.mjs over the repository's source files, and that no
// import circle exists (type-only imports included: a circle of types still ties the modules' meaning together),
// and first checks itself on scripts/boundaries/fixtures (a small tree with one deliberate violation of each kind
// and one planted circle: the check must find exactly those). Exit 1 on any finding. `npm run lint` runs it.
// Why not madge or dependency-cruiser: madge 8 parses TypeScript with the `typescript` package's compiler API, which
// TypeScript 7 (the native compiler this repository uses) no longer ships. dependency-cruiser 18.7.2 parses with
// @swc/core (`parser: 'swc'`) and found the same circles, type-only imports included, but it needs Node 22 (its CLI
// refuses Node 20) and took 3.5-7 s a cold run; 17.4.3, its last Node 20 release, cannot parse .tsx with swc. This
// script already resolves every import of the repository, so the circle check is a graph search over what it reads.
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

// Test files, and the helpers beside them in the functions' and the local backend's test folders: test code that never
// ships (the functions' deploy ignores test/), which may use the local backend's emulators and fixtures.
const isTest = (file) => /\.test\.(ts|tsx)$/.test(file) || /^(functions|local-backend)\/test\//.test(file);
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
          const allowed = (rule.allow ?? []).some((prefix) => target.startsWith(prefix));
          if (forbidden && !allowed) violations.push({ file, specifier, target, why: rule.why });
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

/** The file a resolved import names (the resolver gives paths without their extension). */
function fileOf(root, target) {
  for (const suffix of ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx']) {
    const candidate = `${target}${suffix}`;
    try {
      if (statSync(join(root, candidate)).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

// Static imports, re-exports and lazy imports (`import('./x')`, a webpack magic comment allowed before the path): a
// lazy import closes no circle at load time, but two modules that each reach for the other still tie their meaning
// together and cannot be understood or moved apart (issue 36: offline-state.ts ⇄ register.ts), so they count too.
const STATIC_IMPORT = /(?:\bfrom\s*|\brequire\s*\(\s*|^\s*import\s+|\bimport\s*\(\s*(?:\/\*[^*]*\*\/\s*)?)(['"])([^'"]+)\1/gm;

/**
 * Every import circle under `root`: one per tangle of files that import each other (a strongly connected component
 * of the import graph), as the files of its shortest circle through its first file, in import order (each imports the
 * next, the last imports the first), followed by `size`, the number of files in the tangle.
 */
export function findCircles(root) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = new Set();
    for (const match of text.matchAll(STATIC_IMPORT)) {
      const target = resolveImport(file, match[2]);
      if (target === null || target.startsWith('..')) continue;
      const resolved = fileOf(root, target);
      if (resolved) targets.add(resolved);
    }
    graph.set(file, [...targets]);
  }
  // Tarjan's algorithm, iterative-free is not needed: the deepest import chain here is a few dozen files.
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (file) => {
    indexOf.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), indexOf.get(next)));
    }
    if (low.get(file) === indexOf.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(shortestCircle(graph, component));
    }
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return circles.sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

/** The shortest import path from the component's first file back to itself, within the component (breadth first). */
function shortestCircle(graph, component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      if (next === start) {
        const files = [];
        for (let at = cameFrom.get(start); at !== start; at = cameFrom.get(at)) files.unshift(at);
        return { files: [start, ...files], size: component.length };
      }
      queue.push(next);
    }
  }
  throw new Error(`no circle through ${start}`);
}

const formatCircle = ({ files, size }) =>
  `  ${[...files, files[0]].join(' → ')}${size > files.length ? `\n    (one circle of a tangle of ${size} files that import each other)` : ''}`;

const format = (v) => `  ${v.file}: '${v.specifier}' → ${v.target}\n    ${v.why}`;

// 1. The check must catch each deliberate violation of its fixture tree, and nothing else there.
const fixtures = join(REPO, 'scripts', 'boundaries', 'fixtures');
const expected = JSON.parse(readFileSync(join(fixtures, 'expected.json'), 'utf8'));
const found = findViolations(fixtures).map((v) => `${v.file} -> ${v.target}`).sort();
if (JSON.stringify(found) !== JSON.stringify([...expected].sort())) {
  console.error(`Boundary check self-test failed.\n  expected: ${JSON.stringify(expected, null, 2)}\n  found: ${JSON.stringify(found, null, 2)}`);
  process.exit(1);
}
// One circle of static imports and one closed by a lazy import().
const plantedCircles = [
  ['shared/src/circle-a.ts', 'shared/src/circle-b.ts'],
  ['shared/src/lazy-circle-a.ts', 'shared/src/lazy-circle-b.ts'],
];
const fixtureCircles = findCircles(fixtures);
if (JSON.stringify(fixtureCircles.map((c) => c.files)) !== JSON.stringify(plantedCircles)) {
  console.error(`Circle check self-test failed: expected only ${JSON.stringify(plantedCircles)}, found ${JSON.stringify(fixtureCircles.map((c) => c.files))}`);
  process.exit(1);
}

// 2. The repository.
const violations = findViolations(REPO);
if (violations.length > 0) {
  console.error(`Import boundaries broken (${violations.length}):\n${violations.map(format).join('\n')}`);
  process.exit(1);
}
const circles = findCircles(REPO);
if (circles.length > 0) {
  console.error(`Import circles (${circles.length}): give what both sides need a home of its own that imports neither.\n${circles.map(formatCircle).join('\n')}`);
  process.exit(1);
}
console.log(`Import boundaries hold and no import circles (self-test: ${expected.length} planted violations and 2 circles found, one through a lazy import).`);
