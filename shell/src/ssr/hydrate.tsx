/**
 * The browser half of server rendering. When the page arrived rendered (it holds the #sbc-ssr-state data),
 * the store is built on a gateway that answers the server's recorded reads, the page module and the remote's
 * data preparation are loaded, the same loads run (answered from the record, no network), and React hydrates
 * the server's HTML: the first render matches it exactly, so nothing flashes and nothing is fetched twice.
 * Once hydrated, reads go to the database again (a refresh shows newer data).
 */
import { StrictMode, startTransition, useEffect, useState, type ReactNode } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  parseState,
  RenderClockContext,
  replayingGateway,
  RootStore,
  type RootStoreOptions,
  SSR_HEAD_ATTRIBUTE,
  SSR_STATE_ELEMENT_ID,
  type DataGateway,
  type PageModule,
  type RemoteModuleId,
  type SsrState,
} from '@sbc/shared';
import { App } from '../app/App';
import { provideRemotePage } from '../remotes/RemotePage';
import { PREPARE_MODULE, takeServerPageModules } from '../remotes/server-page-remote';
import { PageCommittedContext } from '../remotes/page-committed';
import { replayEarlyInput, stopEarlyInput } from './early-input';
import { loadReactDomClient } from '../react-dom-client';
import { noteFiguresShown } from '../features/offline/offline-state';
import { startOfflineSupport } from '../features/offline/start-offline-support';
import { startTelemetry } from '../features/telemetry/telemetry';

type Prepare = (root: RootStore, url: string, options?: { force?: boolean }) => Promise<unknown>;

export function serverRenderedState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  return parseState<SsrState>(element.textContent);
}

/**
 * Hydrates the server-rendered page. Rejects (before touching the DOM) when the page module or the data
 * preparation cannot be loaded; the caller then renders on the client instead.
 */
export async function hydrateServerPage(
  container: HTMLElement,
  state: SsrState,
  gateway: DataGateway,
  storeOptions: RootStoreOptions = {},
  /** The public-site manifest the remotes were registered with: the main script's early loads count only for it. */
  publicSiteManifest?: string,
): Promise<RootStore> {
  // The page's figures are the render's (a page the service worker kept shows them offline: "figures from …").
  noteFiguresShown(state.renderedAt);
  const replay = replayingGateway(gateway, state.snapshot);
  const store = new RootStore(replay.gateway, storeOptions);
  const id = state.page as RemoteModuleId;
  // Started by the main script when it could (../remotes/server-page-remote.ts), else now.
  const started = publicSiteManifest === undefined ? null : takeServerPageModules<{ default: Prepare }>(id, publicSiteManifest);
  const [page, prepare] = await (started ?? Promise.all([loadRemote<PageModule>(id), loadRemote<{ default: Prepare }>(PREPARE_MODULE)]));
  if (!page?.default || !prepare?.default) throw new Error(`${id} or publicSite/prepare has no default export`);
  // `force`: the session cache may hold older data than the server rendered; the replay refreshes it. React DOM's
  // client downloads meanwhile: it is needed only now (../react-dom-client.ts).
  const [{ hydrateRoot }] = await Promise.all([
    loadReactDomClient(),
    prepare.default(store, state.url, { force: true }),
    store.game.loadDate(),
  ]);
  provideRemotePage(id, page);
  // The server's head tags were for clients without JavaScript; usePageMeta owns the head from here on.
  for (const element of document.head.querySelectorAll(`[${SSR_HEAD_ATTRIBUTE}]`)) element.remove();
  // As a transition, hydration yields to the browser every few milliseconds instead of running as one long
  // task: the page the server painted answers input sooner (Lighthouse TBT on a throttled phone).
  startTransition(() => {
    hydrateRoot(
      container,
      // The tree has the server render's shape (render.tsx: one child per level down to the app), so useId gives
      // the same ids: HydrationDone wraps the app instead of standing beside it (a sibling shifts every id).
      <StrictMode>
        <HydrationDone onDone={replay.close}>
          <RenderClockContext.Provider value={{ renderedAt: state.renderedAt }}>
            <App store={store} />
          </RenderClockContext.Provider>
        </HydrationDone>
      </StrictMode>,
      {
        onRecoverableError: (error, info) => console.error('[shell] hydration error', error, info.componentStack ?? ''),
      },
    );
  });
  return store;
}

/** Past this, a page whose own part never said it committed (a route without a remote page) counts as hydrated. */
const PAGE_COMMIT_WAIT_MS = 30_000;

/**
 * Once the page is hydrated (the root and the remote page's Suspense boundary, which React hydrates in a pass of
 * its own, later: remotes/page-committed.tsx) and their effects (the components' own loads) have run: closes the
 * replay, marks the page hydrated, replays what the visitor did meanwhile and starts the service worker. A parent's
 * effects run after its children's, and PageCommitted wraps the page, so the page's loads come first.
 * Exported for its test (hydration-done.test.tsx).
 */
export function HydrationDone({ onDone, children }: { onDone: () => void; children: ReactNode }) {
  const [page] = useState(() => {
    let committed = () => {};
    const done = new Promise<void>((resolve) => {
      committed = resolve;
    });
    return { done, committed };
  });
  useEffect(() => {
    let cancelled = false;
    let fallback: ReturnType<typeof setTimeout> | undefined;
    const waitedTooLong = new Promise<void>((resolve) => {
      fallback = setTimeout(resolve, PAGE_COMMIT_WAIT_MS);
    });
    void Promise.race([page.done, waitedTooLong])
      .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
      .then(() => {
        clearTimeout(fallback);
        if (cancelled) return;
        onDone();
        // Marks the page as hydrated (for the browser journeys and anyone debugging the page).
        document.documentElement.dataset.hydrated = 'true';
        performance.mark?.('sbc-hydrated');
        // What the visitor did while the page could not answer yet happens now (./early-input.ts).
        void replayEarlyInput(stopEarlyInput());
        // The service worker starts once the page is interactive, never before (features/offline/offline-state.ts).
        startOfflineSupport();
        // So does the telemetry reporter (features/telemetry): it never delays the paint or hydration.
        startTelemetry();
      });
    return () => {
      cancelled = true;
      clearTimeout(fallback);
    };
  }, [onDone, page]);
  return <PageCommittedContext.Provider value={page.committed}>{children}</PageCommittedContext.Provider>;
}
