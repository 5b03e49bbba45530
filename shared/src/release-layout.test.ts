import {
  isReleaseId,
  isSafeSitePath,
  manifestRelease,
  parseReleaseHistory,
  pointerManifest,
  releaseIdFor,
  releaseIdFromManifestUrl,
  releaseManifest,
  releaseManifestUrl,
  rootManifestUrl,
} from './release-layout';

describe('isReleaseId: a path segment and a label at once', () => {
  it.each([
    ['20261127-082609-f046f93', true],
    ['v1.2.3', true],
    ['a', true],
    ['', false],
    ['..', false],
    ['a..b', false],
    ['.hidden', false],
    ['a/b', false],
    ['a b', false],
    ['<script>', false],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    [42, false],
    [null, false],
  ])('%p → %p', (value, expected) => expect(isReleaseId(value)).toBe(expected));
});

test('releaseIdFor: UTC date, time and commit', () => {
  expect(releaseIdFor(new Date('2026-11-27T08:26:09.123Z'), 'f046f93')).toBe('20261127-082609-f046f93');
  expect(releaseIdFor(new Date('2026-11-27T08:26:09Z'), '')).toBe('20261127-082609-local');
  expect(releaseIdFor(new Date('2026-11-27T08:26:09Z'), 'a/../b')).toBe('20261127-082609-ab');
});

describe('manifest URLs', () => {
  it.each([
    ['https://ps.example/releases/20261127-082609-f046f93/mf-manifest.json', '20261127-082609-f046f93'],
    ['https://ps.example/mf-manifest.json', null],
    ['https://ps.example/releases/../mf-manifest.json', null],
    ['https://ps.example/releases/a%2Fb/mf-manifest.json', null],
    ['not a url', null],
  ])('releaseIdFromManifestUrl(%s) → %p', (url, id) => expect(releaseIdFromManifestUrl(url)).toBe(id));

  test('a release manifest URL and back to the root', () => {
    const pinned = releaseManifestUrl('http://localhost:3001/mf-manifest.json', 'r1');
    expect(pinned).toBe('http://localhost:3001/releases/r1/mf-manifest.json');
    expect(rootManifestUrl(pinned)).toBe('http://localhost:3001/mf-manifest.json');
    expect(rootManifestUrl('http://localhost:3001/mf-manifest.json')).toBe('http://localhost:3001/mf-manifest.json');
    expect(() => releaseManifestUrl('http://x/mf-manifest.json', '../evil')).toThrow('Not a release id');
  });
});

describe('stamped manifests', () => {
  const built = {
    id: 'publicSite',
    metaData: { name: 'publicSite', buildInfo: { buildVersion: '1.0.0', buildName: '@sbc/public-site' }, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    shared: [{ name: 'mobx', assets: { js: { sync: ['582.e41c55d933.js'], async: [] }, css: { sync: [], async: [] } } }],
    exposes: [{ name: 'HomePage', assets: { js: { sync: ['491.1eeeebe3a0.js'], async: ['797.cc740133ff.js'] }, css: { sync: ['home.55d6f2c03f.css'], async: [] } } }],
  };

  test("a release's own manifest keeps its paths and says its release", () => {
    const own = releaseManifest(built, 'r1');
    expect(own.exposes).toEqual(built.exposes);
    expect((own.metaData as { buildInfo: { buildVersion: string } }).buildInfo.buildVersion).toBe('r1');
    expect(manifestRelease(own)).toEqual({ id: 'r1', path: '' });
  });

  test('the root manifest points the entry and every asset into the release folder', () => {
    const root = pointerManifest(built, 'r1') as typeof built;
    expect(root.metaData.remoteEntry).toEqual({ name: 'remoteEntry.js', path: 'releases/r1', type: 'global' });
    expect(root.metaData.publicPath).toBe('auto');
    expect(root.shared[0].assets.js.sync).toEqual(['releases/r1/582.e41c55d933.js']);
    expect(root.exposes[0].assets).toEqual({
      js: { sync: ['releases/r1/491.1eeeebe3a0.js'], async: ['releases/r1/797.cc740133ff.js'] },
      css: { sync: ['releases/r1/home.55d6f2c03f.css'], async: [] },
    });
    expect(manifestRelease(root)).toEqual({ id: 'r1', path: 'releases/r1/' });
    expect(built.exposes[0].assets.js.sync).toEqual(['491.1eeeebe3a0.js']);
  });

  it.each([
    [{}, null],
    [{ sbcRelease: { id: '../x', path: '' } }, null],
    [{ sbcRelease: { id: 'r1', path: 'https://evil.example/' } }, null],
    [{ sbcRelease: { id: 'r1', path: 'releases/r2/' } }, null],
    [null, null],
  ])('manifestRelease(%p) → %p (a manifest from before the folders, or a forged one)', (manifest, expected) => {
    expect(manifestRelease(manifest)).toBe(expected);
  });
});

describe('parseReleaseHistory', () => {
  test('a good history', () => {
    const history = { app: 'public-site', releases: [{ id: 'r1', deployedAt: '2026-11-27T08:00:00.000Z', files: ['releases/r1/remoteEntry.js'] }] };
    expect(parseReleaseHistory(history)).toEqual({ history });
  });
  it.each([
    ['not an object', 'x', 'not a JSON object'],
    ['no list', { app: 'a' }, '"releases" is not a list'],
    ['a bad id', { app: 'a', releases: [{ id: '../x', deployedAt: null, files: [] }] }, 'release 1: "id" is not a release id'],
    ['a bad date', { app: 'a', releases: [{ id: 'r', deployedAt: 'soon', files: [] }] }, 'release 1: "deployedAt" is not a date'],
    ['a path outside the site', { app: 'a', releases: [{ id: 'r', deployedAt: null, files: ['../../etc/passwd'] }] }, 'release 1: "files" is not a list of site paths'],
    ['an absolute URL', { app: 'a', releases: [{ id: 'r', deployedAt: null, files: ['https://evil.example/x.js'] }] }, 'release 1: "files" is not a list of site paths'],
  ])('%s is refused with its reason', (_name, value, problem) => {
    expect(parseReleaseHistory(value)).toEqual({ problems: expect.arrayContaining([problem]) });
  });
  it.each([
    ['releases/r1/a.js', true],
    ['main.0123456789.js', true],
    ['/etc/passwd', false],
    ['a/../b', false],
    ['./a', false],
    ['a\\b', false],
    ['file:a', false],
  ])('isSafeSitePath(%s) → %p', (path, expected) => expect(isSafeSitePath(path)).toBe(expected));
});
