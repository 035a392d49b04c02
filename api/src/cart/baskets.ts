import { saveChoicesAndRead, type CartWithBasket, type CheckoutChoices } from './basket-store';
import type { CartAddressColumn } from './schema';
import type { CartRow, CartStore, Executor, Tx } from './store';

/**
 * The cart domain's service for checkout and payment: what they read of a basket and the few
 * ways they change it (delivery and payment choices saved, held for a payment, closed as ordered,
 * reopened, cleaned up). They never write the carts table themselves. Writes that are part of
 * placing or settling an order take the caller's transaction (`tx`).
 */
export function createBaskets(store: CartStore) {
  return {
    find: (cartId: string, executor?: Executor): Promise<CartRow | undefined> => store.findCart(cartId, executor),
    /** The basket row, locked until the transaction ends (concurrent checkouts of it queue here). */
    lock: (tx: Tx, cartId: string): Promise<CartRow | undefined> => store.lockCart(tx, cartId),
    openOfCustomer: (customerId: number): Promise<CartRow | undefined> => store.findOpenCartOfCustomer(customerId),
    /** The customer's open basket, created when missing. */
    ensureOfCustomer: (customerId: number): Promise<CartRow> => store.ensureCustomerCart(customerId),
    /** The customer's basket ordered most recently, within `withinMs`. */
    recentlyOrdered: (customerId: number, withinMs: number): Promise<CartRow | undefined> => store.recentlyOrderedCart(customerId, withinMs),
    countLines: (cartId: string): Promise<number> => store.countLines(cartId),
    /** Drops lines that can no longer be bought (in the claim's transaction). */
    dropLines: (tx: Tx, lineIds: readonly number[]): Promise<void> => store.deleteLines(lineIds, tx),

    /**
     * Saves the delivery or payment choices of checkout on an open basket (a guest's when `guest`)
     * and answers the basket as saved, in one statement; `cart` null: not open, nothing saved.
     */
    saveChoices: (cartId: string, choices: CheckoutChoices, limits: { guest: boolean }): Promise<CartWithBasket> =>
      saveChoicesAndRead(store.db, cartId, choices, limits),

    /** The basket is held by a payment for its pending order: no changes until it ends. */
    holdForOrder(
      tx: Tx,
      cartId: string,
      values: { orderId: number; email: string; billingAddress: CartAddressColumn; paymentMethod: string },
    ): Promise<void> {
      return store.updateCart(cartId, { status: 'checkout', ...values }, tx);
    },

    /** The order is placed: the basket is closed. */
    closeOrdered: (tx: Tx, cartId: string): Promise<void> => store.updateCart(cartId, { status: 'ordered', closedAt: new Date() }, tx),

    /** The payment ended without an order: the basket opens again as it was. */
    reopen: (tx: Tx, cartId: string): Promise<void> => store.updateCart(cartId, { status: 'active', orderId: null }, tx),

    purgeAbandonedGuests: (before: Date): Promise<number> => store.purgeAbandonedGuestCarts(before),
    purgeEmptyGuests: (before: Date): Promise<number> => store.purgeEmptyGuestCarts(before),
  };
}

export type Baskets = ReturnType<typeof createBaskets>;
