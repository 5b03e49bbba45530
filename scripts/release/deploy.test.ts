import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DeployError, liveSiteUrl, mergeLiveReleases, promoteRelease } from './deploy';
import { stamp } from './stamp';

/** A fresh remote build: a manifest, an entry, a chunk, a worker and a source map, stamped as release `id`. */
function builtRemote(id: string, chunk = 'chunk.0123456789.js'): string {
  const dist = mkdtempSync(join(tmpdir(), 'sbc-release-'));
  const manifest = { id: 'publicSite', metaData: { buildInfo: { buildVersion: '1.0.0' }, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' }, shared: [], exposes: [{ name: 'HomePage', assets: { js: { sync: [chunk], async: [] }, css: { sync: [], async: [] } } }] };
  const files: Record<string, string> = { 'mf-manifest.json': JSON.stringify(manifest), 'remoteEntry.js': `entry ${id}`, [chunk]: `chunk ${id}`, 'editor.worker.js': `worker ${id}`, [`${chunk}.map`]: '{}', 'server/public-site.server.js': `server ${id}` };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, name)), { recursive: true });
    writeFileSync(join(dist, name), text);
  }
  stamp('public-site', dist, id);
  return dist;
}

/** A live site: the files of `dist` served by path, as Hosting would, with counters. */
function liveSite(dist: string | null, overrides: Record<string, number> = {}) {
  const asked: string[] = [];
  const fetchImpl = (async (input: string | URL) => {
    const path = new URL(String(input)).pathname.slice(1);
    asked.push(path);
    if (overrides[path]) return new Response('error', { status: overrides[path] });
    if (!dist || !existsSync(join(dist, path))) return new Response('not found', { status: 404 });
    return new Response(readFileSync(join(dist, path)));
  }) as typeof fetch;
  return { fetchImpl, asked };
}

const history = (dist: string) => JSON.parse(readFileSync(join(dist, 'release-history.json'), 'utf8'));

test("a first deploy: the live site has no history, the new release is the only one, dated now", async () => {
  const dist = builtRemote('r1');
  const { fetchImpl } = liveSite(null);
  const now = new Date('2026-11-27T09:00:00Z');
  const result = await mergeLiveReleases({ app: 'public-site', dist, live: 'https://ps.example/', now, fetchImpl });
  expect(result.fetchedFiles).toBe(0);
  expect(history(dist).releases.map((r: { id: string; deployedAt: string }) => [r.id, r.deployedAt])).toEqual([['r1', '2026-11-27T09:00:00.000Z']]);
  expect(history(dist).releases[0].files).toEqual(expect.arrayContaining(['releases/r1/remoteEntry.js', 'releases/r1/editor.worker.js', 'releases/r1/server/public-site.server.js']));
  expect(history(dist).releases[0].files.some((file: string) => file.endsWith('.map'))).toBe(false);
});

test('the next deploy keeps the live release: its files are downloaded into the new build, the root points at the new one', async () => {
  const live = builtRemote('r1');
  await mergeLiveReleases({ app: 'public-site', dist: live, live: null, now: new Date('2026-11-27T09:00:00Z') });
  const next = builtRemote('r2', 'chunk.9876543210.js');
  const site = liveSite(live);
  const result = await mergeLiveReleases({ app: 'public-site', dist: next, live: 'https://ps.example/', now: new Date('2026-11-27T10:00:00Z'), fetchImpl: site.fetchImpl });
  expect(result.kept.map((r) => r.id)).toEqual(['r1', 'r2']);
  expect(readFileSync(join(next, 'releases/r1/editor.worker.js'), 'utf8')).toBe('worker r1');
  expect(readFileSync(join(next, 'releases/r1/chunk.0123456789.js'), 'utf8')).toBe('chunk r1');
  expect(readFileSync(join(next, 'releases/r2/editor.worker.js'), 'utf8')).toBe('worker r2');
  expect(JSON.parse(readFileSync(join(next, 'mf-manifest.json'), 'utf8')).sbcRelease).toEqual({ id: 'r2', path: 'releases/r2/' });
  expect(readFileSync(join(next, 'server/public-site.server.js'), 'utf8')).toMatch(/releases\/r2\/.*\nserver r2$/);
  expect(site.asked).not.toContain('releases/r1/chunk.0123456789.js.map');
});

