import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { carts } from '../cart/schema';
import { orders } from '../orders/schema';

/**
 * Payments. One row per attempt to pay for a basket (a declined card and a second card are two
 * attempts). At most one live attempt per basket (unique partial index): that row is the claim
 * that makes concurrent or repeated confirm-order calls answer with one order and one charge.
 *
 * status:
 * - 'creating': the provider is being asked (a crash here is recovered by asking again with the
 *   same idempotency key, so the provider never charges twice);
 * - 'requires_action': the card needs an extra step (3-D Secure);
 * - 'processing' | 'succeeded': the provider took it ('succeeded' is not yet 'paid': the order is
 *   paid when the provider's event says so, `paid_at`);
 * - 'failed' (declined, authentication failed) | 'canceled': the basket was given back.
 */
export const PAYMENT_STATUSES = ['creating', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** A provider's name (PAYMENT_PROVIDERS of @shop/shared). */
    provider: text('provider').notNull(),
    /** 1, 2, ... per basket. */
    attempt: integer('attempt').notNull(),
    /** Sent to the provider with the create call: basket, amount and attempt. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The provider's payment (Stripe PaymentIntent id), once known. */
    intentId: text('intent_id'),
    paymentMethodId: text('payment_method_id').notNull(),
    paymentMethodType: text('payment_method_type').notNull().default('card'),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('creating'),
    clientSecret: text('client_secret'),
    redirectUrl: text('redirect_url'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** Card brand and last 4 digits, for the order. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Set by the provider's 'succeeded' event (the source of truth for paid). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('payments_intent_key').on(t.provider, t.intentId),
    uniqueIndex('payments_cart_live_key')
      .on(t.cartId)
      .where(sql`${t.status} in ('creating', 'requires_action', 'processing', 'succeeded')`),
    // A basket's attempts (checkout's claim reads them all; a basket's delete cascades to them).
    index('payments_cart_idx').on(t.cartId),
    index('payments_order_idx').on(t.orderId),
    index('payments_status_idx').on(t.status, t.updatedAt),
    check(
      'payments_status_check',
      sql`${t.status} in ('creating', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled')`,
    ),
    check('payments_amount_check', sql`${t.amountPence} > 0`),
  ],
);

/**
 * Every provider event (Stripe webhook, the test provider's own), recorded once: a replayed event
 * finds its row and is not processed again. `outcome`: processed | ignored | rejected.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    intentId: text('intent_id'),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_event_key').on(t.provider, t.eventId), index('payment_events_intent_idx').on(t.intentId)],
);

/**
 * Refunds of paid payments (payment/refunds.ts), one row per refund asked for, recorded before the
 * provider is asked so that a process dying in between is finished by reconciliation with the same
 * idempotency key:
 * - 'requested': recorded, the provider not yet (or not surely) asked;
 * - 'pending': the provider took it and has not finished it;
 * - 'succeeded' | 'failed' | 'canceled': the provider's outcome.
 */
export const REFUND_STATUSES = ['requested', 'pending', 'succeeded', 'failed', 'canceled'] as const;
export type RefundRowStatus = (typeof REFUND_STATUSES)[number];

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /** The caller's key (e.g. the back office's action id): the same key refunds once. */
    idempotencyKey: text('idempotency_key').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    reason: text('reason'),
    /** The provider's refund (Stripe re_...), once known. */
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_idempotency_key').on(t.idempotencyKey),
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_status_idx').on(t.status, t.updatedAt),
    check('payment_refunds_amount_check', sql`${t.amountPence} > 0`),
    check('payment_refunds_status_check', sql`${t.status} in ('requested', 'pending', 'succeeded', 'failed', 'canceled')`),
  ],
);
