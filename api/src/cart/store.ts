import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db, type DbExecutor as Executor, type Tx } from '../db/client';
import { carts, cartItems, type CartAddressColumn, type CartLineOptionsColumn, type CartStatus } from './schema';

/**
 * The basket's database queries: baskets and lines. The products a basket needs come from the
 * catalogue (catalog/basket-products.ts), whose SQL the one-statement basket writes embed.
 */

export type { Tx, DbExecutor as Executor } from '../db/client';
export { isSellable, type BasketProduct } from '../catalog/basket-products';


export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

/** A line to add to a basket (its quantity is given beside it). */
export interface NewLine {
  cartId: string;
  productId: number;
  parentProductId: number | null;
  sku: string;
  lineKey: string;
  options: CartLineOptionsColumn;
}

/** 32 random bytes, base64url: 256 bits, unguessable. */
export function newCartId(): string {
  return randomBytes(32).toString('base64url');
}

export function createCartStore(db: Db) {
  // A prepared statement (named on PostgreSQL): every basket call starts with it.
  const findCartPrepared = db.select().from(carts).where(eq(carts.id, sql.placeholder('id'))).limit(1).prepare('cart_find');
  return {
    db,

    // ------------------------------------------------------------------ baskets

    async createCart(customerId: number | null, executor: Executor = db): Promise<CartRow> {
      const [row] = await executor.insert(carts).values({ id: newCartId(), customerId }).returning();
      return row!;
    },

    async findCart(id: string, executor: Executor = db): Promise<CartRow | undefined> {
      const [row] = executor === db ? await findCartPrepared.execute({ id }) : await executor.select().from(carts).where(eq(carts.id, id)).limit(1);
      return row;
    },

    /** The basket row, locked until the transaction ends (concurrent checkouts of it queue here). */
    async lockCart(tx: Tx, id: string): Promise<CartRow | undefined> {
      const [row] = await tx.select().from(carts).where(eq(carts.id, id)).for('update').limit(1);
      return row;
    },

    async findOpenCartOfCustomer(customerId: number, executor: Executor = db): Promise<CartRow | undefined> {
      const [row] = await executor
        .select()
        .from(carts)
        .where(and(eq(carts.customerId, customerId), inArray(carts.status, ['active', 'checkout'])))
        .limit(1);
      return row;
    },

    /** The customer's basket ordered most recently, within `withinMs` (a repeated confirm). */
    async recentlyOrderedCart(customerId: number, withinMs: number): Promise<CartRow | undefined> {
      const [row] = await db
        .select()
        .from(carts)
        .where(and(eq(carts.customerId, customerId), eq(carts.status, 'ordered'), gt(carts.closedAt, new Date(Date.now() - withinMs))))
        .orderBy(desc(carts.closedAt))
        .limit(1);
      return row;
    },

    /** The customer's open basket, created when missing (safe under concurrent calls). */
    async ensureCustomerCart(customerId: number): Promise<CartRow> {
      const existing = await this.findOpenCartOfCustomer(customerId);
      if (existing) return existing;
      await db.insert(carts).values({ id: newCartId(), customerId }).onConflictDoNothing();
      const row = await this.findOpenCartOfCustomer(customerId);
      if (!row) throw new Error('customer basket vanished after creation');
      return row;
    },

    async updateCart(
      id: string,
      values: Partial<{
        status: CartStatus;
        email: string | null;
        shippingAddress: CartAddressColumn | null;
        billingAddress: CartAddressColumn | null;
        shippingCarrierCode: string | null;
        shippingMethodCode: string | null;
        paymentMethod: string | null;
        customerNote: string | null;
        orderId: number | null;
        mergedIntoId: string | null;
        closedAt: Date | null;
      }>,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .update(carts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(carts.id, id));
    },

    /** Marks a change (keeps abandoned-basket reports and clean-ups right). */
    async touchCart(id: string, executor: Executor = db): Promise<void> {
      await executor.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, id));
    },

    // ------------------------------------------------------------------ lines

    async lines(cartId: string, executor: Executor = db): Promise<CartItemRow[]> {
      return executor.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id));
    },

    async countLines(cartId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cartItems).where(eq(cartItems.cartId, cartId));
      return row?.n ?? 0;
    },

    /**
     * Adds `qty` to the line with this key, or inserts it. Never takes a line over `maxQty`:
     * answers undefined instead (one statement, safe under concurrent adds).
     */
    async addToLine(
      line: NewLine,
      qty: number,
      maxQty: number,
      executor: Executor = db,
    ): Promise<CartItemRow | undefined> {
      const [row] = await executor
        .insert(cartItems)
        .values({ ...line, qty })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.lineKey],
          set: { qty: sql`${cartItems.qty} + excluded.qty`, updatedAt: new Date() },
          setWhere: sql`${cartItems.qty} + excluded.qty <= ${maxQty}`,
        })
        .returning();
      return row;
    },

    /**
     * Deletes guest baskets nobody has touched since `before` (no line changed since either), that
     * never reached checkout (no payment attempts: those are kept with their basket). At most `limit`.
     */
    async purgeAbandonedGuestCarts(before: Date, limit = 500): Promise<number> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`delete from carts where id in (
              select c.id from carts c
              where c.customer_id is null and c.status = 'active' and c.updated_at < ${before.toISOString()}::timestamptz
                and not exists (select 1 from cart_items i where i.cart_id = c.id and i.updated_at >= ${before.toISOString()}::timestamptz)
                and not exists (select 1 from payments pa where pa.cart_id = c.id)
              limit ${limit})
            returning id`,
      );
      return rows.length;
    },

    /**
     * Deletes guest baskets that were made and never had a line (last touched before `before`):
     * what a page visit without a purchase, or a flood of creations, leaves behind. In batches of
     * `batch`, at most `maxBatches` per call; answers how many went.
     */
    async purgeEmptyGuestCarts(before: Date, batch = 1000, maxBatches = 20): Promise<number> {
      let total = 0;
      for (let i = 0; i < maxBatches; i++) {
        const rows = await queryRows<{ id: string }>(
          db,
          sql`delete from carts where id in (
                select c.id from carts c
                where c.customer_id is null and c.status = 'active' and c.updated_at < ${before.toISOString()}::timestamptz
                  and not exists (select 1 from cart_items i where i.cart_id = c.id)
                  and not exists (select 1 from payments pa where pa.cart_id = c.id)
                limit ${batch})
              returning id`,
        );
        total += rows.length;
        if (rows.length < batch) break;
      }
      return total;
    },

    async deleteLines(ids: readonly number[], executor: Executor = db): Promise<void> {
      if (ids.length === 0) return;
      await executor.delete(cartItems).where(inArray(cartItems.id, [...ids]));
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