test('four deploys a month apart: the oldest release is dropped once two newer exist and 7 days have passed', async () => {
  let live: string | null = null;
  const days = ['2026-10-01', '2026-10-15', '2026-11-01', '2026-11-20'];
  for (const [index, day] of days.entries()) {
    const dist = builtRemote(`r${index + 1}`, `chunk.${String(index).repeat(10)}.js`);
    const site = liveSite(live);
    await mergeLiveReleases({ app: 'public-site', dist, live: live ? 'https://ps.example/' : null, now: new Date(`${day}T09:00:00Z`), fetchImpl: site.fetchImpl });
    live = dist;
  }
  expect(history(live!).releases.map((r: { id: string }) => r.id)).toEqual(['r2', 'r3', 'r4']);
  expect(existsSync(join(live!, 'releases/r1'))).toBe(false);
});

describe('a deploy that cannot keep the earlier releases is refused, and changes nothing', () => {
  it.each([
    ['the history answers 500', { 'release-history.json': 500 }, 'answered HTTP 500'],
    ['a kept file is gone', { 'releases/r1/editor.worker.js': 404 }, 'a file of a kept release, answered HTTP 404'],
  ])('%s', async (_name, failures, message) => {
    const live = builtRemote('r1');
    await mergeLiveReleases({ app: 'public-site', dist: live, live: null, now: new Date('2026-11-27T09:00:00Z') });
    const next = builtRemote('r2', 'chunk.9876543210.js');
    const before = readFileSync(join(next, 'release-history.json'), 'utf8');
    const site = liveSite(live, failures);
    const deploy = mergeLiveReleases({ app: 'public-site', dist: next, live: 'https://ps.example/', now: new Date(), fetchImpl: site.fetchImpl });
    await expect(deploy).rejects.toThrow(DeployError);
    await expect(deploy).rejects.toThrow(message);
    expect(readFileSync(join(next, 'release-history.json'), 'utf8')).toBe(before);
  });

  test('a history that is not JSON, or belongs to another app', async () => {
    const next = builtRemote('r2');
    const garbage = (async () => new Response('<html>')) as unknown as typeof fetch;
    await expect(mergeLiveReleases({ app: 'public-site', dist: next, live: 'https://ps.example/', now: new Date(), fetchImpl: garbage })).rejects.toThrow('is not JSON');
    const other = (async () => Response.json({ app: 'admin-console', releases: [] })) as unknown as typeof fetch;
    await expect(mergeLiveReleases({ app: 'public-site', dist: next, live: 'https://ps.example/', now: new Date(), fetchImpl: other })).rejects.toThrow('is the history of admin-console');
  });

  test('a forged history naming files outside the site', async () => {
    const next = builtRemote('r2');
    const forged = (async () => Response.json({ app: 'public-site', releases: [{ id: 'r1', deployedAt: '2026-11-27T00:00:00Z', files: ['../../../etc/passwd'] }] })) as unknown as typeof fetch;
    await expect(mergeLiveReleases({ app: 'public-site', dist: next, live: 'https://ps.example/', now: new Date(), fetchImpl: forged })).rejects.toThrow('"files" is not a list of site paths');
  });

  test('a build deployed already is not deployed again as new', async () => {
    const dist = builtRemote('r1');
    await mergeLiveReleases({ app: 'public-site', dist, live: null, now: new Date() });
    await expect(mergeLiveReleases({ app: 'public-site', dist, live: null, now: new Date() })).rejects.toThrow('is not a fresh public-site build');
  });
});

test('the live site of a target is its Hosting site on the project being deployed', () => {
  const rc = JSON.parse(readFileSync(join(__dirname, '../../.firebaserc'), 'utf8'));
  expect(liveSiteUrl(rc, 'production', 'public-site')).toBe('https://your-project-id-public-site.web.app/');
  expect(liveSiteUrl(rc, 'demo-sbc-tycoon', 'shell')).toBe('https://demo-sbc-tycoon.web.app/');
  expect(() => liveSiteUrl(rc, 'unknown-project', 'shell')).toThrow('pass --live <url>');
});

