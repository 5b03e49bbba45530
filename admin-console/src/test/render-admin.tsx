/** Renders an admin page on the one test harness (shared/src/testing/render-app.tsx), signed in as an admin. */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import type { FakeGatewaySeed } from '@sbc/shared/src/testing/fakes';
import { renderApp, settle } from '@sbc/shared/src/testing/render-app';
import { ConfirmProvider } from '../components/ConfirmDialog';

export { settle };

export const ADMIN = { uid: 'u-admin', email: 'boss@sbc-tycoon.test', displayName: 'Boss' };

/** Render with real timers; a test may switch to fake timers afterwards (user-event runs without delays). */
export async function renderAdmin(page: ReactElement, { seed = {}, path = '/admin' }: { seed?: FakeGatewaySeed; path?: string } = {}) {
  const view = renderApp(
    // As the exposed pages have it (italianPage): the console's confirm dialog.
    <Route path="*" element={<ConfirmProvider>{page}</ConfirmProvider>} />,
    {
      seed: {
        accounts: [{ uid: ADMIN.uid, email: ADMIN.email, password: 'secret-1', displayName: ADMIN.displayName }],
        users: [{ uid: ADMIN.uid, email: ADMIN.email, displayName: ADMIN.displayName, isAdmin: true }],
        signedInUser: ADMIN,
        ...seed,
      },
      url: path,
      userOptions: { delay: null },
    },
  );
  await settle();
  return view;
}
