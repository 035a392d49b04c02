import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { Cart } from '../api/schemas/cart';
import { safeLocalStorage } from './storage';

/** A guest's cart id, kept in localStorage under the key `cartId`. */
export const cartIdAtom = atomWithStorage<string | null>('cartId', null, safeLocalStorage<string | null>(), {
  getOnInit: true,
});

export const emptyCart: Cart = { items: [], total: 0 };

/** The basket as last answered by the API (or optimistically changed, see basket actions). */
export const cartAtom = atom<Cart>(emptyCart);

/** Number of items in the basket (sum of quantities), shown on the My Basket button. */
export const cartCountAtom = atom((get) => get(cartAtom).items.reduce((n, item) => n + item.qty, 0));

/** The basket slide-over and the 'Added to Basket' modal. */
export const basketOpenAtom = atom(false);
export const addedToBasketAtom = atom<{ name: string; image?: string | undefined } | null>(null);
