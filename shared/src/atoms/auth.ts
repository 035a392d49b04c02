import { atom } from 'jotai';
import { atomWithStorage, RESET } from 'jotai/utils';
import type { Customer } from '../api/schemas/customer';
import { safeLocalStorage } from './storage';

/** The customer's login token, kept in browser storage. Authenticated means a token exists. */
export const authTokenAtom = atomWithStorage<string | null>('authToken', null, safeLocalStorage<string | null>(), {
  getOnInit: true,
});

export const isAuthenticatedAtom = atom((get) => Boolean(get(authTokenAtom)));

/** The signed-in customer's record (POST /api/me), null until loaded or when signed out. */
export const meAtom = atom<Customer | null>(null);

export { RESET };
