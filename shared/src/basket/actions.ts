import { atom } from 'jotai';
import { ApiError } from '../api/client';
import type { Cart, CartItem } from '../api/schemas/cart';
import { authTokenAtom, meAtom } from '../atoms/auth';
import { addedToBasketAtom, cartAtom, cartIdAtom, emptyCart } from '../atoms/cart';
import type { ShopStore } from '../atoms/store';
import { cartApi, type CartLineRequest, type CartOwner } from './api';

/** Shown when an add fails (spec sections 4 and 5). */
export const BASKET_ADD_FAILED = 'There was a problem adding the item to the basket.';
export const BASKET_REMOVE_FAILED = 'There was a problem removing the item from the basket.';

/** The last basket problem to tell the shopper about (null when none). */
export const basketErrorAtom = atom<string | null>(null);
/** The server's reason for that problem, shown under it ('Sorry, we only have 14 of … in stock.'). */
export const basketErrorReasonAtom = atom<string | null>(null);

/**
 * What the server said was wrong with the request, when it said it in words for the shopper: a
 * refused line (400, e.g. not enough in stock) or a basket in checkout (409). Anything else (a
 * server fault, a lost connection) has no reason to show.
 */
export function basketRefusalReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return null;
  const body = error.body;
  return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message.trim() ? body.message : null;
}

/** A product going into the basket, as the page that adds it knows it. */
export interface BasketLine {
  /** The product's sku, sent to the API with the options. */
  sku: string;
  /** The sku the basket line will carry (configurable: base sku, a hyphen, then the option sku). */
  lineSku?: string;
  name: string;
  /** Unit price in pounds ex VAT, for the optimistic line only: the API prices the real one. */
  price: number;
  qty: number;
  image?: string | null;
  optionTitle?: string | null;
  productOptions?: unknown;
}

/** Who holds the basket: the signed-in customer's token, else the guest basket's id (null: none yet). */
export function ownerOf(store: ShopStore): CartOwner {
  return { customerToken: store.get(authTokenAtom), cartId: store.get(cartIdAtom) };
}

/**
 * After a 401 (the login expired or was revoked) or a guest's 404 (the server no longer knows the
 * basket): the shopper becomes a guest without a basket, and true is answered. Anything else: false.
 */
function forgetLostBasket(store: ShopStore, error: unknown): boolean {
  const expiredLogin = error instanceof ApiError && error.status === 401 && store.get(authTokenAtom);
  const lostGuestCart = error instanceof ApiError && error.status === 404 && !store.get(authTokenAtom);
  if (!expiredLogin && !lostGuestCart) return false;
  store.set(authTokenAtom, null);
  store.set(meAtom, null);
  store.set(cartIdAtom, null);
  return true;
}

/**
 * Adds a line for whoever holds the basket and answers the basket (not stored: the caller does).
 * A guest without a basket gets one with this add, in the same call (the answer's `cartId` is
 * kept). A dead login or a lost guest basket: the add is made once more, as a guest without a
 * basket. No basket is ever made except by an add.
 */
export async function addLine(store: ShopStore, line: CartLineRequest): Promise<Cart> {
  const add = async () => {
    const { cartId, ...cart } = await cartApi.add(ownerOf(store), line);
    if (cartId) store.set(cartIdAtom, cartId);
    return cart;
  };
  try {
    return await add();
  } catch (error) {
    if (!forgetLostBasket(store, error)) throw error;
    return add();
  }
}

/**
 * Fetches the basket from the API and stores it (nothing to fetch for a shopper without a
 * basket; one the server no longer knows, or a dead login, leaves an empty one).
 */
export async function reloadCart(store: ShopStore): Promise<Cart> {
  let cart = emptyCart;
  if (store.get(authTokenAtom) || store.get(cartIdAtom)) {
    try {
      cart = await cartApi.get(ownerOf(store));
    } catch (error) {
      if (!forgetLostBasket(store, error)) throw error;
    }
  }
  store.set(cartAtom, cart);
  return cart;
}

const lineTotal = (items: CartItem[]) => Math.round(items.reduce((sum, i) => sum + i.price * i.qty * 100, 0)) / 100;

function withQty(cart: Cart, sku: string, delta: number, template?: CartItem): Cart {
  const existing = cart.items.find((i) => i.sku === sku);
  let items: CartItem[];
  if (existing) {
    items = cart.items
      .map((i) => (i.sku === sku ? { ...i, qty: i.qty + delta } : i))
      .filter((i) => i.qty > 0);
  } else if (template && delta > 0) {
    items = [...cart.items, { ...template, qty: delta }];
  } else {
    items = cart.items;
  }
  return { ...cart, items, total: lineTotal(items) };
}

/**
 * Optimistic add: the line appears and the 'Added to Basket' modal opens at once; the API's answer
 * then replaces the basket. On failure the line is taken out again, the modal closes and
 * BASKET_ADD_FAILED is shown. Resolves true when the item is in the basket.
 */
export async function addToBasket(store: ShopStore, line: BasketLine): Promise<boolean> {
  const lineSku = line.lineSku ?? line.sku;
  const optimistic: CartItem = {
    item_id: `pending-${lineSku}`,
    sku: lineSku,
    name: line.name,
    price: line.price,
    qty: line.qty,
    image: line.image ?? null,
    option_title: line.optionTitle ?? null,
  };
  store.set(basketErrorAtom, null);
  store.set(basketErrorReasonAtom, null);
  store.set(cartAtom, (cart) => withQty(cart, lineSku, line.qty, optimistic));
  store.set(addedToBasketAtom, { name: line.name, image: line.image ?? undefined });
  try {
    store.set(cartAtom, await addLine(store, { productSku: line.sku, quantity: line.qty, productOptions: line.productOptions }));
    return true;
  } catch (error) {
    console.error('[basket] add failed', error);
    store.set(cartAtom, (cart) => withQty(cart, lineSku, -line.qty));
    store.set(addedToBasketAtom, null);
    store.set(basketErrorAtom, BASKET_ADD_FAILED);
    store.set(basketErrorReasonAtom, basketRefusalReason(error));
    return false;
  }
}

/** Remove: lowers the quantity by 1, or deletes the line at quantity 1; rolled back on failure. */
export async function removeFromBasket(store: ShopStore, item: CartItem): Promise<boolean> {
  store.set(basketErrorAtom, null);
  store.set(basketErrorReasonAtom, null);
  store.set(cartAtom, (cart) => withQty(cart, item.sku, -1));
  try {
    store.set(cartAtom, await cartApi.remove(ownerOf(store), { productSku: item.sku, quantity: 1 }));
    return true;
  } catch (error) {
    // The basket is gone (a dead login, a guest basket the server no longer knows): so is the line.
    if (forgetLostBasket(store, error)) {
      store.set(cartAtom, emptyCart);
      return true;
    }
    console.error('[basket] remove failed', error);
    store.set(cartAtom, (cart) => withQty(cart, item.sku, 1, { ...item, qty: 1 }));
    store.set(basketErrorAtom, BASKET_REMOVE_FAILED);
    store.set(basketErrorReasonAtom, basketRefusalReason(error));
    return false;
  }
}