describe('a canary: a release staged beside the live one, then promoted', () => {
  async function liveWith(id: string) {
    const live = builtRemote(id);
    await mergeLiveReleases({ app: 'public-site', dist: live, live: null, now: new Date('2026-11-27T09:00:00Z') });
    return live;
  }

  test('--stage puts the new release on the site while the root keeps serving the live one', async () => {
    const live = await liveWith('r1');
    const canary = builtRemote('r2', 'chunk.9876543210.js');
    await mergeLiveReleases({ app: 'public-site', dist: canary, live: 'https://ps.example/', now: new Date('2026-11-27T10:00:00Z'), fetchImpl: liveSite(live).fetchImpl, stage: true });
    expect(JSON.parse(readFileSync(join(canary, 'mf-manifest.json'), 'utf8')).sbcRelease).toEqual({ id: 'r1', path: 'releases/r1/' });
    expect(readFileSync(join(canary, 'server/public-site.server.js'), 'utf8')).toMatch(/\nserver r1$/);
    expect(readFileSync(join(canary, 'releases/r2/remoteEntry.js'), 'utf8')).toBe('entry r2');
    expect(history(canary)).toMatchObject({ current: 'r1', releases: [{ id: 'r1' }, { id: 'r2' }] });
  });

  test('--promote makes the staged release the one served, from the live files alone', async () => {
    const live = await liveWith('r1');
    const canary = builtRemote('r2', 'chunk.9876543210.js');
    await mergeLiveReleases({ app: 'public-site', dist: canary, live: 'https://ps.example/', now: new Date('2026-11-27T10:00:00Z'), fetchImpl: liveSite(live).fetchImpl, stage: true });
    const promoted = join(mkdtempSync(join(tmpdir(), 'sbc-promote-')), 'site');
    await promoteRelease({ app: 'public-site', dist: promoted, live: 'https://ps.example/', id: 'r2', now: new Date('2026-11-27T11:00:00Z'), fetchImpl: liveSite(canary).fetchImpl });
    expect(JSON.parse(readFileSync(join(promoted, 'mf-manifest.json'), 'utf8')).sbcRelease).toEqual({ id: 'r2', path: 'releases/r2/' });
    expect(readFileSync(join(promoted, 'server/public-site.server.js'), 'utf8')).toMatch(/\nserver r2$/);
    expect(readFileSync(join(promoted, 'releases/r1/remoteEntry.js'), 'utf8')).toBe('entry r1');
    expect(history(promoted).current).toBeUndefined();
    await expect(promoteRelease({ app: 'public-site', dist: promoted, live: 'https://ps.example/', id: 'r9', now: new Date(), fetchImpl: liveSite(canary).fetchImpl })).rejects.toThrow('keeps no release "r9"');
  });

  test('nothing live to stage beside, or a staged shell, is refused', async () => {
    await expect(mergeLiveReleases({ app: 'public-site', dist: builtRemote('r1'), live: 'https://ps.example/', now: new Date(), fetchImpl: liveSite(null).fetchImpl, stage: true })).rejects.toThrow('nothing is live');
  });
});

test("a remote's own page at the site root loads its release's files; absolute and data URLs are left alone", () => {
  const { standalonePageAtRoot } = require('./stamp') as typeof import('./stamp');
  expect(standalonePageAtRoot('<script defer src="main.0123456789.js"></script><link href="data:image/svg+xml,x"><a href="/products">', 'r1')).toBe(
    '<script defer src="releases/r1/main.0123456789.js"></script><link href="data:image/svg+xml,x"><a href="/products">',
  );
});

test("the root copy of the Node build moves an older render server's base URL into the release folder, where its images are", () => {
  const { rootServerBuild } = require('./stamp') as typeof import('./stamp');
  const { runInNewContext } = require('node:vm') as typeof import('node:vm');
  const code = rootServerBuild('result = globalThis.__SBC_PUBLIC_SITE_BASE_URL__;', 'r1');
  const olderRenderServer = { __SBC_PUBLIC_SITE_BASE_URL__: 'https://ps.example/', result: '', URL };
  runInNewContext(code, olderRenderServer);
  expect(olderRenderServer.result).toBe('https://ps.example/releases/r1/');
});
