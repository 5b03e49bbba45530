/**
 * The one test render harness of the three apps (tests only: imported by its deep path
 * '@sbc/shared/src/testing/render-app', never from the package root, so no app bundle carries it). A RootStore over the in-memory fake gateway, a MemoryRouter at `url` with
 * the given routes, and a probe of the current location; returns testing-library's render result with the
 * gateway, the store, a `userEvent` user, `location()` and `release()` for held gateway calls. The apps' helpers
 * (shell render-shell, public-site render-page, admin-console render-admin) only choose routes, seed and wrapper.
 */
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Routes, useLocation } from 'react-router-dom';
import { createFakeGateway, type FakeGatewaySeed, type GatewayMethod } from '../data/fake-gateway';
import { StoreProvider } from '../stores/context';
import { RootStore } from '../stores/root-store';

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

export interface RenderAppOptions {
  seed?: FakeGatewaySeed;
  /** Where the router starts ('/path?query'). */
  url?: string;
  /** Gateway calls that wait until `release(method)` is called, to look at pending states. */
  hold?: GatewayMethod[];
  /** user-event options ({ delay: null } for tests that switch to fake timers). */
  userOptions?: Parameters<typeof userEvent.setup>[0];
  /** Runs on the store before the first render: a page's server-rendered loads, as the browser replays them. */
  prepare?: (store: RootStore) => void;
}

/** Renders `routes` (Route elements); does not wait, so a test can see the first, loading, state. */
export function renderApp(routes: ReactNode, { seed = {}, url = '/', hold = [], userOptions, prepare }: RenderAppOptions = {}) {
  const gateway = createFakeGateway(seed);
  const releases = new Map(hold.map((method) => [method, gateway.hold(method)]));
  const store = new RootStore(gateway, { storage: null });
  prepare?.(store);
  const user = userEvent.setup(userOptions);
  const view = render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>{routes}</Routes>
        <LocationDisplay />
      </MemoryRouter>
    </StoreProvider>,
  );
  const release = async (method: GatewayMethod) => {
    releases.get(method)?.();
    await settle();
  };
  return { ...view, gateway, store, user, release, location: currentLocation };
}

/** Lets pending store work finish inside act(): the fake gateway uses no timers, one macrotask drains it. */
export async function settle(): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** Where the router is now ('/path?query'). */
export function currentLocation(): string {
  return screen.getByRole('status', { name: 'Current location' }).textContent ?? '';
}
