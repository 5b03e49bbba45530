import { lazy, Suspense, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { PageModule, RemoteModuleId } from '@sbc/shared';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { PageLoading } from '../components/PageLoading';
import { PageCommitted } from './page-committed';

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

/**
 * One remote page: ErrorBoundary › Suspense › lazy(loadRemote). Retry builds a fresh `lazy` because React
 * caches a rejected one; the MF runtime does not cache a failed manifest fetch, so a retry refetches.
 */
export function RemotePage({ id }: { id: RemoteModuleId }) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyRemoteCached(id);
  const retry = useCallback(() => {
    cache.delete(id);
    provided.delete(id);
    setAttempt((n) => n + 1);
  }, [id]);
  const remote = id.split('/')[0];
  return (
    <RemoteErrorBoundary key={`${id}#${attempt}`} area={AREAS[remote] ?? remote} onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        <PageCommitted>
          <Page />
        </PageCommitted>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
