#!/usr/bin/env node
// Checks the repository's Markdown: every relative link `[text](path#anchor)` must name a file that exists and,
// with an anchor, a heading of that file (GitHub's slugs); README.md stays a one-screen map (at most 200 lines).
// It first checks itself: the slug rules and the line limit on a few examples, and the whole check on
// scripts/doc-links-fixtures (one good link, one to a missing file, one to a missing heading: it must find exactly
// the two bad ones). Exit 1 on any finding. `npm run lint` runs it. External links (http:, https:, mailto:) are
// not checked: there is no network here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
// Dependencies, build output, test artifacts and local data (all git-ignored), and the planted problems of the
// fixtures (checked on their own by the self-test).
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'artifacts', 'coverage', '.cache', '.git', '.local-data', 'doc-links-fixtures', 'fixtures']);
const SKIP_PATHS = new Set(['functions/lib', 'functions/ssr']);
export const README_MAX_LINES = 200;

function* markdownFiles(root, dir = root) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (SKIP_DIRS.has(name) || SKIP_PATHS.has(relative(root, path).split(sep).join('/'))) continue;
    if (statSync(path).isDirectory()) yield* markdownFiles(root, path);
    else if (name.endsWith('.md')) yield path;
  }
}

const FENCE = /^\s*(```|~~~)/;

/**
 * GitHub's anchor for a heading's text: the rendered text (link text without its target, emphasis markers and
 * backticks dropped, code kept as written), lower case, every character that is not a letter, digit, space,
 * `-` or `_` dropped, each space a hyphen.
 */
export function slug(heading) {
  const rendered = heading
    .trim()
    .split(/(`[^`]*`)/)
    .map((part, index) => {
      if (index % 2 === 1) return part.slice(1, -1); // a code span: its text as written
      return part
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<[^>]+>/g, '')
        .replace(/[*~]/g, '')
        .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1'); // `_emphasis_`, not snake_case
    })
    .join('');
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings; a repeated heading gets `-1`, `-2`, … as on GitHub. */
export function anchors(text) {
  const seen = new Map();
  const result = new Set();
  let inCode = false;
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) inCode = !inCode;
    const heading = !inCode && /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** The relative links of a Markdown text (code blocks and inline code left out): `{ line, target }`. */
export function relativeLinks(text) {
  const links = [];
  let inCode = false;
  text.split('\n').forEach((line, index) => {
    if (FENCE.test(line)) inCode = !inCode;
    if (inCode) return;
    const prose = line.replace(/`[^`]*`/g, '');
    // [text](target), [text](<target>), [text](target "title")
    for (const match of prose.matchAll(/\[[^\]]*\]\(\s*(?:<([^>]*)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1] ?? match[2];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:: not checked (no network here)
      links.push({ line: index + 1, target });
    }
  });
  return links;
}

/** The README's finding, or null: it is a map, not a manual. */
export function readmeLengthProblem(text) {
  const lines = text.replace(/\n$/, '').split('\n').length;
  return lines > README_MAX_LINES
    ? `README.md: ${lines} lines; the README is a one-screen map of at most ${README_MAX_LINES} (move details to docs/)`
    : null;
}

/** Every finding under `root`, as 'file:line: message'. */
export function findProblems(root) {
  const problems = [];
  const anchorCache = new Map();
  const anchorsOf = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchors(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  for (const file of markdownFiles(root)) {
    const name = relative(root, file).split(sep).join('/');
    const text = readFileSync(file, 'utf8');
    if (name === 'README.md') {
      const problem = readmeLengthProblem(text);
      if (problem) problems.push(problem);
    }
    for (const { line, target } of relativeLinks(text)) {
      const hash = target.indexOf('#');
      const path = hash === -1 ? target : target.slice(0, hash);
      const anchor = hash === -1 ? '' : target.slice(hash + 1);
      const targetFile = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
      if (!existsSync(targetFile)) {
        problems.push(`${name}:${line}: ${target}: no such file`);
        continue;
      }
      if (anchor && targetFile.endsWith('.md') && !anchorsOf(targetFile).has(decodeURIComponent(anchor))) {
        problems.push(`${name}:${line}: ${target}: no heading with that anchor`);
      }
    }
  }
  return problems;
}

function selfTestFailures() {
  const failures = [];
  const slugs = [
    ['Where the time of `npm test` goes', 'where-the-time-of-npm-test-goes'],
    ['Compatibility between separately deployed apps (policy)', 'compatibility-between-separately-deployed-apps-policy'],
    ['Session cache (`src/data/session-cache.ts`)', 'session-cache-srcdatasession-cachets'],
    ['The `APP_STORE_URL`, *emphasised* and _this_ too', 'the-app_store_url-emphasised-and-this-too'],
    ['Look, themes — and [layout](x.md)', 'look-themes--and-layout'],
    ['Données: 5 000 Produkte', 'données-5-000-produkte'],
  ];
  for (const [heading, expected] of slugs) {
    if (slug(heading) !== expected) failures.push(`slug(${JSON.stringify(heading)}) is ${slug(heading)}, not ${expected}`);
  }
  const twice = [...anchors('# Ports\n## Ports\n```\n# not a heading\n```\n## Ports\n')].join(' ');
  if (twice !== 'ports ports-1 ports-2') failures.push(`repeated headings give '${twice}', not 'ports ports-1 ports-2'`);
  const lines = (count) => `${'line\n'.repeat(count)}`;
  if (readmeLengthProblem(lines(README_MAX_LINES)) !== null) failures.push(`a README of ${README_MAX_LINES} lines is refused`);
  if (readmeLengthProblem(lines(README_MAX_LINES + 1)) === null) failures.push(`a README of ${README_MAX_LINES + 1} lines passes`);
  const fixtures = join(REPO, 'scripts', 'doc-links-fixtures');
  const found = findProblems(fixtures).map((problem) => problem.replace(/:\d+:/, ':'));
  const expected = ['index.md: missing.md: no such file', 'index.md: other.md#nowhere: no heading with that anchor'];
  if (JSON.stringify(found.sort()) !== JSON.stringify(expected)) {
    failures.push(`on its fixtures it found\n    ${found.join('\n    ') || '(nothing)'}\n  instead of\n    ${expected.join('\n    ')}`);
  }
  return failures;
}

const failures = selfTestFailures();
if (failures.length > 0) {
  console.error(`check-doc-links is broken:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
const problems = findProblems(REPO);
if (problems.length > 0) {
  console.error(`Documentation links:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Documentation links hold (self-test: the slug rules, the README limit, the 2 planted bad links found).');
