import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { ADMIN_CONSOLE_REMOTE, PUBLIC_SITE_REMOTE, type RuntimeConfig } from '@sbc/shared';
import { rootManifestUrl } from '@sbc/shared/src/release-layout';
import { hostRuntimeEntryPlugin } from './host-runtime';
import { inlinedStylesPlugin } from './inlined-styles-plugin';
import { noteReleasesFromManifestUrls, noteRemoteSnapshot, pageReleasesPlugin } from '../releases/page-releases';
import { earlyPublicSiteEntry, takeEarlySnapshots } from './server-page-remote';

/** The manifest each remote was registered with (a server-rendered page's may be pinned to a release). */
const registered = new Map<string, string>();

/**
 * Tells the MF runtime where the remotes live, from the runtime configuration file. Registration only
 * records the manifest URLs: nothing is downloaded until a route asks `loadRemote` for a page, so a visitor
 * who never opens /admin never fetches the admin console. The runtime does not download again the stylesheets a
 * server-rendered page has inline (./inlined-styles-plugin.ts), loads a remote's host-runtime entry when its manifest
 * offers one (./host-runtime.ts), and tells which release of each remote it loaded
 * (../releases/page-releases.ts). A server-rendered page's configuration names the public-site release it was
 * rendered with (`…/releases/<id>/mf-manifest.json`): the page hydrates with that release, whatever was deployed since.
 * On such a page the main script may have registered the public-site remote already, to load the page's modules
 * early (./server-page-remote.ts): what the runtime loaded meanwhile is noted, and a configuration that names
 * another manifest (the inline one was unreadable, /app-config.json answered) replaces that registration.
 */
export function registerSiteRemotes(config: RuntimeConfig): void {
  registerPlugins([hostRuntimeEntryPlugin(), inlinedStylesPlugin(), pageReleasesPlugin()]);
  noteReleasesFromManifestUrls(config.remotes);
  for (const { name, snapshot } of takeEarlySnapshots()) noteRemoteSnapshot(name, snapshot);
  const remotes = [
    { name: PUBLIC_SITE_REMOTE, entry: config.remotes.publicSite },
    { name: ADMIN_CONSOLE_REMOTE, entry: config.remotes.adminConsole },
  ];
  for (const remote of remotes) registered.set(remote.name, remote.entry);
  registerRemotes(remotes);
  const early = earlyPublicSiteEntry();
  if (early !== null && early !== config.remotes.publicSite) registerRemotes([remotes[0]], { force: true });
}

/** The site's root manifest of a remote (the current release), or null when the remote was never registered. */
export function currentManifestUrl(remote: string): string | null {
  const entry = registered.get(remote);
  return entry ? rootManifestUrl(entry) : null;
}

/**
 * Retry with a fresh manifest: the remote is registered again at its site's root manifest (the current release,
 * not the release the page was pinned to, which may be gone), and the federation runtime forgets its cached
 * manifest and container, so the next `loadRemote` fetches them anew.
 */
export function refreshRemote(remote: string): void {
  const entry = currentManifestUrl(remote);
  if (!entry) return;
  registered.set(remote, entry);
  registerRemotes([{ name: remote, entry }], { force: true });
}
