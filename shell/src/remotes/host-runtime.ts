/**
 * The shell provides its federation runtime to the remotes and loads a remote's host-runtime entry when its manifest
 * offers one (@sbc/shared/src/host-runtime-entry.ts: the same container without its own copy of the runtime, about
 * 10 KB less of Brotli for a phone to download and evaluate on every server-rendered page).
 *
 * `provideFederationRuntime` runs first in the main script (../index.ts), before any remote entry can be loaded;
 * `hostRuntimeEntryPlugin` is registered with the runtime before the first `loadRemote` (./server-page-remote.ts on
 * a server-rendered page, ./register-remotes.ts otherwise). A manifest without the field (a remote of an earlier
 * release, the admin console) or for another runtime version keeps its remoteEntry.js, which carries its own runtime.
 */
import * as runtimeCore from '@module-federation/runtime/core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { FEDERATION_RUNTIME_VERSION, hostRuntimeEntryFor } from '@sbc/shared/src/host-runtime-entry';

type RuntimeCore = typeof runtimeCore;
/** The global Module Federation's `externalRuntime` containers read the runtime from. */
type WithRuntime = { _FEDERATION_RUNTIME_CORE?: RuntimeCore; _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string } };

/** Offers the shell's runtime to the containers built without one, unless another script offered one first. */
export function provideFederationRuntime(target: WithRuntime = globalThis as WithRuntime): void {
  if (target._FEDERATION_RUNTIME_CORE) return;
  target._FEDERATION_RUNTIME_CORE = runtimeCore;
  target._FEDERATION_RUNTIME_CORE_FROM = { name: 'shell', version: FEDERATION_RUNTIME_VERSION };
}

/** Whether the runtime the containers would read is this shell's own (the version it was built with). */
function providesOwnRuntime(target: WithRuntime): boolean {
  return target._FEDERATION_RUNTIME_CORE === runtimeCore;
}

interface ManifestEntry {
  metaData?: { remoteEntry?: { name?: unknown } };
}

/**
 * Points a remote's snapshot, as the runtime builds it from the remote's mf-manifest.json, at its host-runtime entry
 * when the manifest offers one for this shell's runtime version and the shell's runtime is the one provided.
 */
export function hostRuntimeEntryPlugin(target: WithRuntime = globalThis as WithRuntime): ModuleFederationRuntimePlugin {
  return {
    name: 'sbc-host-runtime-entry',
    loadRemoteSnapshot(args) {
      if (args.from !== 'manifest' || !providesOwnRuntime(target)) return args;
      const hostEntry = hostRuntimeEntryFor(args.manifestJson, FEDERATION_RUNTIME_VERSION);
      const ownEntry = (args.manifestJson as ManifestEntry | undefined)?.metaData?.remoteEntry?.name;
      const snapshot = args.remoteSnapshot as { remoteEntry?: unknown };
      if (hostEntry === null || typeof ownEntry !== 'string' || typeof snapshot.remoteEntry !== 'string') return args;
      if (!snapshot.remoteEntry.endsWith(ownEntry)) return args;
      // Same folder as remoteEntry.js: the snapshot's entry is the manifest's path joined with its name.
      const remoteEntry = `${snapshot.remoteEntry.slice(0, -ownEntry.length)}${hostEntry}`;
      return { ...args, remoteSnapshot: { ...args.remoteSnapshot, remoteEntry } as typeof args.remoteSnapshot };
    },
  };
}
