/**
 * The browser half of server rendering. When the page arrived rendered (it holds the #sbc-ssr-state data),
 * the store is built on a gateway that answers the server's recorded reads, the page module and the remote's
 * data preparation are loaded, the same loads run (answered from the record, no network), and React hydrates
 * the server's HTML: the first render matches it exactly, so nothing flashes and nothing is fetched twice.
 * Once hydrated, reads go to the database again (a refresh shows newer data).
 */
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
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
import { replayEarlyInput, stopEarlyInput } from './early-input';
import { noteFiguresRead, startOfflineSupport } from '../features/offline/offline-state';

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
): Promise<RootStore> {
  // The page's figures are the render's (a page the service worker kept shows them offline: "figures from …").
  noteFiguresRead(state.renderedAt);
  const replay = replayingGateway(gateway, state.snapshot);
  const store = new RootStore(replay.gateway, storeOptions);
  const id = state.page as RemoteModuleId;
  const [page, prepare] = await Promise.all([
    loadRemote<PageModule>(id),
    loadRemote<{ default: Prepare }>('publicSite/prepare'),
  ]);
  if (!page?.default || !prepare?.default) throw new Error(`${id} or publicSite/prepare has no default export`);
  // `force`: the session cache may hold older data than the server rendered; the replay refreshes it.
  await Promise.all([prepare.default(store, state.url, { force: true }), store.game.loadDate()]);
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

/**
 * Closes the replay after the first commit's effects (the hydrated components' own loads) have run: a parent's
 * effects run after its children's.
 */
function HydrationDone({ onDone, children }: { onDone: () => void; children: ReactNode }) {
  useEffect(() => {
    const timer = setTimeout(() => {
      onDone();
      // Marks the page as hydrated (for the browser journeys and anyone debugging the page).
      document.documentElement.dataset.hydrated = 'true';
      performance.mark?.('sbc-hydrated');
      // What the visitor did while the page could not answer yet happens now (./early-input.ts).
      void replayEarlyInput(stopEarlyInput());
      // The service worker starts once the page is interactive, never before (features/offline/offline-state.ts).
      startOfflineSupport();
    }, 0);
    return () => clearTimeout(timer);
  }, [onDone]);
  return children;
}
