/**
 * A remote's second container entry, built to run on the host's federation runtime (issue 36, the dead window).
 *
 * Every container carries its own copy of the federation runtime: the public-site's remoteEntry.js is 59 KB, 33 KB of
 * it that copy, which a phone downloads and evaluates on every visit although the shell has already run the same
 * runtime. Module Federation can build a container without it (`experiments.externalRuntime`: it reads the runtime
 * from the global `_FEDERATION_RUNTIME_CORE`), but such a container does not run under a shell that provides no
 * runtime, and the shell of the previous release provides none (the version-skew rule, README). So a remote that
 * offers it builds both (webpack.config.base.js, HostRuntimeEntryPlugin):
 * - `remoteEntry.js`, as before, named by its mf-manifest.json's `metaData.remoteEntry`: every shell can load it;
 * - HOST_RUNTIME_ENTRY_FILE beside it, the same container on the host's runtime, its other files the same files, and
 *   named in the manifest's `metaData.hostRuntimeEntry` with the runtime version it was built against.
 * A shell that provides its runtime (shell/src/remotes/host-runtime.ts) loads the second when the manifest names it
 * for the version the shell runs; any other shell never reads the field and loads the first. No imports but the
 * runtime's own package.json (its version), so the shell's main script and the build read it.
 */
import runtimePackage from '@module-federation/runtime/package.json';

/** The second container entry's file name, beside the remote's remoteEntry.js. */
export const HOST_RUNTIME_ENTRY_FILE = 'remoteEntry.host-runtime.js';

/** The federation runtime installed for the apps: what a host provides, what a host-runtime entry is built against. */
export const FEDERATION_RUNTIME_VERSION: string = runtimePackage.version;

/** What a remote's mf-manifest.json says in `metaData.hostRuntimeEntry`. */
export interface HostRuntimeEntry {
  /** The file, relative to the manifest's remote entry (same folder). */
  name: string;
  /** The `@module-federation/runtime` version whose runtime the entry needs, exactly. */
  runtimeVersion: string;
}

/** The field a remote's manifest names its host-runtime entry in, under `metaData`. */
export const HOST_RUNTIME_ENTRY_FIELD = 'hostRuntimeEntry';

/** A plain file name: no folder, no query, nothing a hostile manifest could point elsewhere with. */
const PLAIN_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.js$/;

/**
 * The host-runtime entry's file name a manifest offers to a host running `runtimeVersion`, or null: no field, a
 * malformed one, another runtime version (the container would call a runtime it was not built for), or a name that
 * is not a plain file.
 */
export function hostRuntimeEntryFor(manifest: unknown, runtimeVersion: string = FEDERATION_RUNTIME_VERSION): string | null {
  if (typeof manifest !== 'object' || manifest === null) return null;
  const metaData = (manifest as { metaData?: unknown }).metaData;
  if (typeof metaData !== 'object' || metaData === null) return null;
  const entry = (metaData as Record<string, unknown>)[HOST_RUNTIME_ENTRY_FIELD] as Partial<HostRuntimeEntry> | undefined;
  if (typeof entry !== 'object' || entry === null) return null;
  if (typeof entry.name !== 'string' || !PLAIN_FILE.test(entry.name)) return null;
  return entry.runtimeVersion === runtimeVersion ? entry.name : null;
}
