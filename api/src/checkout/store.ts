import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { productStock } from '../catalog/schema';
import { carts } from '../cart/schema';
import type { DbExecutor as Executor, Tx } from '../db/client';
import type { Db } from '../db/client';
import { orderLines, orders } from '../orders/schema';

/**
 * Checkout's own queries: stock taken and given back in the checkout transaction, the lines of an
 * order being released, and finding a customer's basket that was just ordered.
 */
export function createCheckoutStore(db: Db) {
  return {
    /**
     * Takes `qty` units of a product if that many are in stock (one statement: never below zero,
     * safe under concurrent checkouts). Answers the units left, or undefined when there were not
     * enough (or the product has no stock row).
     */
    async takeStock(tx: Tx, productId: number, qty: number): Promise<number | undefined> {
      const [row] = await tx
        .update(productStock)
        .set({ qty: sql`${productStock.qty} - ${qty}`, updatedAt: new Date() })
        .where(and(eq(productStock.productId, productId), eq(productStock.isInStock, true), sql`${productStock.qty} >= ${qty}`))
        .returning({ qty: productStock.qty });
      return row?.qty;
    },

    async stockOf(tx: Tx, productId: number): Promise<number> {
      const [row] = await tx
        .select({ qty: productStock.qty, isInStock: productStock.isInStock })
        .from(productStock)
        .where(eq(productStock.productId, productId));
      return row && row.isInStock ? row.qty : 0;
    },

    async giveBackStock(tx: Tx, productId: number, qty: number): Promise<void> {
      await tx
        .update(productStock)
        .set({ qty: sql`${productStock.qty} + ${qty}`, updatedAt: new Date() })
        .where(eq(productStock.productId, productId));
    },

    async orderLinesOf(executor: Executor, orderId: number) {
      return executor
        .select({ productId: orderLines.productId, qty: orderLines.qty })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId));
    },

    async lockOrder(tx: Tx, orderId: number) {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },

    async findOrder(executor: Executor, orderId: number) {
      const [row] = await executor.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },

    /** Deletes an order that was never paid for (its lines, addresses and history go with it). */
    async deleteUnpaidOrder(tx: Tx, orderId: number): Promise<void> {
      await tx.delete(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
    },

    /** The customer's basket ordered most recently, within `withinMs` (a repeated confirm). */
    async recentlyOrderedCart(customerId: number, withinMs: number) {
      const [row] = await db
        .select()
        .from(carts)
        .where(and(eq(carts.customerId, customerId), eq(carts.status, 'ordered'), gt(carts.closedAt, new Date(Date.now() - withinMs))))
        .orderBy(desc(carts.closedAt))
        .limit(1);
      return row;
    },
  };
}

export type CheckoutStore = ReturnType<typeof createCheckoutStore>;
