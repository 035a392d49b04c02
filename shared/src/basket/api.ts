import { z } from 'zod';
import { apiRequest } from '../api/client';
import { cartSchema, type Cart } from '../api/schemas/cart';

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

const guestCartSchema = z.object({ cartId: z.string() });

export const cartApi = {
  createGuestCart: () => apiRequest('/cart/guest/create', { method: 'POST', body: {}, schema: guestCartSchema }),
  /** Creates the customer's active cart when missing. */
  mine: (customerToken: string) => apiRequest('/cart/mine', { body: { customerToken } }),
  get: (owner: CartOwner): Promise<Cart> => apiRequest('/cart', { body: owner, schema: cartSchema }),
  add: (owner: CartOwner, line: CartLineRequest): Promise<Cart> =>
    apiRequest('/cart/add', { body: { ...owner, ...line }, schema: cartSchema }),
  remove: (owner: CartOwner, line: CartLineRequest): Promise<Cart> =>
    apiRequest('/cart/remove', { body: { ...owner, ...line }, schema: cartSchema }),
  mergeGuestCart: (customerToken: string, guestCartId: string) =>
    apiRequest('/cart/merge-guest-cart', { body: { customerToken, guestCartId } }),
};
