import { noteRelease, noteReleasesFromManifestUrls, pageReleases, pageReleasesPlugin, shellReleaseOf } from './page-releases';

const docWith = (html: string) => {
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  return new JSDOM(html).window.document;
};

test("the shell's release is its page's meta element, when it is a release id", () => {
  expect(shellReleaseOf(docWith('<meta name="sbc-release" content="20261127-082609-f046f93">'))).toBe('20261127-082609-f046f93');
  expect(shellReleaseOf(docWith('<meta name="sbc-release" content="../../x">'))).toBeNull();
  expect(shellReleaseOf(docWith('<title>no meta</title>'))).toBeNull();
  expect(shellReleaseOf(null)).toBeNull();
});

test("a server-rendered page's pinned manifest tells the public-site release before anything loads", () => {
  noteRelease('publicSite', null);
  noteReleasesFromManifestUrls({ publicSite: 'https://ps.example/releases/r7/mf-manifest.json', adminConsole: 'https://ac.example/mf-manifest.json' });
  expect(pageReleases.publicSite).toBe('r7');
  expect(pageReleases.adminConsole).toBeNull();
});

test('the federation runtime tells the release it loaded; a local build or junk records null', async () => {
  const plugin = pageReleasesPlugin();
  const hook = plugin.loadRemoteSnapshot as unknown as (args: unknown) => Promise<unknown> | unknown;
  await hook({ moduleInfo: { name: 'adminConsole' }, remoteSnapshot: { buildVersion: 'r9' } });
  expect(pageReleases.adminConsole).toBe('r9');
  await hook({ moduleInfo: { name: 'adminConsole' }, remoteSnapshot: { buildVersion: 'local' } });
  expect(pageReleases.adminConsole).toBeNull();
  await hook({ moduleInfo: { name: 'publicSite' }, remoteSnapshot: { buildVersion: '<img src=x>' } });
  expect(pageReleases.publicSite).toBeNull();
  await hook({ moduleInfo: { name: 'someoneElse' }, remoteSnapshot: { buildVersion: 'r1' } });
  expect(pageReleases).toEqual({ shell: null, publicSite: null, adminConsole: null });
});
