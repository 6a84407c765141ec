import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSkeleton } from '../components/Skeleton';
import { ROUTES } from '../lib/paths';
import { useSession, type LoginRedirectState } from '../lib/session';

/** Route wrapper: anonymous users go to the login page, which brings them back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSkeleton />;
  if (status === 'anonymous') {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to={ROUTES.login} replace state={state} />;
  }
  return <>{children}</>;
}
