/**
 * The render server renders a page with the public-site release its scripts will hydrate with (issue 35). It reads
 * the remote's root mf-manifest.json, which names the current release (shared/src/release-layout.ts), renders with
 * that release's Node build (`releases/<id>/server/public-site.server.js`) and writes that release's own manifest
 * URL (`releases/<id>/mf-manifest.json`) into the page's runtime configuration: the browser then loads exactly
 * that release, however many deploys happen between the render and the visitor's last click, and a page served
 * from the render cache stays consistent too. Release files are immutable, so a release's Node build is downloaded
 * and evaluated once per render server instance. A remote built before release folders (no `sbcRelease` in its
 * manifest) is rendered from the Node build beside its root manifest, revalidated by ETag as before.
 */
import { manifestRelease, releaseManifestUrl } from '@sbc/shared/src/release-layout';
import { createRemoteServerLoader, evaluateRemoteServer, remoteServerUrl, type PublicSiteServerModule } from './remote-loader';

export interface RenderRelease {
  /** The release id, or null for a remote from before release folders. */
  id: string | null;
  /** The manifest the page's browser loads the remote by (pinned to the release when there is one). */
  manifestUrl: string;
  /** Where the release's Node build is. */
  serverUrl: string;
}

/** The release a root manifest names (the root itself when it names none, or could not be read). */
export function renderRelease(rootManifestUrl: string, manifest: unknown): RenderRelease {
  const release = manifestRelease(manifest);
  if (!release || release.path === '') return { id: null, manifestUrl: rootManifestUrl, serverUrl: remoteServerUrl(rootManifestUrl) };
  const manifestUrl = releaseManifestUrl(rootManifestUrl, release.id);
  return { id: release.id, manifestUrl, serverUrl: remoteServerUrl(manifestUrl) };
}

/** Node builds of releases kept in memory: the current one and the two before it (a deploy in progress). */
const KEPT_RELEASE_BUILDS = 3;

/**
 * Loads a release's Node build once (it never changes) and keeps the last few; a root build (no release) is
 * revalidated on each call. A failed download is not kept: the next render tries again.
 */
export function createReleaseServerLoader(fetchImpl: typeof fetch = fetch) {
  const byRelease = new Map<string, Promise<PublicSiteServerModule>>();
  const rootLoaders = new Map<string, ReturnType<typeof createRemoteServerLoader>>();
  return function load(release: RenderRelease, signal?: AbortSignal): Promise<PublicSiteServerModule> {
    if (release.id === null) {
      let loader = rootLoaders.get(release.serverUrl);
      if (!loader) {
        loader = createRemoteServerLoader(release.serverUrl, fetchImpl);
        rootLoaders.set(release.serverUrl, loader);
      }
      return loader(signal);
    }
    const kept = byRelease.get(release.serverUrl);
    if (kept) {
      // Most recently used last, so the oldest is the one dropped.
      byRelease.delete(release.serverUrl);
      byRelease.set(release.serverUrl, kept);
      return kept;
    }
    const loading = (async () => {
      const response = await fetchImpl(release.serverUrl, { signal });
      if (!response.ok) throw new Error(`${release.serverUrl} answered HTTP ${response.status}`);
      return evaluateRemoteServer(await response.text(), release.serverUrl);
    })();
    byRelease.set(release.serverUrl, loading);
    loading.catch(() => byRelease.delete(release.serverUrl));
    while (byRelease.size > KEPT_RELEASE_BUILDS) byRelease.delete(byRelease.keys().next().value!);
    return loading;
  };
}
