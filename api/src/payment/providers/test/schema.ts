import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The offline test provider's own state, what Stripe keeps at Stripe: payment methods, intents
 * and refunds, in the shop's database so it works across restarts and several API instances.
 */

/** The offline test provider's payment methods (what Stripe keeps for pm_... ids). */
export const testPaymentMethods = pgTable('test_payment_methods', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** What the card does: 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate' | ... */
  scenario: text('scenario').notNull(),
  wallet: text('wallet'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The offline test provider's payment intents (what Stripe keeps for pi_... ids). */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    lastError: jsonb('last_error').$type<{ code: string; decline_code?: string; message: string } | null>(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_payment_intents_idempotency_key').on(t.idempotencyKey)],
);

/** The offline test provider's refunds (what Stripe keeps for re_... ids). */
export const testPaymentRefunds = pgTable(
  'test_payment_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => testPaymentIntents.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_payment_refunds_idempotency_key').on(t.idempotencyKey),
    index('test_payment_refunds_intent_idx').on(t.intentId),
    check('test_payment_refunds_amount_check', sql`${t.amount} > 0`),
  ],
);
