import { createContext, useContext, useEffect, type ReactNode } from 'react';

/**
 * Tells the hydration of a server-rendered page that the remote page itself is hydrated. React hydrates a
 * Suspense boundary (RemotePage's, around the page) in a pass of its own, after the root has committed and
 * its effects have run: the root's effects alone would say "hydrated" while the page's controls could not
 * answer yet, and a tap replayed then would be lost (ssr/hydrate.tsx waits for both).
 */
export const PageCommittedContext = createContext<(() => void) | null>(null);

/**
 * Wraps the page inside its Suspense boundary: its effect runs when the boundary's content has committed. A
 * wrapper with one child, rendered on the server too, so useId's ids stay those of the server render.
 */
export function PageCommitted({ children }: { children: ReactNode }) {
  const notify = useContext(PageCommittedContext);
  useEffect(() => {
    notify?.();
  }, [notify]);
  return children;
}
