import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { authTokenAtom, meAtom, useAuth } from '@shop/shared';

/**
 * The signed-in customer for an account page: the token and the customer record, loaded once if
 * the shell has not loaded it yet. A failed load clears the token and goes to login (spec 4).
 */
export function useCustomer() {
  const token = useAtomValue(authTokenAtom);
  const me = useAtomValue(meAtom);
  const auth = useAuth();

  useEffect(() => {
    if (token && !me) void auth.loadCustomer();
  }, [token, me, auth]);

  return { token, me, reload: auth.loadCustomer };
}

/** A customer's company (custom attribute company_name), or ''. */
export function companyOf(me: { custom_attributes?: { attribute_code: string; value: string }[] | undefined }): string {
  return me.custom_attributes?.find((a) => a.attribute_code === 'company_name')?.value ?? '';
}
