import { registerRemotes } from '@module-federation/enhanced/runtime';
import { ADMIN_CONSOLE_REMOTE, PUBLIC_SITE_REMOTE, type RuntimeConfig } from '@sbc/shared';

/**
 * Tells the MF runtime where the remotes live, from the runtime configuration file. Registration only
 * records the manifest URLs: nothing is downloaded until a route asks `loadRemote` for a page, so a visitor
 * who never opens /admin never fetches the admin console.
 */
export function registerSiteRemotes(config: RuntimeConfig): void {
  registerRemotes([
    { name: PUBLIC_SITE_REMOTE, entry: config.remotes.publicSite },
    { name: ADMIN_CONSOLE_REMOTE, entry: config.remotes.adminConsole },
  ]);
}
