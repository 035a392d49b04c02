import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orderLines, orders } from './schema';

/**
 * What happened to an order after it was placed, written by the back office: parcels sent
 * (carrier, tracking number, lines and quantities) and staff comments. The customer's order page
 * shows the shipments and the comments meant for them.
 */

/** A parcel sent for an order: carrier and tracking number, with the lines and quantities in it. */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** Who did it (back office staff id; no foreign key: orders do not depend on the back office). */
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
  },
  (t) => [index('shipment_lines_line_idx').on(t.orderLineId), check('shipment_lines_qty_check', sql`${t.qty} > 0`)],
);

/** Staff comments on an order: internal, or mailed to the customer (and shown in their order). */
export const orderComments = pgTable(
  'order_comments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    visibleToCustomer: boolean('visible_to_customer').notNull().default(false),
    /** Who did it (back office staff id; no foreign key: orders do not depend on the back office). */
    staffId: integer('staff_id'),
    staffEmail: text('staff_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_comments_order_idx').on(t.orderId)],
);
