/**
 * Test harness for the shell's components: a RootStore over the in-memory fake gateway, a MemoryRouter and a
 * small route table whose pages are plain headings, so tests can see where navigation ended.
 */
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Routes, useLocation } from 'react-router-dom';
import { createFakeGateway, RootStore, StoreProvider, type AuthUser, type FakeGatewaySeed, type GatewayMethod } from '@sbc/shared';

export const ADA: AuthUser = { uid: 'u-ada', email: 'ada@example.com', displayName: 'Ada Lovelace' };
export const ADA_PASSWORD = 'analytical';

/** A seed with Ada's account and user document; `admin` sets her isAdmin, `signedIn` restores her session. */
export function adaSeed({ admin = false, signedIn = false } = {}): FakeGatewaySeed {
  return {
    accounts: [{ uid: ADA.uid, email: ADA.email!, password: ADA_PASSWORD, displayName: ADA.displayName }],
    users: [{ uid: ADA.uid, email: ADA.email!, displayName: ADA.displayName!, isAdmin: admin }],
    signedInUser: signedIn ? ADA : null,
  };
}

/** Shows the router's current path and query, for assertions on where a navigation went. */
function LocationDisplay() {
  const { pathname, search } = useLocation();
  return (
    <output aria-label="Current location">
      {pathname}
      {search}
    </output>
  );
}

export interface RenderShellOptions {
  seed?: FakeGatewaySeed;
  route?: string;
  /** Gateway calls that wait until `release(method)` is called, to look at pending states. */
  hold?: GatewayMethod[];
}

/**
 * Renders, then lets the store's start-up work (sign-in state report, game date) finish inside act(), so
 * that tests start from a settled page. The fake gateway uses no timers: one macrotask drains it.
 */
export async function renderShell(routes: ReactNode, { seed = {}, route = '/', hold = [] }: RenderShellOptions = {}) {
  const gateway = createFakeGateway({ gameDate: new Date(Date.UTC(2025, 10, 22, 12)), ...seed });
  const releases = new Map(hold.map((method) => [method, gateway.hold(method)]));
  const store = new RootStore(gateway, { storage: null });
  const user = userEvent.setup();
  const view = render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>{routes}</Routes>
        <LocationDisplay />
      </MemoryRouter>
    </StoreProvider>,
  );
  await settle();
  const release = async (method: GatewayMethod) => {
    releases.get(method)?.();
    await settle();
  };
  return { ...view, gateway, store, user, release };
}

/** Lets pending store work finish inside act(). */
export async function settle(): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** Where the router is now ('/path?query'). */
export function currentLocation(): string {
  return screen.getByRole('status', { name: 'Current location' }).textContent ?? '';
}
