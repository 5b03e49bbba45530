/**
 * Renders a page the way the shell mounts it, on the one test harness (shared/src/testing/render-app.tsx): the page
 * at its route pattern, any other path an "Elsewhere" page. It does not wait for the store's loads, so tests
 * can see loading states.
 */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import type { FakeGatewaySeed } from '@sbc/shared/src/testing/fakes';
import { renderApp, type RenderAppOptions } from '@sbc/shared/src/testing/render-app';

export function renderPage(
  page: ReactElement,
  options: { seed?: FakeGatewaySeed; url?: string; pattern?: string; prepare?: RenderAppOptions['prepare'] } = {},
) {
  const url = options.url ?? '/';
  return renderApp(
    <>
      <Route path={options.pattern ?? url.split('?')[0]} element={page} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </>,
    { seed: options.seed, url, prepare: options.prepare },
  );
}
