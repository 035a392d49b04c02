import { apiRequest } from '../api/client';
import type { Cart, CartAdded } from '../api/schemas/cart';

/** Who is asking: a customer (token) or a guest (the cart id they hold). */
export interface CartOwner {
  customerToken: string | null;
  cartId: string | null;
}

export interface CartLineRequest {
  productSku: string;
  quantity: number;
  /** Configurable choices, custom options, the grouped item: passed through as the API defines. */
  productOptions?: unknown;
}

// The basket's answers steer the UI, so they are parsed; the schemas (and zod) are loaded with the
// first basket call rather than with every page (a first visit never calls before a click).
const schemas = () => import('../api/schemas/cart');

export const cartApi = {
  /** Creates the customer's active cart when missing. */
  mine: (customerToken: string) => apiRequest('/cart/mine', { body: { customerToken } }),
  get: async (owner: CartOwner): Promise<Cart> => apiRequest('/cart', { body: owner, schema: (await schemas()).cartSchema }),
  /** A guest without a basket (cartId null) gets one with the add: its id is the answer's `cartId`. */
  add: async (owner: CartOwner, line: CartLineRequest): Promise<CartAdded> =>
    apiRequest('/cart/add', { body: { ...owner, ...line }, schema: (await schemas()).cartAddedSchema }),
  remove: async (owner: CartOwner, line: CartLineRequest): Promise<Cart> =>
    apiRequest('/cart/remove', { body: { ...owner, ...line }, schema: (await schemas()).cartSchema }),
  mergeGuestCart: (customerToken: string, guestCartId: string) =>
    apiRequest('/cart/merge-guest-cart', { body: { customerToken, guestCartId } }),
};
