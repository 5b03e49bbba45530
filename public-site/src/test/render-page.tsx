/** Renders a page the way the shell mounts it: a RootStore on a fake gateway, a router, the route pattern. */
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createFakeGateway, RootStore, StoreProvider, type FakeGatewaySeed } from '@sbc/shared';
import { render } from './dom';

/** Shows the current URL so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderPage(page: ReactElement, options: { seed?: FakeGatewaySeed; url?: string; pattern?: string } = {}) {
  const gateway = createFakeGateway(options.seed ?? {});
  const store = new RootStore(gateway, { storage: null });
  const url = options.url ?? '/';
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
  return { ...view, gateway, store, location: () => document.querySelector('[data-testid="location"]')?.textContent ?? '' };
}
