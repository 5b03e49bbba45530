import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { ADMIN_CONSOLE_REMOTE, PUBLIC_SITE_REMOTE, type RuntimeConfig } from '@sbc/shared';
import { inlinedStylesPlugin } from './inlined-styles-plugin';
import { noteReleasesFromManifestUrls, pageReleasesPlugin } from '../releases/page-releases';

/**
 * Tells the MF runtime where the remotes live, from the runtime configuration file. Registration only
 * records the manifest URLs: nothing is downloaded until a route asks `loadRemote` for a page, so a visitor
 * who never opens /admin never fetches the admin console. The runtime does not download again the stylesheets a
 * server-rendered page has inline (./inlined-styles-plugin.ts), and tells which release of each remote it loaded
 * (../releases/page-releases.ts). A server-rendered page's configuration names the public-site release it was
 * rendered with (`…/releases/<id>/mf-manifest.json`): the page hydrates with that release, whatever was deployed since.
 */
export function registerSiteRemotes(config: RuntimeConfig): void {
  registerPlugins([inlinedStylesPlugin(), pageReleasesPlugin()]);
  noteReleasesFromManifestUrls(config.remotes);
  registerRemotes([
    { name: PUBLIC_SITE_REMOTE, entry: config.remotes.publicSite },
    { name: ADMIN_CONSOLE_REMOTE, entry: config.remotes.adminConsole },
  ]);
}
