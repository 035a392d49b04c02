import type { DbExecutor, Tx } from '../db/client';
import type { OrderMail } from '../mail/templates';
import type { OrderStatus, orders } from './schema';

export type OrderRow = typeof orders.$inferSelect;
import type { InsertedOrder, NewOrder, OrderMailParts, OrdersStore } from './store';

/**
 * The orders domain's service for placing and paying orders: checkout inserts the pending order
 * in its claim; payment marks it paid, or withdraws it when the payment fails. Every write runs in
 * the caller's transaction (`tx`), so placing an order stays one atomic claim.
 */
export function createOrderPlacement(store: OrdersStore) {
  return {
    /** A new order awaiting payment, with its lines, addresses and first status. */
    placePending(tx: DbExecutor, order: NewOrder): Promise<InsertedOrder> {
      return store.insertOrder(tx, order);
    },

    find(executor: DbExecutor, orderId: number) {
      return store.findById(orderId, executor);
    },

    /** The order row, locked until the transaction ends. */
    lock(tx: Tx, orderId: number) {
      return store.lockOrder(tx, orderId);
    },

    /** Moves the order to a status (or notes something on it) in its history. */
    setStatus(tx: Tx, orderId: number, status: OrderStatus, comment: string) {
      return store.setStatus(tx, orderId, status, comment);
    },

    /** The payment's changes to its order in one statement: paid (a status and its history row), its reference. */
    recordPayment(tx: Tx, orderId: number, change: { status: { status: OrderStatus; comment: string } | null; paymentReference: string | null }) {
      return store.recordPayment(tx, orderId, change);
    },

    /** The order row locked, with what its confirmation mail needs of its lines and address (one statement). */
    lockForPayment(tx: Tx, orderId: number) {
      return store.lockOrderWithMail(tx, orderId);
    },

    /** The confirmation mail's data; `order`: its row when the caller has it (`parts`: as lockForPayment read them). */
    confirmationMail(tx: Tx, orderId: number, links: { orderUrl: string | null }, order?: OrderRow, parts?: OrderMailParts): Promise<OrderMail> {
      return store.orderMailData(tx, orderId, links, order, parts);
    },

    /** What a pending order holds of the stock (to give back before `withdraw`). */
    heldStock(tx: Tx, orderId: number) {
      return store.lineQuantities(tx, orderId);
    },

    /** Deletes a pending (never paid) order; a paid one stays. */
    withdraw(tx: Tx, orderId: number) {
      return store.deleteUnpaidOrder(tx, orderId);
    },
  };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
