import { useStore } from 'jotai';
import { useMemo } from 'react';
import { useNavigate } from '@shop/shared/router';
import { loadCustomer, login, logout } from './actions';

/** Sign-in and sign-out bound to the page's store, with the navigation the spec asks for. */
export function useAuth() {
  const store = useStore();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      login: (email: string, password: string) => login(store, email, password),
      /** Clears token and customer, resets the basket and goes home. */
      logout: async () => {
        await logout(store);
        navigate('/');
      },
      /** A failed customer fetch clears the token and goes to login. */
      loadCustomer: async () => {
        const me = await loadCustomer(store);
        if (!me) navigate('/customer/account/login');
        return me;
      },
    }),
    [store, navigate],
  );
}
