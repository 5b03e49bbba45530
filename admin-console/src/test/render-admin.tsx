/** Renders an admin page over the fake gateway, signed in as an admin, with a probe of the current path. */
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createFakeGateway, RootStore, StoreProvider, type FakeGatewaySeed } from '@sbc/shared';
import { ConfirmProvider } from '../components/ConfirmDialog';

export const ADMIN = { uid: 'u-admin', email: 'boss@sbc-tycoon.test', displayName: 'Boss' };

function Where() {
  return <output aria-label="Current location">{useLocation().pathname}</output>;
}

export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Render with real timers; a test may switch to fake timers afterwards (user-event runs without delays). */
export async function renderAdmin(page: ReactElement, { seed = {}, path = '/admin' }: { seed?: FakeGatewaySeed; path?: string } = {}) {
  const gateway = createFakeGateway({
    accounts: [{ uid: ADMIN.uid, email: ADMIN.email, password: 'secret-1', displayName: ADMIN.displayName }],
    users: [{ uid: ADMIN.uid, email: ADMIN.email, displayName: ADMIN.displayName, isAdmin: true }],
    signedInUser: ADMIN,
    ...seed,
  });
  const store = new RootStore(gateway, { storage: null });
  const user = userEvent.setup({ delay: null });
  render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {/* As the exposed pages have it (italianPage): the console's confirm dialog. */}
          <Route path="*" element={<ConfirmProvider>{page}</ConfirmProvider>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </StoreProvider>,
  );
  await settle();
  return { gateway, store, user };
}
