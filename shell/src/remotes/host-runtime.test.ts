import * as runtimeCore from '@module-federation/runtime/core';
import { FEDERATION_RUNTIME_VERSION, HOST_RUNTIME_ENTRY_FILE } from '@sbc/shared/src/host-runtime-entry';
import { hostRuntimeEntryPlugin, provideFederationRuntime } from './host-runtime';

type Target = Parameters<typeof provideFederationRuntime>[0];
type SnapshotArgs = Parameters<NonNullable<ReturnType<typeof hostRuntimeEntryPlugin>['loadRemoteSnapshot']>>[0];

const RELEASE = 'https://public.example/releases/20261128-010000-abc1234';
const manifest = (hostRuntimeEntry?: unknown) => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'releases/20261128-010000-abc1234' }, ...(hostRuntimeEntry ? { hostRuntimeEntry } : {}) },
  exposes: [],
  shared: [],
});
const offered = { name: HOST_RUNTIME_ENTRY_FILE, runtimeVersion: FEDERATION_RUNTIME_VERSION };
const args = (manifestJson: unknown, from: 'manifest' | 'global' = 'manifest') =>
  ({ from, manifestJson, manifestUrl: `${RELEASE}/mf-manifest.json`, moduleInfo: { name: 'publicSite' }, options: {}, remoteSnapshot: { remoteEntry: `${RELEASE}/remoteEntry.js`, version: 'v' } }) as unknown as SnapshotArgs;
const entryLoaded = (target: Target, given: SnapshotArgs) => {
  const result = hostRuntimeEntryPlugin(target).loadRemoteSnapshot!(given) as SnapshotArgs;
  return (result.remoteSnapshot as { remoteEntry: string }).remoteEntry;
};

describe("the shell's federation runtime, offered to the remotes", () => {
  it('is provided under the global a host-runtime container reads, with its version', () => {
    const target: Target = {};
    provideFederationRuntime(target);
    expect(target!._FEDERATION_RUNTIME_CORE).toBe(runtimeCore);
    expect(target!._FEDERATION_RUNTIME_CORE_FROM).toEqual({ name: 'shell', version: FEDERATION_RUNTIME_VERSION });
  });

  it('never replaces a runtime another script provided first', () => {
    const other = { other: true } as unknown as typeof runtimeCore;
    const target: Target = { _FEDERATION_RUNTIME_CORE: other };
    provideFederationRuntime(target);
    expect(target!._FEDERATION_RUNTIME_CORE).toBe(other);
  });
});

describe("which remote entry the shell loads, from the remote's manifest", () => {
  const provided = (): Target => {
    const target: Target = {};
    provideFederationRuntime(target);
    return target;
  };

  it.each([
    ['the manifest offers a host-runtime entry for this runtime: that entry, in the release folder', manifest(offered), `${RELEASE}/${HOST_RUNTIME_ENTRY_FILE}`],
    ['no offer (a remote of an earlier release, the admin console): remoteEntry.js', manifest(), `${RELEASE}/remoteEntry.js`],
    ['an offer for another runtime version: remoteEntry.js', manifest({ ...offered, runtimeVersion: '0.0.1' }), `${RELEASE}/remoteEntry.js`],
    ['a hostile name: remoteEntry.js', manifest({ ...offered, name: '../../evil.js' }), `${RELEASE}/remoteEntry.js`],
    ['no manifest: remoteEntry.js', undefined, `${RELEASE}/remoteEntry.js`],
  ])('%s', (_case, manifestJson, expected) => {
    expect(entryLoaded(provided(), args(manifestJson))).toBe(expected);
  });

  it('keeps remoteEntry.js when the runtime the containers would read is not the shell’s own', () => {
    expect(entryLoaded({}, args(manifest(offered)))).toBe(`${RELEASE}/remoteEntry.js`);
    expect(entryLoaded({ _FEDERATION_RUNTIME_CORE: { other: true } as unknown as typeof runtimeCore }, args(manifest(offered)))).toBe(`${RELEASE}/remoteEntry.js`);
  });

  it('leaves a snapshot that did not come from a manifest as it is, and the rest of the snapshot untouched', () => {
    expect(entryLoaded(provided(), args(manifest(offered), 'global'))).toBe(`${RELEASE}/remoteEntry.js`);
    const result = hostRuntimeEntryPlugin(provided()).loadRemoteSnapshot!(args(manifest(offered))) as SnapshotArgs;
    expect(result.remoteSnapshot).toEqual({ remoteEntry: `${RELEASE}/${HOST_RUNTIME_ENTRY_FILE}`, version: 'v' });
    expect(result.manifestUrl).toBe(`${RELEASE}/mf-manifest.json`);
  });
});
