/**
 * React access to the one RootStore. `shared` is a Module Federation singleton, so this module (and thus
 * this context object) is the same in the shell and both remotes: the shell's provider serves them all.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from './root-store';

const RootStoreContext = createContext<RootStore | null>(null);
RootStoreContext.displayName = 'RootStoreContext';

export function StoreProvider({ store, children }: { store: RootStore; children?: ReactNode }) {
  return <RootStoreContext.Provider value={store}>{children}</RootStoreContext.Provider>;
}

export function useRootStore(): RootStore {
  const store = useContext(RootStoreContext);
  if (!store) {
    throw new Error(
      'useRootStore() was called outside <StoreProvider>. The shell must wrap the app in <StoreProvider store={rootStore}>; ' +
        'in a remote this also happens when @sbc/shared is not shared as a singleton (two copies of the context).',
    );
  }
  return store;
}
