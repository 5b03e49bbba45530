import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyStoredTheme, createFirebaseGateway, loadRuntimeConfig, RootStore } from '@sbc/shared';
import { App } from './app/App';
import { registerSiteRemotes } from './remotes/register-remotes';
import { StartupError } from './components/StartupError';
import { hydrateServerPage, serverRenderedState } from './ssr/hydrate';
// The site's design tokens (light and dark) before any stylesheet that reads them.
import '@sbc/shared/src/ui/tokens.css';
import './styles/global.css';

/**
 * Start-up: read the runtime configuration (remotes + Firebase), create the one RootStore both remotes
 * share, register the remotes (nothing is downloaded yet), render. A page the server rendered is hydrated
 * instead (./ssr/hydrate.tsx); if that cannot start, the page is rendered on the client as without a server
 * render. Without a configuration the site cannot reach its data or its pages, so it says so instead of
 * rendering an empty shell.
 */
async function start(): Promise<void> {
  // A theme the visitor chose earlier applies before anything renders (index.html's inline script already set it
  // before the first paint; this keeps the two in step).
  applyStoredTheme();
  const container = document.getElementById('root')!;
  let config: Awaited<ReturnType<typeof loadRuntimeConfig>>;
  try {
    config = await loadRuntimeConfig();
    registerSiteRemotes(config);
  } catch (error) {
    console.error('[shell] start-up failed', error);
    createRoot(container).render(<StartupError error={error} />);
    return;
  }
  const gateway = createFirebaseGateway(config);
  const state = serverRenderedState();
  if (state) {
    try {
      await hydrateServerPage(container, state, gateway);
      return;
    } catch (error) {
      console.error('[shell] could not hydrate the server-rendered page, rendering it in the browser', error);
    }
  }
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <App store={new RootStore(gateway)} />
    </StrictMode>,
  );
}

void start();
