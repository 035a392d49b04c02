import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { preparedRows, queryRows, type Db, type DbExecutor as Executor, type Tx } from '../db/client';
import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';
import { carts, cartItems, type CartAddressColumn, type CartLineOptionsColumn, type CartStatus } from './schema';

/**
 * The basket's database queries. Baskets and lines are ours; the catalogue tables are read here
 * (lean, one query for every product a basket needs) because pricing a basket is the hot path.
 */

export type { Tx, DbExecutor as Executor } from '../db/client';


export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

/** A product as the basket needs it: price, tiers, options, stock, weight. */
export interface BasketProduct {
  id: number;
  sku: string;
  name: string;
  typeId: 'simple' | 'configurable' | 'grouped';
  status: number;
  websiteIds: number[];
  pricePence: number;
  specialPricePence: number | null;
  urlKey: string;
  image: string | null;
  weightGrams: number | null;
  palletOnly: boolean;
  /** Units in stock (0 when the product has no stock row). */
  stockQty: number;
  isInStock: boolean;
  tiers: Array<{ customerGroupId: number; qty: number; valuePence: number }>;
  options: Array<{
    id: number;
    title: string;
    type: 'drop_down' | 'radio' | 'checkbox' | 'field';
    isRequire: boolean;
    values: Array<{ id: number; title: string; sku: string | null; pricePence: number }>;
  }>;
  configurableOptions: Array<{
    attributeId: number;
    attributeCode: string;
    label: string;
    values: Array<{ value_index: number; label: string }>;
  }>;
}

/** Is the product sold on the storefront (enabled, on website 2)? */
export function isSellable(product: Pick<BasketProduct, 'status' | 'websiteIds'>): boolean {
  return product.status === 1 && product.websiteIds.includes(STOREFRONT_WEBSITE_ID);
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/** The columns of a BasketProduct, over `products p` with `productJoins` (also used by basket-store.ts). */
export const productColumns = sql`
  p.id, p.sku, p.name, p.type_id as "typeId", p.status, p.website_ids as "websiteIds",
  p.price_pence as "pricePence", p.special_price_pence as "specialPricePence", p.url_key as "urlKey", p.image,
  p.weight_grams as "weightGrams", coalesce(ps.pallet_only, false) as "palletOnly",
  coalesce(s.qty, 0) as "stockQty", coalesce(s.is_in_stock, false) as "isInStock",
  coalesce((select json_agg(json_build_object('customerGroupId', t.customer_group_id, 'qty', t.qty, 'valuePence', t.value_pence))
            from product_tier_prices t where t.product_id = p.id), '[]'::json) as tiers,
  coalesce((select json_agg(json_build_object('id', o.id, 'title', o.title, 'type', o.type, 'isRequire', o.is_require,
              'values', coalesce((select json_agg(json_build_object('id', v.id, 'title', v.title, 'sku', v.sku, 'pricePence', v.price_pence)
                                   order by v.sort_order, v.id)
                                 from product_option_values v where v.option_id = o.id), '[]'::json))
              order by o.sort_order, o.id)
            from product_options o where o.product_id = p.id), '[]'::json) as options,
  coalesce((select json_agg(json_build_object('attributeId', c.attribute_id, 'attributeCode', c.attribute_code,
              'label', c.label, 'values', c.values) order by c.position, c.id)
            from product_configurable_options c where c.product_id = p.id), '[]'::json) as "configurableOptions"`;

export const productJoins = sql`
  left join product_stock s on s.product_id = p.id
  left join product_shipping ps on ps.product_id = p.id`;

/** 32 random bytes, base64url: 256 bits, unguessable. */
export function newCartId(): string {
  return randomBytes(32).toString('base64url');
}

export function createCartStore(db: Db) {
  // A prepared statement (named on PostgreSQL): every basket call starts with it.
  const findCartPrepared = db.select().from(carts).where(eq(carts.id, sql.placeholder('id'))).limit(1).prepare('cart_find');
  return {
    db,

    // ------------------------------------------------------------------ catalogue reads

    async productsByIds(ids: readonly number[], executor: Executor = db): Promise<Map<number, BasketProduct>> {
      const unique = [...new Set(ids)];
      const map = new Map<number, BasketProduct>();
      if (unique.length === 0) return map;
      const rows = await queryRows<BasketProduct & Record<string, unknown>>(
        executor as Db,
        sql`select ${productColumns} from products p ${productJoins} where p.id = any(${intArray(unique)})`,
      );
      for (const row of rows) map.set(row.id, row);
      return map;
    },

    /** A product by sku, with the configurable product it is a child of (if any). */
    async productBySku(sku: string): Promise<(BasketProduct & { configurableParent: { parentId: number; optionValues: Record<string, number> } | null }) | undefined> {
      const [row] = await preparedRows<BasketProduct & { configurableParent: { parentId: number; optionValues: Record<string, number> } | null } & Record<string, unknown>>(
        db,
        'cart_product_by_sku',
        sql`select ${productColumns},
              (select json_build_object('parentId', cl.parent_id, 'optionValues', cl.option_values)
                 from product_configurable_links cl where cl.child_id = p.id order by cl.position, cl.parent_id limit 1) as "configurableParent"
            from products p ${productJoins} where p.sku = ${sku} limit 1`,
      );
      return row;
    },

    /** A configurable product's children (any status) with their value per attribute id. */
    async configurableChildren(parentId: number): Promise<Array<{ childId: number; optionValues: Record<string, number> }>> {
      return queryRows(
        db,
        sql`select child_id as "childId", option_values as "optionValues" from product_configurable_links
            where parent_id = ${parentId} order by position, child_id`,
      );
    },

    /** The items of a grouped product (any status). */
    async associatedIds(groupedId: number): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select linked_product_id as id from product_links
            where product_id = ${groupedId} and link_type = 'associated' order by position, linked_product_id`,
      );
      return rows.map((r) => r.id);
    },

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
      line: {
        cartId: string;
        productId: number;
        parentProductId: number | null;
        sku: string;
        lineKey: string;
        options: CartLineOptionsColumn;
      },
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
