import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { canEditCatalogue, canManageUsers, roleMessages, sessionRole } from '@sbc/domain';
import { paths, useRootStore } from '@sbc/shared';
import { PageLoading } from '../../../components/PageLoading';
import './auth-form.css';

/**
 * Console routes (SPEC section 4 "Guards", issue 38): guests go to /login?returnUrl=…, signed-in players go home.
 * `access` 'catalogue' lets admins and editors in; 'admin' (Manage Users, Salute) admins only: an editor is refused
 * there with the console's message (Italian, @sbc/domain roleMessages) and a way back to the dashboard. The children
 * (the admin remote) are not rendered, so not even requested, until the role is known.
 */
export const AdminGuard = observer(function AdminGuard({ access = 'admin', children }: { access?: 'catalogue' | 'admin'; children: ReactNode }) {
  const { auth } = useRootStore();
  const location = useLocation();
  if (!auth.initialized || (auth.isSignedIn && !auth.adminChecked)) return <PageLoading />;
  if (!auth.isSignedIn) {
    const returnUrl = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${paths.login}?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  const role = sessionRole(auth);
  if (!canEditCatalogue(role)) return <Navigate to={paths.home} replace />;
  if (access === 'admin' && !canManageUsers(role)) {
    return (
      <div className="shell-refused" lang="it">
        <h1>{roleMessages.adminOnlyTitle}</h1>
        <p role="alert">{roleMessages.adminOnly}</p>
        <p>
          <Link to={paths.admin}>Torna al Dashboard</Link>
        </p>
      </div>
    );
  }
  return <>{children}</>;
});
