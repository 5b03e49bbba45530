import { lazy, Suspense, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { PageModule, RemoteModuleId } from '@sbc/shared';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { PageLoading } from '../components/PageLoading';
import { PageCommitted } from './page-committed';
import { currentManifestUrl, refreshRemote } from './register-remotes';
import { diagnoseFailure } from './recovery';
import { pageReleases, type AppKey } from '../releases/page-releases';

const AREAS: Record<string, string> = {
  publicSite: 'the market pages',
  adminConsole: 'the admin console',
};

/**
 * Page modules already loaded before rendering (the render server's, and the browser's before it hydrates
 * a server-rendered page): their lazy component resolves synchronously, so the first render shows the page
 * the server rendered instead of the loading fallback.
 */
const provided = new Map<RemoteModuleId, PageModule>();

export function provideRemotePage(id: RemoteModuleId, module: PageModule): void {
  provided.set(id, module);
  cache.delete(id);
}

function lazyRemote(id: RemoteModuleId): LazyExoticComponent<ComponentType> {
  const ready = provided.get(id);
  // A thenable that resolves during `then`: React.lazy reads it as already fulfilled and does not suspend.
  // biome-ignore lint/suspicious/noThenProperty: a thenable is exactly what React.lazy needs here
  if (ready) return lazy(() => ({ then: (resolve: (m: PageModule) => void) => resolve(ready) }) as unknown as Promise<PageModule>);
  return lazy(async () => {
    const module = await loadRemote<PageModule>(id);
    if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
    return module;
  });
}

/** Cache per module id so that navigating back to a page does not re-suspend. Cleared on retry. */
const cache = new Map<RemoteModuleId, LazyExoticComponent<ComponentType>>();

function lazyRemoteCached(id: RemoteModuleId): LazyExoticComponent<ComponentType> {
  let component = cache.get(id);
  if (!component) {
    component = lazyRemote(id);
    cache.set(id, component);
  }
  return component;
}

/** Why a remote's page failed (./recovery.ts): the browser's connection, and the release its site serves now. */
function diagnoseRemote(remote: string) {
  return (error: unknown) =>
    diagnoseFailure(error, {
      online: () => navigator.onLine !== false,
      fetchImpl: (...args) => fetch(...args),
      manifestUrl: currentManifestUrl(remote),
      pageRelease: pageReleases[remote as AppKey] ?? null,
    });
}

/**
 * One remote page: ErrorBoundary › Suspense › lazy(loadRemote). Retry builds a fresh `lazy` because React
 * caches a rejected one, and registers the remote again at its current manifest (refreshRemote), so the federation
 * runtime fetches the manifest and the remote entry anew instead of reusing a release that is gone.
 */
export function RemotePage({ id }: { id: RemoteModuleId }) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyRemoteCached(id);
  const remote = id.split('/')[0];
  const retry = useCallback(() => {
    refreshRemote(remote);
    for (const key of [...cache.keys()]) if (key.startsWith(`${remote}/`)) cache.delete(key);
    provided.delete(id);
    setAttempt((n) => n + 1);
  }, [id, remote]);
  return (
    <RemoteErrorBoundary key={`${id}#${attempt}`} area={AREAS[remote] ?? remote} diagnose={diagnoseRemote(remote)} onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        <PageCommitted>
          <Page />
        </PageCommitted>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
