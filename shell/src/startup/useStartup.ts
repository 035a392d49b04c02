import { useStore } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from '@shop/shared/router';
import { authTokenAtom, loadCategories, loadCustomer, reloadCart, reportError } from '@shop/shared';

/**
 * Start-up (spec section 2): the catalogue data the shell needs (categories, cached for the page),
 * then the basket, then the customer when signed in. Failures are logged; the page stays usable.
 * Pages never wait for this: each remote loads what it shows.
 */
export function useStartup(): void {
  const store = useStore();
  const navigate = useNavigate();
  useEffect(() => {
    loadCategories().catch((error: unknown) => reportError('[startup] categories failed to load', error));
    reloadCart(store).catch((error: unknown) => reportError('[startup] basket failed to load', error));
    if (store.get(authTokenAtom)) {
      void loadCustomer(store).then((me) => {
        if (!me) navigate('/customer/account/login');
      });
    }
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
