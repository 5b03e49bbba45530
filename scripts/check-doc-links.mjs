#!/usr/bin/env node
// Checks the repository's Markdown: every relative link `[text](path#anchor)` must name a file that exists and,
// with an anchor, a heading of that file (GitHub's slugs); README.md stays a one-screen map (at most 200 lines).
// It first checks itself on scripts/doc-links-fixtures (one good link, one to a missing file, one to a missing
// heading: it must find exactly the two bad ones). Exit 1 on any finding. `npm run lint` runs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'artifacts', '.git', '.local-data', 'doc-links-fixtures', 'fixtures']);
export const README_MAX_LINES = 200;

function* markdownFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* markdownFiles(path);
    else if (name.endsWith('.md')) yield path;
  }
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_~]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The relative links of a Markdown text (code blocks and inline code left out): `{ line, target }`. */
export function relativeLinks(text) {
  const links = [];
  let inCode = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*```/.test(line)) inCode = !inCode;
    if (inCode) return;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:: not checked (no network here)
      links.push({ line: index + 1, target });
    }
  });
  return links;
}

/** Every finding under `root`, as 'file:line: message'. */
export function findProblems(root) {
  const problems = [];
  const headingCache = new Map();
  const anchorsOf = (file) => {
    if (!headingCache.has(file)) {
      const text = readFileSync(file, 'utf8');
      let inCode = false;
      const anchors = new Set();
      for (const line of text.split('\n')) {
        if (/^\s*```/.test(line)) inCode = !inCode;
        const heading = !inCode && /^#{1,6}\s+(.*)$/.exec(line);
        if (heading) anchors.add(slug(heading[1]));
      }
      headingCache.set(file, anchors);
    }
    return headingCache.get(file);
  };
  for (const file of markdownFiles(root)) {
    const name = relative(root, file).split(sep).join('/');
    const text = readFileSync(file, 'utf8');
    if (name === 'README.md') {
      const lines = text.replace(/\n$/, '').split('\n').length;
      if (lines > README_MAX_LINES) problems.push(`README.md: ${lines} lines; the README is a one-screen map of at most ${README_MAX_LINES} (move details to docs/)`);
    }
    for (const { line, target } of relativeLinks(text)) {
      const [path, anchor] = target.split('#');
      const targetFile = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
      if (!existsSync(targetFile)) {
        problems.push(`${name}:${line}: ${target}: no such file`);
        continue;
      }
      if (anchor && targetFile.endsWith('.md') && !anchorsOf(targetFile).has(anchor)) {
        problems.push(`${name}:${line}: ${target}: no heading with that anchor`);
      }
    }
  }
  return problems;
}

const fixtures = join(REPO, 'scripts', 'doc-links-fixtures');
const selfTest = findProblems(fixtures).map((problem) => problem.replace(/:\d+:/, ':'));
const expected = ['index.md: missing.md: no such file', 'index.md: other.md#nowhere: no heading with that anchor'];
if (JSON.stringify(selfTest.sort()) !== JSON.stringify(expected)) {
  console.error(`check-doc-links is broken: on its fixtures it found\n  ${selfTest.join('\n  ') || '(nothing)'}\ninstead of\n  ${expected.join('\n  ')}`);
  process.exit(1);
}
const problems = findProblems(REPO);
if (problems.length > 0) {
  console.error(`Documentation links:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Documentation links hold (self-test: ${expected.length} planted problems found).`);
