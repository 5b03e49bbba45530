import { FEDERATION_RUNTIME_VERSION, HOST_RUNTIME_ENTRY_FILE } from '@sbc/shared/src/host-runtime-entry';
import { createManifestReader, preloadLinksHtml, remotePreloads } from './preload-hints';

const MANIFEST_URL = 'https://public.example/app/mf-manifest.json';
const manifest = (over: object = {}) => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [
    { name: 'ProductsPage', assets: { js: { sync: ['401.a.js', 'p.js'], async: ['lazy.js'] }, css: { sync: ['p.css'] } } },
    { name: 'prepare', assets: { js: { sync: ['401.a.js', 'prep.js'] }, css: { sync: [] } } },
  ],
  ...over,
});

describe('the remote files a page preloads, from its mf-manifest.json', () => {
  it.each([
    [
      'files beside the manifest (publicPath auto): entry, then each module’s sync chunks, once each',
      manifest(),
      ['ProductsPage', 'prepare'],
      {
        scripts: ['remoteEntry.js', '401.a.js', 'p.js', 'prep.js'].map((f) => `https://public.example/app/${f}`),
        styles: ['https://public.example/app/p.css'],
      },
    ],
    [
      'a publicPath of its own and an entry in a folder',
      manifest({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'entry' }, publicPath: 'https://cdn.example/ps/' } }),
      ['prepare'],
      { scripts: ['https://cdn.example/ps/entry/remoteEntry.js', 'https://cdn.example/ps/401.a.js', 'https://cdn.example/ps/prep.js'], styles: [] },
    ],
    [
      "a host-runtime entry for this shell's federation runtime: that entry instead of remoteEntry.js, in the same folder",
      manifest({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'entry' }, publicPath: 'auto', hostRuntimeEntry: { name: HOST_RUNTIME_ENTRY_FILE, runtimeVersion: FEDERATION_RUNTIME_VERSION } } }),
      ['prepare'],
      { scripts: [`https://public.example/app/entry/${HOST_RUNTIME_ENTRY_FILE}`, 'https://public.example/app/401.a.js', 'https://public.example/app/prep.js'], styles: [] },
    ],
    [
      'a host-runtime entry for another runtime version: remoteEntry.js',
      manifest({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto', hostRuntimeEntry: { name: HOST_RUNTIME_ENTRY_FILE, runtimeVersion: '0.0.1' } } }),
      ['prepare'],
      { scripts: ['remoteEntry.js', '401.a.js', 'prep.js'].map((f) => `https://public.example/app/${f}`), styles: [] },
    ],
    ['a module the manifest does not expose: the entry only', manifest(), ['NoSuchPage'], { scripts: ['https://public.example/app/remoteEntry.js'], styles: [] }],
    ['not a manifest', { hello: 'world' }, ['prepare'], { scripts: [], styles: [] }],
    ['nothing', null, ['prepare'], { scripts: [], styles: [] }],
  ])('%s', (_case, value, exposed, expected) => {
    expect(remotePreloads(MANIFEST_URL, value, exposed)).toEqual(expected);
  });

  it('writes the manifest as the fetch the runtime makes, then the scripts and styles, escaped', () => {
    expect(preloadLinksHtml(MANIFEST_URL, { scripts: ['https://x.example/a.js?b=1&c="2"'], styles: ['https://x.example/s.css'] })).toBe(
      '<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="low" href="https://public.example/app/mf-manifest.json">' +
        '<link rel="preload" as="script" fetchpriority="low" href="https://x.example/a.js?b=1&amp;c=&quot;2&quot;">' +
        '<link rel="preload" as="style" fetchpriority="low" href="https://x.example/s.css">',
    );
    expect(preloadLinksHtml(MANIFEST_URL, { scripts: [], styles: [] })).toBe('');
  });
});

describe('reading the manifest', () => {
  it('revalidates with the ETag and keeps the last good copy when a read fails', async () => {
    const answers = [
      () => Response.json({ v: 1 }, { headers: { etag: '"1"' } }),
      () => new Response(null, { status: 304 }),
      () => new Response('down', { status: 503 }),
    ];
    const fetchImpl = jest.fn(async () => answers.shift()!()) as unknown as typeof fetch;
    const log = jest.fn();
    const read = createManifestReader(MANIFEST_URL, fetchImpl, log);
    expect(await read()).toEqual({ v: 1 });
    expect(await read()).toEqual({ v: 1 });
    expect((fetchImpl as jest.Mock).mock.calls[1][1].headers).toEqual({ 'If-None-Match': '"1"' });
    expect(await read()).toEqual({ v: 1 });
    expect(log).toHaveBeenCalledTimes(1);
  });
});
