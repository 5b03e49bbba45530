/**
 * A remote's own dev page (`npm run dev -w <remote>`): its pages from the route manifest, with a RootStore of its
 * own, a link bar, and no shell. Each remote's bootstrap only hands over its page components; a page added to the
 * manifest that a remote does not pass is a type error there.
 */
import { StrictMode, type ComponentType } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { loadRuntimeConfig } from '../config/load-runtime-config';
import { createFirebaseGateway } from '../data/browser-gateway';
import type { RemoteName } from '../remote-contract';
import { paths } from '../paths';
import { remoteRoutesOf, type RemotePages } from '../route-manifest';
import { RootStore } from '../stores/root-store';
import { StoreProvider } from '../stores/context';
import { StandaloneStartupError } from './StandaloneStartupError';

/** The routes and links of one remote's pages; any other path opens its first page. */
export function StandaloneRoutes<R extends RemoteName>({ app, remote, pages }: { app: string; remote: R; pages: RemotePages<R> }) {
  const routes = remoteRoutesOf(remote);
  const component = (module: string) => (pages as Record<string, ComponentType>)[module];
  return (
    <>
      <nav aria-label={`${app} standalone`}>
        {routes
          .filter((route) => !route.path.includes(':'))
          .map((route, index) => (
            <span key={route.module}>
              {index > 0 && ' · '}
              <Link to={route.path}>{route.label}</Link>
            </span>
          ))}
      </nav>
      <main id="main-content">
        <Routes>
          {routes.map((route) => {
            const Page = component(route.module);
            return route.path === paths.home ? (
              <Route key={route.module} index element={<Page />} />
            ) : (
              <Route key={route.module} path={route.path} element={<Page />} />
            );
          })}
          {routes.length > 0 && <Route path="*" element={<Navigate to={routes[0].path} replace />} />}
        </Routes>
      </main>
    </>
  );
}

/**
 * Starts the dev page: reads the runtime config the local stack writes, or says which file is missing and how to
 * start the stack instead of showing a blank page.
 */
export async function startStandalone<R extends RemoteName>(app: string, remote: R, pages: RemotePages<R>): Promise<void> {
  // Imported here, not at the top: @sbc/shared is on the shell's start-up path, which must not wait for React DOM's
  // client (shell/src/react-dom-client.ts).
  const { createRoot } = await import('react-dom/client');
  const root = createRoot(document.getElementById('root')!);
  let config: Awaited<ReturnType<typeof loadRuntimeConfig>>;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error(`[${app}] start-up failed`, error);
    root.render(<StandaloneStartupError app={app} error={error} />);
    return;
  }
  const store = new RootStore(createFirebaseGateway(config));
  root.render(
    <StrictMode>
      <StoreProvider store={store}>
        <BrowserRouter>
          <StandaloneRoutes app={app} remote={remote} pages={pages} />
        </BrowserRouter>
      </StoreProvider>
    </StrictMode>,
  );
}
