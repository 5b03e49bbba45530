import { StrictMode } from 'react';
import { applyStoredTheme, createFirebaseGateway, defaultSessionStorage, loadRuntimeConfig, marketClockSettings, RootStore, type RootStoreOptions } from '@sbc/shared';
import { App } from './app/App';
import { registerSiteRemotes } from './remotes/register-remotes';
import { StartupError } from './components/StartupError';
import { hydrateServerPage, serverRenderedState } from './ssr/hydrate';
import { stopEarlyInput } from './ssr/early-input';
import { readInlineRuntimeConfig } from './ssr/inline-config';
import { loadReactDomClient } from './react-dom-client';
import { applyCanaryPins, readCanaryPins } from './releases/canary';
import { keepOfflineCopyAsRendered, noteReads } from './features/offline/offline-state';
import { startOfflineSupport } from './features/offline/start-offline-support';
import { captureGlobalErrors, noteDataFailures, noteRemoteOrigins, startTelemetry } from './features/telemetry/telemetry';
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
  // Errors count from the first moment; they are reported later, by a reporter loaded after hydration.
  captureGlobalErrors();
  // A theme the visitor chose earlier applies before anything renders (index.html's inline script already set it
  // before the first paint; this keeps the two in step).
  applyStoredTheme();
  const container = document.getElementById('root')!;
  let config: Awaited<ReturnType<typeof loadRuntimeConfig>>;
  // An admin's canary pin (./releases/canary.ts) replaces a remote's release for this session.
  let replacesRenderedRelease = false;
  try {
    // A server-rendered page carries the configuration it was rendered with: no request before the remotes'.
    const pinned = applyCanaryPins(readInlineRuntimeConfig(document) ?? (await loadRuntimeConfig()), readCanaryPins(defaultSessionStorage()));
    config = pinned.config;
    replacesRenderedRelease = pinned.replacesRenderedRelease;
    registerSiteRemotes(config);
    noteRemoteOrigins(config.remotes);
  } catch (error) {
    console.error('[shell] start-up failed', error);
    stopEarlyInput();
    const { createRoot } = await loadReactDomClient();
    createRoot(container).render(<StartupError error={error} />);
    return;
  }
  // Reads that reach the database are timed: offline, the banner says when the figures on screen were read.
  // Failed data calls are noted for telemetry (features/telemetry).
  const gateway = noteDataFailures(noteReads(createFirebaseGateway(config)));
  // The market clock's pace: the environment's market period (docs/live-market.md).
  const storeOptions: RootStoreOptions = { marketClock: marketClockSettings(config) };
  // A page rendered with another public-site release than the pinned one is rendered again in the browser.
  const state = replacesRenderedRelease ? null : serverRenderedState();
  if (state) {
    try {
      await hydrateServerPage(container, state, gateway, storeOptions, config.remotes.publicSite);
      return;
    } catch (error) {
      console.error('[shell] could not hydrate the server-rendered page, rendering it in the browser', error);
      // Offline, a kept page that cannot hydrate stays readable as rendered (features/offline/offline-state.ts).
      if (keepOfflineCopyAsRendered()) {
        stopEarlyInput();
        return;
      }
    }
  }
  // Rendering in the browser replaces the server's elements, so input recorded on them cannot be replayed: the
  // recorder stops (it would otherwise keep holding clicks back from React). This path is the rare fallback.
  stopEarlyInput();
  const { createRoot } = await loadReactDomClient();
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <App store={new RootStore(gateway, storeOptions)} />
    </StrictMode>,
  );
  // The service worker (offline reading, installing) and the telemetry reporter once the page is interactive
  // (hydrate.tsx does it after hydration).
  startOfflineSupport();
  startTelemetry();
}

void start();
