import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Navigate, useLocation } from 'react-router-dom';
import { loginReturningTo, useRootStore } from '@sbc/shared';
import { PageLoading } from '../../../components/PageLoading';

/** Pages for signed-in players (the watchlist): guests go to /login?returnUrl=… and come back after signing in. */
export const SignedInGuard = observer(function SignedInGuard({ children }: { children: ReactNode }) {
  const { auth } = useRootStore();
  const location = useLocation();
  if (!auth.initialized) return <PageLoading />;
  if (!auth.isSignedIn) return <Navigate to={loginReturningTo(`${location.pathname}${location.search}${location.hash}`)} replace />;
  return <>{children}</>;
});
