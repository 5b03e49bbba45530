import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Navigate, useLocation } from 'react-router-dom';
import { paths, useRootStore } from '@sbc/shared';
import { PageLoading } from '../../../components/PageLoading';

/**
 * Admin routes (SPEC section 4 "Guards"): guests go to /login?returnUrl=…, signed-in non-admins go home.
 * The children (the admin remote) are not rendered, so not even requested, until the admin flag is known.
 */
export const AdminGuard = observer(function AdminGuard({ children }: { children: ReactNode }) {
  const { auth } = useRootStore();
  const location = useLocation();
  if (!auth.initialized || (auth.isSignedIn && !auth.adminChecked)) return <PageLoading />;
  if (!auth.isSignedIn) {
    const returnUrl = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${paths.login}?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  if (!auth.isAdmin) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
});
