// The server-rendered page's modules, started by the main script: what it reads from the page, when it starts
// nothing, and how the bootstrap takes over (its registration and the release it learns). The federation runtime is
// the boundary: a fake records what is registered and answers each load.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { CANARY_STORAGE_KEY } from '../releases/canary-storage';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerPlugins: jest.fn(), registerRemotes: jest.fn() }));
const load = loadRemote as unknown as jest.Mock;
const plugins = registerPlugins as unknown as jest.Mock;
const remotes = registerRemotes as unknown as jest.Mock;

const MANIFEST = 'https://public.example/releases/20261127-120000-abc1234/mf-manifest.json';
const OTHER_MANIFEST = 'https://public.example/mf-manifest.json';
const ADMIN = 'https://admin.example/mf-manifest.json';

/** A document as the render server writes it: the state and the inline configuration (either may be left out). */
function pageWith({ state, config }: { state?: string; config?: string }): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (state !== undefined) doc.head.insertAdjacentHTML('beforeend', `<script type="application/json" id="sbc-ssr-state">${state}</script>`);
  if (config !== undefined) doc.head.insertAdjacentHTML('beforeend', `<script type="application/json" id="sbc-runtime-config">${config}</script>`);
  return doc;
}
const STATE = JSON.stringify({ url: '/faq', page: 'publicSite/FaqPage', snapshot: [], renderedAt: 1 });
const CONFIG = JSON.stringify({ remotes: { publicSite: MANIFEST, adminConsole: ADMIN } });
const noPins = { getItem: () => null };

/** A fresh copy of the module (it keeps what it started) with the runtime fake reset. */
function freshModule() {
  load.mockReset();
  plugins.mockReset();
  remotes.mockReset();
  let mod!: typeof import('./server-page-remote');
  jest.isolateModules(() => {
    mod = require('./server-page-remote');
  });
  return mod;
}

describe('serverPageRemote: what a page says about its remote', () => {
  const { serverPageRemote } = freshModule();
  it.each([
    ['a server-rendered page', { state: STATE, config: CONFIG }, { id: 'publicSite/FaqPage', manifestUrl: MANIFEST }],
    ['a page rendered in the browser (no state)', { config: CONFIG }, null],
    ['no inline configuration', { state: STATE }, null],
    ['a state that is not JSON', { state: '{"page":', config: CONFIG }, null],
    ['a configuration that is not JSON', { state: STATE, config: 'remotes' }, null],
    ['a page of another remote', { state: JSON.stringify({ page: 'adminConsole/AdminPage' }), config: CONFIG }, null],
    ['a page id that is not text', { state: JSON.stringify({ page: 7 }), config: CONFIG }, null],
    ['a hostile page id', { state: JSON.stringify({ page: '</script><script>alert(1)</script>' }), config: CONFIG }, null],
    ['no public-site manifest', { state: STATE, config: JSON.stringify({ remotes: { adminConsole: ADMIN } }) }, null],
    ['an empty manifest URL', { state: STATE, config: JSON.stringify({ remotes: { publicSite: '' } }) }, null],
    ['JSON null', { state: 'null', config: 'null' }, null],
  ])('%s', (_name, page, expected) => expect(serverPageRemote(pageWith(page))).toEqual(expected));
});

