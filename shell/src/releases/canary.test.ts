import type { RuntimeConfig } from '@sbc/shared';
import { activeCanary, applyCanaryPins, CANARY_STORAGE_KEY, keptReleases, readCanaryPins, writeCanaryPins } from './canary';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === CANARY_STORAGE_KEY ? value : null) });

describe('readCanaryPins: only release ids of known remotes', () => {
  it.each([
    ['nothing stored', null, {}],
    ['a pin of each remote', '{"publicSite":"r2","adminConsole":"r9"}', { publicSite: 'r2', adminConsole: 'r9' }],
    ['corrupt JSON', '{"publicSite":', {}],
    ['a path instead of an id', '{"publicSite":"../../evil"}', {}],
    ['an unknown remote', '{"shell":"r1","publicSite":"r2"}', { publicSite: 'r2' }],
    ['not an object', '"r2"', {}],
  ])('%s', (_name, stored, expected) => expect(readCanaryPins(storageWith(stored))).toEqual(expected));

  it('no storage at all (a browser that refuses it)', () => expect(readCanaryPins(null)).toEqual({}));
});

test('writing no pins removes the key', () => {
  const storage = { setItem: jest.fn(), removeItem: jest.fn() };
  writeCanaryPins(storage, {});
  expect(storage.removeItem).toHaveBeenCalledWith(CANARY_STORAGE_KEY);
  writeCanaryPins(storage, { publicSite: 'r2' });
  expect(storage.setItem).toHaveBeenCalledWith(CANARY_STORAGE_KEY, '{"publicSite":"r2"}');
});

describe('applyCanaryPins', () => {
  const config = (publicSite: string): RuntimeConfig => ({
    remotes: { publicSite, adminConsole: 'https://ac.example/mf-manifest.json' },
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', appId: 'a' },
    registerUrl: 'https://fn.example/registerUser',
  });

  it('points a pinned remote at its release manifest, and says a server-rendered page of another release must not hydrate', () => {
    const { config: pinned, replacesRenderedRelease } = applyCanaryPins(config('https://ps.example/releases/r1/mf-manifest.json'), { publicSite: 'r2', adminConsole: 'r9' });
    expect(pinned.remotes).toEqual({ publicSite: 'https://ps.example/releases/r2/mf-manifest.json', adminConsole: 'https://ac.example/releases/r9/mf-manifest.json' });
    expect(replacesRenderedRelease).toBe(true);
    expect(activeCanary.pins).toEqual({ publicSite: 'r2', adminConsole: 'r9' });
  });

  it.each([
    ['no pins', 'https://ps.example/releases/r1/mf-manifest.json', {}, false],
    ['the pinned release is the rendered one', 'https://ps.example/releases/r2/mf-manifest.json', { publicSite: 'r2' }, false],
    ['a client-rendered page (root manifest)', 'https://ps.example/mf-manifest.json', { publicSite: 'r2' }, false],
    ['only the admin console pinned', 'https://ps.example/releases/r1/mf-manifest.json', { adminConsole: 'r9' }, false],
  ])('%s → hydrate as usual', (_name, url, pins, expected) => {
    expect(applyCanaryPins(config(url), pins).replacesRenderedRelease).toBe(expected);
  });
});

test('keptReleases: newest first, with which is everyone’s, staged or earlier; a damaged history is an error', async () => {
  const history = {
    app: 'public-site',
    current: 'r2',
    releases: [
      { id: 'r1', deployedAt: '2026-11-20T00:00:00Z', files: [] },
      { id: 'r2', deployedAt: '2026-11-26T00:00:00Z', files: [] },
      { id: 'r3', deployedAt: '2026-11-27T00:00:00Z', files: [] },
    ],
  };
  const asked: string[] = [];
  const fetchImpl = (async (url: string) => {
    asked.push(url);
    return Response.json(history);
  }) as unknown as typeof fetch;
  const list = await keptReleases('https://ps.example/releases/r2/mf-manifest.json', fetchImpl);
  expect(asked).toEqual(['https://ps.example/release-history.json']);
  expect(list.map((r) => [r.id, r.status])).toEqual([
    ['r3', 'staged'],
    ['r2', 'current'],
    ['r1', 'earlier'],
  ]);
  const broken = (async () => Response.json({ app: 'x', releases: [{ id: '../x' }] })) as unknown as typeof fetch;
  await expect(keptReleases('https://ps.example/mf-manifest.json', broken)).rejects.toThrow('release-history.json');
});
