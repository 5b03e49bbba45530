import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyStoredTheme, createFirebaseGateway, loadRuntimeConfig, RootStore } from '@sbc/shared';
import { App } from './app/App';
import { registerSiteRemotes } from './remotes/register-remotes';
import { StartupError } from './components/StartupError';
// The site's design tokens (light and dark) before any stylesheet that reads them.
import '@sbc/shared/src/ui/tokens.css';
import './styles/global.css';

/**
 * Start-up: read the runtime configuration (remotes + Firebase), create the one RootStore both remotes
 * share, register the remotes (nothing is downloaded yet), render. Without a configuration the site cannot
 * reach its data or its pages, so it says so instead of rendering an empty shell.
 */
async function start(): Promise<void> {
  // A theme the visitor chose earlier applies before anything paints.
  applyStoredTheme();
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadRuntimeConfig();
    registerSiteRemotes(config);
    const store = new RootStore(createFirebaseGateway(config));
    root.render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('[shell] start-up failed', error);
    root.render(<StartupError error={error} />);
  }
}

void start();
