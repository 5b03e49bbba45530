import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Confirm } from '../components/ConfirmDialog';

export const LEAVE_QUESTION = 'Ci sono modifiche non salvate. Uscire senza salvarle?';
export const LEAVE_LABEL = 'Esci senza salvare';

/** The in-app address a plain click on `target` would open, or null (another origin, a new tab, a download…). */
export function inAppDestination(event: MouseEvent, here: Location): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, here.href);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null; // same page (a #fragment)
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * While `dirty`, leaving the page asks first: in-app links (the header's, "Torna al Dashboard") through the
 * console's dialog, closing or reloading the tab through the browser's own beforeunload prompt.
 *
 * Why links and not react-router's useBlocker: blockers need a data router, and the shell mounts a
 * <BrowserRouter>; moving the shell to createBrowserRouter changes how every remote page is mounted. The
 * browser's Back button is therefore not asked (a history pop cannot be cancelled); nothing is lost either way,
 * since the JSON editor keeps unsaved text as a per-product draft in session storage and restores it on return.
 */
export function useUnsavedChangesGuard(dirty: boolean, confirm: Confirm): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!dirty) return;
    // Capture phase on the document: runs before React Router's own click handler on the app's root.
    const onClick = (event: MouseEvent) => {
      const destination = inAppDestination(event, window.location);
      if (destination === null) return;
      event.preventDefault();
      event.stopPropagation();
      void confirm({ message: LEAVE_QUESTION, confirmLabel: LEAVE_LABEL }).then((leave) => {
        if (leave) navigate(destination);
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, confirm, navigate]);
}
