import { FEDERATION_RUNTIME_VERSION, HOST_RUNTIME_ENTRY_FILE, hostRuntimeEntryFor } from './host-runtime-entry';

const VERSION = '2.9.2';
const withEntry = (hostRuntimeEntry: unknown) => ({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, hostRuntimeEntry } });

describe("a remote's host-runtime entry, as its manifest offers it", () => {
  it.each([
    ['offered for the runtime the host runs', withEntry({ name: HOST_RUNTIME_ENTRY_FILE, runtimeVersion: VERSION }), HOST_RUNTIME_ENTRY_FILE],
    ['built against another runtime version', withEntry({ name: HOST_RUNTIME_ENTRY_FILE, runtimeVersion: '2.9.3' }), null],
    ['no version', withEntry({ name: HOST_RUNTIME_ENTRY_FILE }), null],
    ['not offered (a remote of an earlier release)', { metaData: { remoteEntry: { name: 'remoteEntry.js' } } }, null],
    ['a name with a folder', withEntry({ name: '../other/remoteEntry.js', runtimeVersion: VERSION }), null],
    ['a URL', withEntry({ name: 'https://evil.example/x.js', runtimeVersion: VERSION }), null],
    ['a query', withEntry({ name: 'remoteEntry.js?x=1', runtimeVersion: VERSION }), null],
    ['not a script', withEntry({ name: 'remoteEntry.css', runtimeVersion: VERSION }), null],
    ['a name that is not a string', withEntry({ name: 42, runtimeVersion: VERSION }), null],
    ['a field that is not an object', withEntry('remoteEntry.host-runtime.js'), null],
    ['no metaData', { exposes: [] }, null],
    ['not a manifest', 'mf-manifest.json', null],
    ['nothing', null, null],
  ])('%s', (_case, manifest, expected) => {
    expect(hostRuntimeEntryFor(manifest, VERSION)).toBe(expected);
  });

  it("compares with the installed federation runtime's version by default", () => {
    expect(FEDERATION_RUNTIME_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(hostRuntimeEntryFor(withEntry({ name: HOST_RUNTIME_ENTRY_FILE, runtimeVersion: FEDERATION_RUNTIME_VERSION }))).toBe(HOST_RUNTIME_ENTRY_FILE);
  });
});
