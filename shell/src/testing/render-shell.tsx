/**
 * Test harness for the shell's components: a RootStore over the in-memory fake gateway, a MemoryRouter and a
 * small route table whose pages are plain headings, so tests can see where navigation ended.
 */
import type { ReactNode } from 'react';
import type { AuthUser } from '@sbc/shared';
import type { FakeGatewaySeed, GatewayMethod } from '@sbc/shared/src/testing/fakes';
import { currentLocation, renderApp, settle } from '@sbc/shared/src/testing/render-app';

export const ADA: AuthUser = { uid: 'u-ada', email: 'ada@example.com', displayName: 'Ada Lovelace' };
export const ADA_PASSWORD = 'analytical';

/**
 * A seed with Ada's account and user document; `admin` sets her isAdmin, `role` her granted role (issue 38: 'editor'),
 * `signedIn` restores her session.
 */
export function adaSeed({ admin = false, role, signedIn = false }: { admin?: boolean; role?: 'editor' | 'player'; signedIn?: boolean } = {}): FakeGatewaySeed {
  return {
    accounts: [{ uid: ADA.uid, email: ADA.email!, password: ADA_PASSWORD, displayName: ADA.displayName }],
    users: [{ uid: ADA.uid, email: ADA.email!, displayName: ADA.displayName!, isAdmin: admin, ...(role ? { role } : {}) }],
    signedInUser: signedIn ? ADA : null,
  };
}

export interface RenderShellOptions {
  seed?: FakeGatewaySeed;
  route?: string;
  /** Gateway calls that wait until `release(method)` is called, to look at pending states. */
  hold?: GatewayMethod[];
}

/**
 * Renders on the one test harness (shared/src/testing/render-app.tsx), then lets the store's start-up work (sign-in
 * state report, game date) finish inside act(), so that tests start from a settled page.
 */
export async function renderShell(routes: ReactNode, { seed = {}, route = '/', hold = [] }: RenderShellOptions = {}) {
  const view = renderApp(routes, { seed: { gameDate: new Date(Date.UTC(2025, 10, 22, 12)), ...seed }, url: route, hold });
  await settle();
  return view;
}

export { currentLocation, settle };
