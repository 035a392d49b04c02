import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from '@shop/shared/router';
import { isAuthenticatedAtom } from '@shop/shared';

/** The account area: without a login token the shopper is sent to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const location = useLocation();
  if (!authenticated) {
    return <Navigate to="/customer/account/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
