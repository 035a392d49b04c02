import { useEffect, useState } from 'react';
import { useCustomer } from '../../account/useCustomer';

/** A list the account area loads once with the login token: loading, error text, items. */
export function useAccountList<T>(load: (token: string) => Promise<{ data: { items: T[] } }>, failure: string) {
  const { token } = useCustomer();
  const [state, setState] = useState<{ loading: boolean; error: string | null; items: T[] }>({ loading: true, error: null, items: [] });

  useEffect(() => {
    if (!token) return;
    let live = true;
    load(token)
      .then((answer) => live && setState({ loading: false, error: null, items: answer.data.items }))
      .catch((error: unknown) => {
        console.warn('[account] list could not be loaded', error);
        if (live) setState({ loading: false, error: failure, items: [] });
      });
    return () => {
      live = false;
    };
    // `load` is a module-level call; the list reloads when the login changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return state;
}
