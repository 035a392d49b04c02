import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { addressColumns } from '../address/columns';
import { customers } from '../customer/schema';

/** Magento's: 'closed' is an order refunded in full (nothing left to ship, cancel or refund). */
export const ORDER_STATUSES = ['pending', 'processing', 'complete', 'closed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Human order numbers ('100000001', ...), shown to shoppers and staff. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100000001, increment: 1 });

/**
 * An order, created from a basket by checkout (orders store `insertOrder`). Money is integer pence:
 * `subtotal` and `shipping` ex VAT, `tax` the VAT on both, `grand_total` = subtotal + shipping + tax
 * - discount. `public_ref` is an unguessable reference for the guest success page; `entity_id`
 * (id) is only served to the owning customer.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number')
      .notNull()
      .unique()
      .default(sql`nextval('order_number_seq')::text`),
    publicRef: text('public_ref').notNull().unique(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerGroupId: integer('customer_group_id').notNull().default(0),
    email: text('email').notNull(),
    customerFirstname: text('customer_firstname').notNull(),
    customerLastname: text('customer_lastname').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    currency: text('currency').notNull().default('GBP'),
    subtotalPence: integer('subtotal_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    shippingPence: integer('shipping_pence').notNull(),
    taxPence: integer('tax_pence').notNull(),
    grandTotalPence: integer('grand_total_pence').notNull(),
    shippingCarrierCode: text('shipping_carrier_code').notNull(),
    shippingMethodCode: text('shipping_method_code').notNull(),
    shippingDescription: text('shipping_description').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** 'card', or the wallet the card came from ('apple_pay', 'google_pay', 'test_wallet'...). */
    paymentMethodType: text('payment_method_type').notNull().default('card'),
    paymentReference: text('payment_reference'),
    cartId: text('cart_id'),
    /** Set by checkout so a retried confirm finds the order it already made (unique). */
    idempotencyKey: text('idempotency_key').unique(),
    customerNote: text('customer_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_cart_idx').on(t.cartId),
    check('orders_status_check', sql`${t.status} in ('pending', 'processing', 'complete', 'closed', 'cancelled')`),
    check(
      'orders_totals_check',
      sql`${t.grandTotalPence} = ${t.subtotalPence} - ${t.discountPence} + ${t.shippingPence} + ${t.taxPence}`,
    ),
  ],
);

/** What was bought, as it was when ordered (prices in pence ex VAT, VAT per line). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id'),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    /** VAT rate in basis points (2000 = 20 %). */
    vatRateBp: integer('vat_rate_bp').notNull().default(2000),
    vatPence: integer('vat_pence').notNull(),
    rowTotalPence: integer('row_total_pence').notNull(),
    /** Chosen options: [{ label, value }] (configurable attributes, custom options). */
    options: jsonb('options').$type<{ label: string; value: string }[]>().notNull().default([]),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), check('order_lines_qty_check', sql`${t.qty} > 0`)],
);

/** Shipping and billing addresses as they were when ordered (address/columns.ts; the phone may be missing). */
export const orderAddresses = pgTable(
  'order_addresses',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['shipping', 'billing'] }).notNull(),
    ...addressColumns(),
    telephone: text('telephone'),
  },
  (t) => [uniqueIndex('order_addresses_order_type_idx').on(t.orderId, t.type)],
);

/** Every status an order went through, newest last. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    comment: text('comment'),
    customerNotified: boolean('customer_notified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/**
 * Downloadable products bought in an order: the file lives under `${DATA_DIR}/downloads/`
 * (never under /media) and is streamed only to the order's customer.
 */
export const downloadableLinks = pgTable(
  'downloadable_links',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Path relative to `${DATA_DIR}/downloads`. */
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    /** 0 = unlimited. */
    maxDownloads: integer('max_downloads').notNull().default(0),
    downloadsUsed: integer('downloads_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('downloadable_links_customer_idx').on(t.customerId)],
);
