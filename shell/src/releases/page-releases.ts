/**
 * Which release of each app this page runs (issue 35): the shell's from its index.html (`<meta name="sbc-release">`,
 * stamped by scripts/release/stamp.ts), each remote's from the manifest the federation runtime loaded it by (its
 * `buildVersion`, stamped with the release id) or, before that, from the pinned manifest URL a server-rendered page
 * carries. Shown in the footer ("About this version") and attached to every report of the page.
 *
 * A value is a release id (shared/src/release-layout.ts: isReleaseId) or null: not loaded yet, or an app built
 * before releases were stamped ('local' builds of `npm run dev` also give null). Never a text from the network as is.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { action, observable } from 'mobx';
import { ADMIN_CONSOLE_REMOTE, PUBLIC_SITE_REMOTE } from '@sbc/shared';
import { isReleaseId, releaseIdFromManifestUrl, SHELL_RELEASE_META } from '@sbc/shared/src/release-layout';

export type AppKey = 'shell' | 'publicSite' | 'adminConsole';

export interface PageReleases {
  shell: string | null;
  publicSite: string | null;
  adminConsole: string | null;
}

/** The shell's release, as its page says (null in a build that was not stamped). */
export function shellReleaseOf(doc: Pick<Document, 'querySelector'> | null): string | null {
  const content = doc?.querySelector(`meta[name="${SHELL_RELEASE_META}"]`)?.getAttribute('content');
  return isReleaseId(content) ? content : null;
}

export const pageReleases: PageReleases = observable({
  shell: shellReleaseOf(typeof document === 'undefined' ? null : document),
  publicSite: null,
  adminConsole: null,
});

const REMOTE_KEYS: Record<string, AppKey> = { [PUBLIC_SITE_REMOTE]: 'publicSite', [ADMIN_CONSOLE_REMOTE]: 'adminConsole' };

/** Records a release; a value that is not a release id (a local build's 'local', or junk) records null. */
export const noteRelease = action((app: AppKey, id: unknown): void => {
  pageReleases[app] = isReleaseId(id) && id !== 'local' ? id : null;
});

/** What a pinned manifest URL tells before anything is loaded (a server-rendered page's inline configuration). */
export function noteReleasesFromManifestUrls(remotes: { publicSite: string; adminConsole: string }): void {
  const publicSite = releaseIdFromManifestUrl(remotes.publicSite);
  if (publicSite) noteRelease('publicSite', publicSite);
  const adminConsole = releaseIdFromManifestUrl(remotes.adminConsole);
  if (adminConsole) noteRelease('adminConsole', adminConsole);
}

/** Records the release of the remote `name` from the snapshot the federation runtime loaded it by (its buildVersion). */
export function noteRemoteSnapshot(name: string, remoteSnapshot: unknown): void {
  const key = REMOTE_KEYS[name];
  const snapshot = remoteSnapshot as { buildVersion?: unknown } | undefined;
  if (key && snapshot) noteRelease(key, snapshot.buildVersion);
}

/** Hears from the federation runtime which release of a remote it loaded (the manifest's buildVersion). */
export function pageReleasesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'sbc-page-releases',
    loadRemoteSnapshot(args) {
      noteRemoteSnapshot(args.moduleInfo.name, args.remoteSnapshot);
      return args;
    },
  };
}
