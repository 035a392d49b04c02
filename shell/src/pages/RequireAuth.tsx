import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from '@shop/shared/router';
import { isAuthenticatedAtom, Spinner, useHydrated } from '@shop/shared';

/**
 * The account area: without a login token the shopper is sent to the login page. Who is signed
 * in is known to the browser only (localStorage): the server's HTML and the first render in the
 * browser show a spinner (the page's title is in the HTML already), the page follows.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const location = useLocation();
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <div style={{ padding: 'var(--space-8)', textAlign: 'center' }}>
        <Spinner label="Loading your account…" />
      </div>
    );
  }
  if (!authenticated) {
    return <Navigate to="/customer/account/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
