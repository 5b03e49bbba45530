/** Renders an admin page on the one test harness (shared/src/testing/render-app.tsx), signed in as an admin. */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import type { FakeGatewaySeed } from '@sbc/shared/src/testing/fakes';
import { renderApp, settle } from '@sbc/shared/src/testing/render-app';
import { ConfirmProvider } from '../components/ConfirmDialog';

export { settle };

export const ADMIN = { uid: 'u-admin', email: 'boss@sbc-tycoon.test', displayName: 'Boss' };
/** An editor (issue 38): role 'editor' on the user document, not an admin. */
export const EDITOR = { uid: 'u-editor', email: 'ed@sbc-tycoon.test', displayName: 'Ed' };

/**
 * Render with real timers; a test may switch to fake timers afterwards (user-event runs without delays). Signed in as
 * the admin, or `as: 'editor'` as the editor (both user documents are seeded unless `seed.users` replaces them).
 */
export async function renderAdmin(
  page: ReactElement,
  { seed = {}, path = '/admin', as = 'admin' }: { seed?: FakeGatewaySeed; path?: string; as?: 'admin' | 'editor' } = {},
) {
  const who = as === 'editor' ? EDITOR : ADMIN;
  const view = renderApp(
    // As the exposed pages have it (italianPage): the console's confirm dialog.
    <Route path="*" element={<ConfirmProvider>{page}</ConfirmProvider>} />,
    {
      seed: {
        accounts: [{ uid: who.uid, email: who.email, password: 'secret-1', displayName: who.displayName }],
        users: [
          { uid: ADMIN.uid, email: ADMIN.email, displayName: ADMIN.displayName, isAdmin: true },
          { uid: EDITOR.uid, email: EDITOR.email, displayName: EDITOR.displayName, isAdmin: false, role: 'editor' },
        ],
        signedInUser: who,
        ...seed,
      },
      url: path,
      userOptions: { delay: null },
    },
  );
  await settle();
  return view;
}
