#!/usr/bin/env node
// Every file path named in a comment or a document exists (issue 36): a comment that names a file that moved sends
// the next reader to nothing. Checked: comments of the source files (// … and /* … */, a JSON file's "$comment") and
// every Markdown file, for paths with a file extension that contain a slash (`shared/src/paths.ts`, `./<file>.ts`,
// `../<folder>/<file>.ts`) and for repository folders (`shell/src/ssr`). A path is found when it exists from the repository
// root, from the file's folder, or from its workspace's `src/` (a comment inside a package may name `data/<file>.ts`).
// Build output, test artifacts and local data are not in the repository and are not checked (GENERATED); nor are
// module specifiers of installed packages (`react-dom/cjs/…`, found in node_modules). The design notes outside the
// repository (`../shared/design/`, given with the project) are checked only where that folder is present.
// It first checks itself on scripts/path-refs-fixtures (it must find exactly the two planted stale references).
// Exit 1 on any finding; `npm run lint` runs it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = 'scripts/path-refs-fixtures';

/** The repository's top folders: a path starting with one of them is a repository path. */
const ROOTS = ['domain', 'shared', 'shell', 'public-site', 'admin-console', 'functions', 'local-backend', 'e2e', 'scripts', 'docs', 'tools', 'deploy', 'types', 'jest'];
/** Paths that a build, a test run or `npm start` writes (git-ignored): named in comments on purpose. */
const GENERATED = [/(^|\/)dist(-server)?(\/|$)/, /^e2e\/artifacts(\/|$)/, /^functions\/(ssr|lib)(\/|$)/, /(^|\/)\.local-data(\/|$)/, /(^|\/)node_modules(\/|$)/, /(^|\/)\.env(\.|$)/, /^\.cache/];
const EXTENSIONS = 'ts|tsx|js|mjs|cjs|json|md|rules|css|html|svg|png|txt|yml|yaml';
const SOURCE = /\.(ts|tsx|js|mjs|cjs|rules|css)$/;

const PATH = new RegExp(`(?<![\\w@/.-])((?:\\.{1,2}/)*(?:[\\w.-]+/)+[\\w.-]+?\\.(?:${EXTENSIONS}))(?![\\w/-])`, 'g');
const FOLDER = new RegExp(`(?<![\\w@/.-])((?:${ROOTS.join('|')})/[\\w-]+(?:/[\\w-]+)*)/?(?![\\w./-])`, 'g');

/** The comments of a source file, as text (code replaced by blanks, so a string that names a path is not taken). */
export function commentsOf(text) {
  const out = [];
  for (const match of text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)) {
    const before = text.slice(Math.max(0, match.index - 1), match.index);
    if (before === ':' && match[0].startsWith('//')) continue; // a URL's `https://`
    out.push(match[0]);
  }
  return out.join('\n');
}

function jsonComments(text) {
  const out = [];
  for (const match of text.matchAll(/"\$comment"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) out.push(match[1]);
  return out.join('\n');
}

function textToCheck(file, text) {
  if (file.endsWith('.md')) return text.replace(/\]\([^)]*\)/g, ']'); // Markdown links: check-doc-links.mjs
  if (file.endsWith('.json')) return jsonComments(text);
  if (SOURCE.test(file)) return commentsOf(text);
  return '';
}

/** The project's given notes beside the repository, as a path names them (slashes in brackets: `\//` would read as a comment here). */
const GIVEN_NOTES = /^shared[/](design|spec)[/]/;
const DESIGN_NOTES = ['shared', 'design', ''].join('/');

/** `apis.google.com/js/api.js`: an address without its scheme, not a path. */
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|org|net|io|dev|app|test|example)\//i;

/** A folder named as a pattern's prefix (`functions/test/open-data`, `shared/src/stores/auth`): some entry starts with it. */
function prefixExists(path) {
  const parent = dirname(path);
  const name = path.slice(parent.length + 1);
  return existsSync(parent) && statSync(parent).isDirectory() && readdirSync(parent).some((entry) => entry.startsWith(name));
}

function found(root, file, path) {
  const clean = path.replace(/[.:,;]+$/, '');
  const workspace = file.split('/')[0];
  // Build output named from inside its workspace (`lib/<file>.js` in functions/) is generated too.
  if ([clean, `${workspace}/${clean}`].some((candidate) => GENERATED.some((pattern) => pattern.test(candidate))) || HOST.test(clean)) return true;
  // The project's spec and design notes, given beside the repository (../shared/spec, ../shared/design): checked only
  // where that folder is present (a CI clone has the repository alone).
  const given = clean.replace(/^(\.\.\/)+/, '');
  if (GIVEN_NOTES.test(given) && (clean.startsWith('../') || clean.startsWith(DESIGN_NOTES))) {
    return !existsSync(join(root, '..', 'shared')) || existsSync(join(root, '..', given));
  }
  const candidates = [join(root, clean), join(root, dirname(file), clean), join(root, workspace, 'src', clean), join(root, workspace, clean), join(root, 'node_modules', clean)];
  if (candidates.some((candidate) => existsSync(candidate))) return true;
  return !/\.[a-z]+$/.test(clean) && prefixExists(join(root, clean));
}

/** The stale references of the files `files` (repository-relative) under `root`: "file: path". */
export function staleReferences(root, files) {
  const findings = [];
  for (const file of files) {
    const text = textToCheck(file, readFileSync(join(root, file), 'utf8'));
    if (!text) continue;
    const paths = new Set();
    for (const match of text.matchAll(PATH)) if (match[1].includes('/') && !/^[a-z]+:\/\//.test(match[1])) paths.add(match[1]);
    for (const match of text.matchAll(FOLDER)) paths.add(match[1]);
    for (const path of paths) if (!found(root, file, path)) findings.push(`${file}: ${path}`);
  }
  return findings;
}

function trackedFiles() {
  const files = execFileSync('git', ['ls-files'], { cwd: REPO, encoding: 'utf8' }).split('\n').filter(Boolean);
  return files.filter((file) => (SOURCE.test(file) || file.endsWith('.md') || (file.endsWith('.json') && file !== 'package-lock.json')) && !file.startsWith(`${FIXTURES}/`) && !file.startsWith('scripts/boundaries/fixtures/') && !file.startsWith('scripts/doc-links-fixtures/'));
}

function fixtureFiles() {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(REPO, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(REPO, path)).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk(FIXTURES);
  return out;
}

if (process.argv[1] && relative(fileURLToPath(import.meta.url), process.argv[1]) === '') {
  const planted = staleReferences(REPO, fixtureFiles()).sort();
  const expected = [`${FIXTURES}/src/example.ts: ./missing-helper.ts`, `${FIXTURES}/src/example.ts: shell/src/server/gone.ts`];
  if (JSON.stringify(planted) !== JSON.stringify(expected)) {
    console.error(`check-path-references' self-test failed: expected ${JSON.stringify(expected)}, found ${JSON.stringify(planted)}`);
    process.exit(1);
  }
  const findings = staleReferences(REPO, trackedFiles().filter((file) => existsSync(join(REPO, file))));
  if (findings.length > 0) {
    console.error(`Paths named in comments and documents that do not exist (${findings.length}):\n${findings.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Every path named in a comment or a document exists (self-test: the ${expected.length} planted stale references found).`);
}
// The folder separator is '/' in every path this check reads (git's).
void sep;
