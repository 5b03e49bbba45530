/**
 * firebase.json's header rules, evaluated the way Hosting does (rules match the REQUEST path, a deep link is
 * matched as itself before the rewrite to index.html; every matching rule applies and the last one to set a
 * header wins), give the same Cache-Control as the local static server's policy, on every target.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheControlFor } from '../../src/static-server/policy';
import { REMOTE_ROUTES } from '../../../shared/src/route-manifest';

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}
interface HostingTarget {
  target: string;
  rewrites?: Array<{ source: string; destination?: string; function?: { functionId: string; region: string } }>;
  ignore?: string[];
  headers: HeaderRule[];
}

const firebaseJson = JSON.parse(readFileSync(join(__dirname, '../../../firebase.json'), 'utf8')) as { hosting: HostingTarget[] };

/** The glob subset firebase.json uses: `**`, `*`, `?`, `@(a|b)`; a source without a leading '/' gets one (as Hosting's glob-slasher does). */
function globToRegExp(glob: string): RegExp {
  const source = glob.startsWith('/') ? glob : `/${glob}`;
  let pattern = '';
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (source.startsWith('/**', i)) {
      pattern += '(?:/.*)?';
      i += 2;
    } else if (char === '*') pattern += '[^/]*';
    else if (char === '?') pattern += '[^/]';
    else if (source.startsWith('@(', i)) {
      const end = source.indexOf(')', i);
      pattern += `(?:${source.slice(i + 2, end).split('|').map(escape).join('|')})`;
      i = end;
    } else pattern += escapeRegExp(char);
  }
  return new RegExp(`^${pattern}$`);
}
const escapeRegExp = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');

function matches(rule: HeaderRule, path: string): boolean {
  if (rule.source !== undefined) return globToRegExp(rule.source).test(path);
  if (rule.regex !== undefined) return new RegExp(rule.regex, 'u').test(path);
  return false;
}

/** The headers Hosting sends for a request path: every matching rule in order, a later value replacing an earlier one. */
function headersFor(target: HostingTarget, path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of target.headers.filter((r) => matches(r, path))) {
    for (const { key, value } of rule.headers) out[key] = value;
  }
  return out;
}

const target = (name: string) => {
  const found = firebaseJson.hosting.find((t) => t.target === name);
  if (!found) throw new Error(`firebase.json has no hosting target ${name}`);
  return found;
};

const PATHS = [
  '/',
  '/products',
  '/products/solar-panel',
  '/admin/json-editor',
  '/index.html',
  '/app-config.json',
  '/mf-manifest.json',
  '/mf-stats.json',
  '/remoteEntry.js',
  '/main.0123456789.js',
  '/324.01b0f4475c.js',
  '/assets/logo.0123456789.svg',
  '/editor.worker.js',
  '/json.worker.js',
  '/325.9954c90a6b.js.LICENSE.txt',
  '/sw.js',
  '/manifest.webmanifest',
  '/app-images/icon-192.png',
  '/release-history.json',
  '/server/public-site.server.js',
];

/** A remote's release folder (shared/src/release-layout.ts): immutable, whatever the file's name. The shell has none. */
const RELEASE_PATHS = [
  '/releases/20261127-081900-f046f93/remoteEntry.js',
  '/releases/20261127-081900-f046f93/mf-manifest.json',
  '/releases/20261127-081900-f046f93/editor.worker.js',
  '/releases/20261127-081900-f046f93/server/public-site.server.js',
];

describe('the glob evaluator used here', () => {
  test.each([
    ['**', '/', true],
    ['**', '/a/b.js', true],
    ['/', '/', true],
    ['/', '/a', false],
    ['**/@(a.json|b.js)', '/a.json', true],
    ['**/@(a.json|b.js)', '/x/b.js', true],
    ['**/@(a.json|b.js)', '/xa.json', false],
    ['/*.js', '/x/y.js', false],
  ])('%s on %s → %s', (glob, path, expected) => {
    expect(globToRegExp(glob).test(path)).toBe(expected);
  });
});

describe.each(['shell', 'public-site', 'admin-console'])('firebase.json hosting target %s', (name) => {
  test.each(name === 'shell' ? PATHS : [...PATHS, ...RELEASE_PATHS])('%s gets the same Cache-Control as the local static server', (path) => {
    expect(headersFor(target(name), path)['Cache-Control']).toBe(cacheControlFor(path));
  });
});

