import { ApiError } from '../api/client';
import type { Customer } from '../api/schemas/customer';
import { authTokenAtom, meAtom } from '../atoms/auth';
import { cartAtom, cartIdAtom, emptyCart } from '../atoms/cart';
import type { ShopStore } from '../atoms/store';
import { cartApi } from '../basket/api';
import { reloadCart } from '../basket/actions';
import { authApi } from './api';

/** What the login page shows for any failure (spec section 8). */
export const LOGIN_FAILED = 'Login failed';

/**
 * Sign in (spec section 4): remember the guest cart id, log in, store the token, load the
 * customer, create the customer cart, merge the guest cart into it, forget the guest id, reload
 * the cart. Throws Error('Login failed') (with the server's answer as cause) on any failure.
 */
export async function login(store: ShopStore, email: string, password: string): Promise<Customer> {
  const guestCartId = store.get(cartIdAtom);
  let token: string;
  try {
    const answer = await authApi.login(email, password);
    token = answer.data.token;
  } catch (cause) {
    throw new Error(LOGIN_FAILED, { cause });
  }
  store.set(authTokenAtom, token);
  const me = await authApi.me(token);
  store.set(meAtom, me.data.data);
  await cartApi.mine(token);
  if (guestCartId) {
    try {
      await cartApi.mergeGuestCart(token, guestCartId);
    } catch (error) {
      // The guest basket may be gone (expired or already merged): the login still stands.
      console.warn('[auth] guest basket could not be merged', error);
    }
  }
  store.set(cartIdAtom, null);
  await reloadCart(store);
  return me.data.data;
}

/** Loads the signed-in customer. A failure clears the token: the caller sends the shopper to login. */
export async function loadCustomer(store: ShopStore): Promise<Customer | null> {
  const token = store.get(authTokenAtom);
  if (!token) return null;
  try {
    const me = await authApi.me(token);
    store.set(meAtom, me.data.data);
    return me.data.data;
  } catch (error) {
    console.warn('[auth] customer could not be loaded; signing out', error);
    store.set(authTokenAtom, null);
    store.set(meAtom, null);
    return null;
  }
}

/** Sign out: revoke the token (best effort), clear token and customer, reset the basket. */
export async function logout(store: ShopStore): Promise<void> {
  const token = store.get(authTokenAtom);
  store.set(authTokenAtom, null);
  store.set(meAtom, null);
  store.set(cartAtom, emptyCart);
  store.set(cartIdAtom, null);
  if (token) {
    await authApi.logout(token).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 401)) console.warn('[auth] logout call failed', error);
    });
  }
}
