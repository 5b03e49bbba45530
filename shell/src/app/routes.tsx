import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths, REMOTE_ROUTES, type RouteAccess } from '@sbc/shared';
import { RemotePage } from '../remotes/RemotePage';
import { Layout } from '../features/layout/components/Layout';
import { AdminGuard } from '../features/auth/components/AdminGuard';
import { GuestOnly } from '../features/auth/components/GuestOnly';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { SignedInGuard } from '../features/auth/components/SignedInGuard';
import { MarketUpdates } from '../features/live-market/components/MarketUpdates';
import { HeaderSearch } from '../features/search/HeaderSearch';
import { NeedsConnection } from '../features/offline/components/NeedsConnection';
import { OfflineBanner } from '../features/offline/components/OfflineBanner';
import { PageKeeper } from '../features/offline/components/PageKeeper';
import { UpdatePrompt } from '../features/offline/components/UpdatePrompt';
import { redirectRoutes } from './redirects';

/** Who may see a remote page: the guard around it (the rules enforce the same on the data). Console pages need a connection. */
function guarded(access: RouteAccess, page: ReactNode): ReactNode {
  if (access === 'admin' || access === 'catalogue') {
    return <NeedsConnection need="admin"><AdminGuard access={access}>{page}</AdminGuard></NeedsConnection>;
  }
  if (access === 'signedIn') return <SignedInGuard>{page}</SignedInGuard>;
  return page;
}

/**
 * The route table of SPEC.md section 2: the shell's own auth pages, the old addresses that lead to new ones
 * (ROUTE_REDIRECTS), then every remote page of the route manifest (@sbc/shared REMOTE_ROUTES: public pages from
 * public-site, admin pages from admin-console).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <Layout
            search={<HeaderSearch />}
            banner={<OfflineBanner />}
            live={
              <>
                <MarketUpdates />
                <UpdatePrompt />
                <PageKeeper />
              </>
            }
          />
        }
      >
        <Route path={paths.login} element={<NeedsConnection need="signIn"><GuestOnly><LoginPage /></GuestOnly></NeedsConnection>} />
        <Route path={paths.register} element={<NeedsConnection need="register"><GuestOnly><RegisterPage /></GuestOnly></NeedsConnection>} />
        {redirectRoutes()}
        {REMOTE_ROUTES.map((route) =>
          route.path === paths.home ? (
            <Route key={route.module} index element={guarded(route.access, <RemotePage id={route.module} />)} />
          ) : (
            <Route key={route.module} path={route.path} element={guarded(route.access, <RemotePage id={route.module} />)} />
          ),
        )}
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Route>
    </Routes>
  );
}
