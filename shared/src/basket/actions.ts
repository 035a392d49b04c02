import { atom } from 'jotai';
import { ApiError } from '../api/client';
import type { Cart, CartItem } from '../api/schemas/cart';
import { authTokenAtom, meAtom } from '../atoms/auth';
import { addedToBasketAtom, cartAtom, cartIdAtom, emptyCart } from '../atoms/cart';
import type { ShopStore } from '../atoms/store';
import { cartApi, type CartOwner } from './api';

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

function ownerOf(store: ShopStore): CartOwner {
  return { customerToken: store.get(authTokenAtom), cartId: store.get(cartIdAtom) };
}

async function startGuestCart(store: ShopStore): Promise<void> {
  const { cartId } = await cartApi.createGuestCart();
  store.set(cartIdAtom, cartId);
}

/**
 * Runs a cart call for whoever holds the basket. A guest without a cart gets one first. A 401
 * (expired or revoked login) signs the customer out, starts a guest cart and retries once; so does
 * a guest whose cart the server no longer knows (404).
 */
async function withCartOwner<T>(store: ShopStore, call: (owner: CartOwner) => Promise<T>): Promise<T> {
  if (!store.get(authTokenAtom) && !store.get(cartIdAtom)) await startGuestCart(store);
  try {
    return await call(ownerOf(store));
  } catch (error) {
    const expiredLogin = error instanceof ApiError && error.status === 401 && store.get(authTokenAtom);
    const lostGuestCart = error instanceof ApiError && error.status === 404 && !store.get(authTokenAtom);
    if (!expiredLogin && !lostGuestCart) throw error;
    store.set(authTokenAtom, null);
    store.set(meAtom, null);
    await startGuestCart(store);
    return call(ownerOf(store));
  }
}

/** Fetches the basket from the API (nothing to fetch for a shopper without a cart). */
export async function reloadCart(store: ShopStore): Promise<Cart> {
  if (!store.get(authTokenAtom) && !store.get(cartIdAtom)) {
    store.set(cartAtom, emptyCart);
    return emptyCart;
  }
  const cart = await withCartOwner(store, (owner) => cartApi.get(owner));
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
    const cart = await withCartOwner(store, (owner) =>
      cartApi.add(owner, { productSku: line.sku, quantity: line.qty, productOptions: line.productOptions }),
    );
    store.set(cartAtom, cart);
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
    const cart = await withCartOwner(store, (owner) => cartApi.remove(owner, { productSku: item.sku, quantity: 1 }));
    store.set(cartAtom, cart);
    return true;
  } catch (error) {
    console.error('[basket] remove failed', error);
    store.set(cartAtom, (cart) => withQty(cart, item.sku, 1, { ...item, qty: 1 }));
    store.set(basketErrorAtom, BASKET_REMOVE_FAILED);
    store.set(basketErrorReasonAtom, basketRefusalReason(error));
    return false;
  }
}