test("a remote's release files are immutable, its root manifest and release history revalidated", () => {
  for (const name of ['public-site', 'admin-console']) {
    expect(headersFor(target(name), RELEASE_PATHS[0])['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(target(name), '/mf-manifest.json')['Cache-Control']).toBe('no-cache');
    expect(headersFor(target(name), '/release-history.json')['Cache-Control']).toBe('no-cache');
  }
});

test('a deep link, a worker and the stats file are revalidated, hashed files are immutable (on the shell target)', () => {
  const shell = target('shell');
  expect(headersFor(shell, '/products')['Cache-Control']).toBe('no-cache');
  expect(headersFor(shell, '/editor.worker.js')['Cache-Control']).toBe('no-cache');
  expect(headersFor(shell, '/mf-stats.json')['Cache-Control']).toBe('no-cache');
  expect(headersFor(shell, '/main.0123456789.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
});

test('the service worker and the web app manifest are revalidated, the manifest with its media type (on the shell target)', () => {
  const shell = target('shell');
  expect(headersFor(shell, '/sw.js')['Cache-Control']).toBe('no-cache');
  expect(headersFor(shell, '/manifest.webmanifest')).toEqual({ 'Cache-Control': 'no-cache', 'Content-Type': 'application/manifest+json' });
});

test('the remotes send CORS on every path, hashed or not; the shell does not', () => {
  for (const name of ['public-site', 'admin-console']) {
    for (const path of PATHS) expect(headersFor(target(name), path)['Access-Control-Allow-Origin']).toBe('*');
  }
  expect(headersFor(target('shell'), '/mf-manifest.json')['Access-Control-Allow-Origin']).toBeUndefined();
});

test('only the shell rewrites: public routes to the render function, telemetry and the API to their functions (telemetry first), every other path to the shell page; its predeploy checks app-config.json', () => {
  const render = { function: { functionId: 'renderPage', region: 'europe-west1' } };
  expect(target('shell').rewrites).toEqual([
    ...['/', '/products', '/products/*', '/materials', '/materials/*', '/faq', '/developers/api', '/market/planner', '/market/profitability'].map((source) => ({ source, ...render })),
    { source: '/api/telemetry', function: { functionId: 'telemetry', region: 'europe-west1' } },
    { source: '/api/**', function: { functionId: 'openData', region: 'europe-west1' } },
    { source: '**', destination: '/app.html' },
  ]);
  // index.html is not uploaded, or Hosting would answer / with it instead of the render function.
  expect(target('shell').ignore).toContain('index.html');
  expect(target('public-site').rewrites).toBeUndefined();
  expect(target('admin-console').rewrites).toBeUndefined();
  expect((target('shell') as HostingTarget & { predeploy?: string[] }).predeploy).toEqual([
    'node --import tsx scripts/check-app-config.ts "$RESOURCE_DIR/app-config.json"',
    'node scripts/prepare-render-deploy.mjs',
    'node --import tsx scripts/release/deploy.ts shell --dist "$RESOURCE_DIR"',
  ]);
});

test('every page the route manifest renders on the server is rewritten to the render function (else Hosting serves it the client page)', () => {
  const rendered = (target('shell').rewrites ?? []).filter((rewrite) => rewrite.function?.functionId === 'renderPage').map((rewrite) => rewrite.source);
  // Hosting's glob: '*' is one path segment. The manifest's ':slug' is one segment too.
  const matches = (glob: string, path: string) => {
    const [globParts, pathParts] = [glob.split('/'), path.split('/')];
    return globParts.length === pathParts.length && globParts.every((part, i) => part === '*' || part === pathParts[i]);
  };
  const pages = REMOTE_ROUTES.filter((route) => route.serverRendered).map((route) => route.path.replace(/:[^/]+/g, 'x'));
  expect(pages).toContain('/market/profitability');
  expect(pages.filter((page) => !rendered.some((glob) => matches(glob, page)))).toEqual([]);
});

test("every app's deploy keeps the earlier releases open pages run (scripts/release/deploy.ts, its last predeploy step)", () => {
  for (const name of ['shell', 'public-site', 'admin-console']) {
    const predeploy = (target(name) as HostingTarget & { predeploy?: string[] }).predeploy ?? [];
    expect(predeploy.at(-1)).toBe(`node --import tsx scripts/release/deploy.ts ${name} --dist "$RESOURCE_DIR"`);
  }
});
