import { diagnoseFailure, isMissingCode, reloadOnceForNewRelease } from './recovery';

const chunkError = Object.assign(new Error('Loading chunk 797 failed.\n(missing: https://ps.example/releases/r1/797.js)'), { name: 'ChunkLoadError' });
const manifestOf = (id: string | null) => (id ? { sbcRelease: { id, path: `releases/${id}/` } } : { metaData: {} });

describe('diagnoseFailure: the words tell the truth', () => {
  it.each([
    ['the browser is offline', chunkError, { online: false }, 'offline'],
    ['the site serves a newer release than the page runs', chunkError, { current: 'r2', page: 'r1' }, 'new-release'],
    ['a render error while the site serves the same release', new Error('boom'), { current: 'r1', page: 'r1' }, 'failed'],
    ['missing code on the same release (a server error)', chunkError, { current: 'r1', page: 'r1' }, 'failed'],
    ['a remote from before release folders whose code is gone', chunkError, { current: null, page: null }, 'new-release'],
    ['a remote from before release folders that throws', new Error('boom'), { current: null, page: null }, 'failed'],
    ['the manifest answers 500', chunkError, { status: 500, page: 'r1' }, 'failed'],
    ['the manifest request fails while online', chunkError, { networkError: true, page: 'r1' }, 'failed'],
    ['the remote was never registered', chunkError, { unregistered: true }, 'failed'],
  ])('%s → %s', async (_name, error, world: { online?: boolean; current?: string | null; page?: string | null; status?: number; networkError?: boolean; unregistered?: boolean }, expected) => {
    const fetchImpl = (async () => {
      if (world.networkError) throw new TypeError('Failed to fetch');
      return world.status ? new Response('x', { status: world.status }) : Response.json(manifestOf(world.current ?? null));
    }) as unknown as typeof fetch;
    const kind = await diagnoseFailure(error, {
      online: () => world.online ?? true,
      fetchImpl,
      manifestUrl: world.unregistered ? null : 'https://ps.example/mf-manifest.json',
      pageRelease: world.page ?? null,
    });
    expect(kind).toBe(expected);
  });

  it('a manifest request that hangs gives up in time', async () => {
    const hanging = ((_url: string, init: RequestInit) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted'))))) as unknown as typeof fetch;
    await expect(diagnoseFailure(chunkError, { online: () => true, fetchImpl: hanging, manifestUrl: 'https://ps.example/mf-manifest.json', pageRelease: 'r1', timeoutMs: 20 })).resolves.toBe('failed');
  });
});

it.each([
  [Object.assign(new Error('x'), { name: 'ChunkLoadError' }), true],
  [new Error('Loading CSS chunk 12 failed.'), true],
  [new Error('[ Federation Runtime ]: RUNTIME-008 failed to load script resources'), true],
  [new TypeError('Failed to fetch dynamically imported module: https://x/a.js'), true],
  [new Error('render failed'), false],
  [null, false],
])('isMissingCode(%p) → %p', (error, expected) => expect(isMissingCode(error)).toBe(expected));

describe('reloadOnceForNewRelease: once per address, never a loop', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
  };
  const locationAt = (href: string) => ({ href, replace: jest.fn() });

  it('reloads the same address (its query kept), then not again within 5 minutes, then again later', () => {
    const storage = memory();
    const location = locationAt('https://sbc.example/products?sector=food&sort=price');
    expect(reloadOnceForNewRelease(location, storage, 1_000)).toBe(true);
    expect(location.replace).toHaveBeenCalledWith('https://sbc.example/products?sector=food&sort=price');
    expect(reloadOnceForNewRelease(location, storage, 2_000)).toBe(false);
    expect(location.replace).toHaveBeenCalledTimes(1);
    expect(reloadOnceForNewRelease(locationAt('https://sbc.example/faq'), storage, 3_000)).toBe(true);
    expect(reloadOnceForNewRelease(location, storage, 1_000 + 6 * 60_000)).toBe(true);
  });

  it('a corrupt guard is ignored; no storage (or storage that throws) means no automatic reload', () => {
    const storage = memory();
    storage.data.set('sbc:new-release-reload', '{not json');
    expect(reloadOnceForNewRelease(locationAt('https://sbc.example/'), storage)).toBe(true);
    expect(reloadOnceForNewRelease(locationAt('https://sbc.example/'), null)).toBe(false);
    const throwing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceeded'); } };
    const location = locationAt('https://sbc.example/');
    expect(reloadOnceForNewRelease(location, throwing)).toBe(false);
    expect(location.replace).not.toHaveBeenCalled();
  });
});
