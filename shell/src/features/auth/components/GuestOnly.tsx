import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Navigate, useSearchParams } from 'react-router-dom';
import { paths, useRootStore } from '@sbc/shared';
import { PageLoading } from '../../../components/PageLoading';
import { safeReturnUrl } from '../return-url';

/** Login and register are for guests: a signed-in user goes to the returnUrl a guard gave, else home. */
export const GuestOnly = observer(function GuestOnly({ children }: { children: ReactNode }) {
  const { auth } = useRootStore();
  const [params] = useSearchParams();
  if (auth.isSignedIn) {
    // Wait for the admin flag so that an admin returning to /admin/... is not bounced home by the guard. The
    // wait shows the loading text, never a blank page, and ends within AUTH_SERVICE_TIMEOUT_MS.
    if (!auth.adminChecked) return <PageLoading />;
    return <Navigate to={safeReturnUrl(params.get('returnUrl')) ?? paths.home} replace />;
  }
  return <>{children}</>;
});
