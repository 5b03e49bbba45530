/**
 * Renders a page the way the shell mounts it: a RootStore on a fake gateway, a router, the route pattern.
 * Returns testing-library's render result plus the gateway, the store, a `userEvent.setup()` user and a
 * reader of the current URL. It does not wait for the store's loads, so tests can see loading states.
 */
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createFakeGateway, RootStore, StoreProvider, type FakeGatewaySeed } from '@sbc/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Shows the current URL so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderPage(page: ReactElement, options: { seed?: FakeGatewaySeed; url?: string; pattern?: string } = {}) {
  const gateway = createFakeGateway(options.seed ?? {});
  const store = new RootStore(gateway, { storage: null });
  const url = options.url ?? '/';
  const user = userEvent.setup();
  const view = render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={options.pattern ?? url.split('?')[0]} element={page} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </StoreProvider>,
  );
  return { ...view, gateway, store, user, location: () => document.querySelector('[data-testid="location"]')?.textContent ?? '' };
}