describe('startServerPageModules', () => {
  it('registers the public-site remote at the page’s manifest and loads the page and the data preparation; the bootstrap takes them once', async () => {
    const mod = freshModule();
    const faq = { default: () => null };
    const prepare = { default: async () => undefined };
    load.mockImplementation(async (id: string) => (id === 'publicSite/FaqPage' ? faq : prepare));
    mod.startServerPageModules(pageWith({ state: STATE, config: CONFIG }), noPins);

    expect(remotes).toHaveBeenCalledWith([{ name: 'publicSite', entry: MANIFEST }]);
    expect(load.mock.calls.map(([id]) => id)).toEqual(['publicSite/FaqPage', 'publicSite/prepare']);
    // From this first load on: the remote's host-runtime entry when offered (./host-runtime.ts), and the page's inline
    // styles are not downloaded again (./inlined-styles-plugin.ts).
    expect(plugins.mock.calls[0][0].map((plugin: { name: string }) => plugin.name)).toEqual(['sbc-host-runtime-entry', 'sbc-inlined-styles', 'sbc-early-snapshots']);
    await expect(mod.takeServerPageModules('publicSite/FaqPage', MANIFEST)).resolves.toEqual([faq, prepare]);
    expect(mod.takeServerPageModules('publicSite/FaqPage', MANIFEST)).toBeNull();
  });

  it.each([
    ['another page', 'publicSite/HomePage', MANIFEST],
    ['another manifest (the bootstrap’s configuration differs)', 'publicSite/FaqPage', OTHER_MANIFEST],
  ])('gives nothing for %s: the bootstrap loads the modules itself', (_name, id, manifest) => {
    const mod = freshModule();
    load.mockResolvedValue({ default: () => null });
    mod.startServerPageModules(pageWith({ state: STATE, config: CONFIG }), noPins);
    expect(mod.takeServerPageModules(id, manifest)).toBeNull();
  });

  it.each([
    ['a page rendered in the browser', pageWith({ config: CONFIG }), noPins],
    ['a session that pins a public-site canary release (the page is then rendered in the browser)', pageWith({ state: STATE, config: CONFIG }), { getItem: (key: string) => (key === CANARY_STORAGE_KEY ? '{"publicSite":"20261127-130000-def5678"}' : null) }],
    ['a session whose pin is unreadable (./canary.ts removes it, then the page reloads)', pageWith({ state: STATE, config: CONFIG }), { getItem: (key: string) => (key === CANARY_STORAGE_KEY ? '{"publicSite":"<b>"}' : null) }],
  ])('starts nothing on %s', (_name, doc, storage) => {
    const mod = freshModule();
    mod.startServerPageModules(doc, storage);
    expect(remotes).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    expect(mod.takeServerPageModules('publicSite/FaqPage', MANIFEST)).toBeNull();
  });

  it('starts on a session whose pins name only the admin console', () => {
    const mod = freshModule();
    load.mockResolvedValue({ default: () => null });
    mod.startServerPageModules(pageWith({ state: STATE, config: CONFIG }), { getItem: () => '{"adminConsole":"20261127-130000-def5678"}' });
    expect(remotes).toHaveBeenCalledTimes(1);
  });

  it('a remote that fails reaches the bootstrap as a rejection, and nothing when nobody takes it', async () => {
    const mod = freshModule();
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    load.mockRejectedValue(new Error('RUNTIME-008: remote entry failed to load'));
    mod.startServerPageModules(pageWith({ state: STATE, config: CONFIG }), noPins);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).not.toHaveBeenCalled();
    await expect(mod.takeServerPageModules('publicSite/FaqPage', MANIFEST)).rejects.toThrow('RUNTIME-008');
    process.off('unhandledRejection', unhandled);
  });
});

describe('the bootstrap’s registration after an early start (./register-remotes.ts)', () => {
  /** The early module and register-remotes from one module registry, as in the page. */
  function freshPair() {
    load.mockReset();
    plugins.mockReset();
    remotes.mockReset();
    let early!: typeof import('./server-page-remote');
    let register!: typeof import('./register-remotes');
    let releases!: typeof import('../releases/page-releases');
    jest.isolateModules(() => {
      early = require('./server-page-remote');
      register = require('./register-remotes');
      releases = require('../releases/page-releases');
    });
    load.mockResolvedValue({ default: () => null });
    return { early, register, releases };
  }
  const config = (publicSite: string) => ({
    remotes: { publicSite, adminConsole: ADMIN },
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-x', appId: 'a' },
    registerUrl: 'https://fn.example/registerUser',
  });

  it('keeps the early registration for the same manifest (no second registration by force)', () => {
    const { early, register } = freshPair();
    early.startServerPageModules(pageWith({ state: STATE, config: CONFIG }), noPins);
    register.registerSiteRemotes(config(MANIFEST));
    expect(remotes.mock.calls.filter(([, options]) => options?.force)).toEqual([]);
  });

  it('replaces it when the configuration names another manifest', () => {
    const { early, register } = freshPair();
    early.startServerPageModules(pageWith({ state: STATE, config: CONFIG }), noPins);
    register.registerSiteRemotes(config(OTHER_MANIFEST));
    expect(remotes).toHaveBeenLastCalledWith([{ name: 'publicSite', entry: OTHER_MANIFEST }], { force: true });
  });

  it('learns the release of the remote the runtime loaded before its own plugin was registered', () => {
    const { early, register, releases } = freshPair();
    // A root manifest (no release in its URL): only the loaded snapshot says which release it was.
    early.startServerPageModules(pageWith({ state: STATE, config: JSON.stringify({ remotes: { publicSite: OTHER_MANIFEST } }) }), noPins);
    const recorder = plugins.mock.calls[0][0].find((plugin: { name: string }) => plugin.name === 'sbc-early-snapshots');
    recorder.loadRemoteSnapshot({ moduleInfo: { name: 'publicSite' }, remoteSnapshot: { buildVersion: '20261127-140000-0a1b2c3' } });
    register.registerSiteRemotes(config(OTHER_MANIFEST));
    expect(releases.pageReleases.publicSite).toBe('20261127-140000-0a1b2c3');
    // Recording stopped: the bootstrap's own plugin hears the later loads.
    recorder.loadRemoteSnapshot({ moduleInfo: { name: 'adminConsole' }, remoteSnapshot: { buildVersion: '20261127-150000-0a1b2c3' } });
    expect(early.takeEarlySnapshots()).toEqual([]);
  });
});
