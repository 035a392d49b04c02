import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CheckoutAddress } from '@shop/shared/schemas';
import { products } from '../catalog/schema';
import { customers } from '../customer/schema';
import { orders } from '../orders/schema';

/**
 * Baskets. A guest basket is known only by its id (32 random bytes, base64url: the id is the
 * guest's key to it); a customer basket belongs to `customer_id` and a customer has at most one
 * open basket. Prices are never stored here: every answer prices the lines afresh with the
 * catalogue's price rules for the customer's group.
 *
 * status: 'active' (being filled); 'checkout' (an order is being paid for: a pending order holds
 * the stock, see payments); 'ordered' (closed by its order); 'merged' (a guest basket moved into a
 * customer's at login).
 */
export const CART_STATUSES = ['active', 'checkout', 'ordered', 'merged'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/** An address saved on a basket at checkout: the checkout address schema's output (jsonb). */
export type CartAddressColumn = CheckoutAddress;

export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CART_STATUSES }).notNull().default('active'),
    email: text('email'),
    shippingAddress: jsonb('shipping_address').$type<CartAddressColumn>(),
    billingAddress: jsonb('billing_address').$type<CartAddressColumn>(),
    shippingCarrierCode: text('shipping_carrier_code'),
    shippingMethodCode: text('shipping_method_code'),
    paymentMethod: text('payment_method'),
    customerNote: text('customer_note'),
    /** The order made from this basket (set when checkout starts; cleared if the payment fails). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Where a merged guest basket went. */
    mergedIntoId: text('merged_into_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // One open basket per customer.
    uniqueIndex('carts_customer_open_key')
      .on(t.customerId)
      .where(sql`${t.customerId} is not null and ${t.status} in ('active', 'checkout')`),
    index('carts_updated_idx').on(t.status, t.updatedAt),
    check('carts_status_check', sql`${t.status} in ('active', 'checkout', 'ordered', 'merged')`),
  ],
);

/** A chosen configurable attribute or custom option of a line (option ids as the catalogue has them). */
export interface CartLineOptionsColumn {
  /** [{ option_id: attribute_id, option_value: value_index }] of the configurable parent. */
  configurable: { option_id: number; option_value: number }[];
  /** [{ option_id, option_value }]: option_type_id(s), or the text of a 'field' option. */
  custom: { option_id: number; option_value: number | number[] | string }[];
}

/**
 * A basket line: the product actually bought (a configurable's child, a grouped product's item, or
 * a simple product), the product it was chosen from, and the chosen options. `line_key` makes one
 * line per product and option choice, so adding the same thing again adds to the quantity.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    parentProductId: integer('parent_product_id').references(() => products.id, { onDelete: 'cascade' }),
    /** The line's sku: the product's, plus '-<value sku>' for each custom option value with a sku. */
    sku: text('sku').notNull(),
    lineKey: text('line_key').notNull(),
    qty: integer('qty').notNull(),
    options: jsonb('options').$type<CartLineOptionsColumn>().notNull().default({ configurable: [], custom: [] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line_key').on(t.cartId, t.lineKey),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_qty_check', sql`${t.qty} between 1 and 999`),
  ],
);

/**
 * How a product travels, for delivery pricing (src/shipping/rules.ts). Weight is the
 * catalogue's `products.weight_grams`; this says what weight alone cannot: bulky goods that only
 * go on a pallet (long rolls, drums, boards). No row: by weight.
 */
export const productShipping = pgTable('product_shipping', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  palletOnly: boolean('pallet_only').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
