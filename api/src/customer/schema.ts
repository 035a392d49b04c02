import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { addressColumns } from '../address/columns';

/**
 * Customer accounts. `email` is stored trimmed and lower-cased (one account per address).
 * `group_id` follows shared/src/pricing/rules.ts (1 General, 2 Trade, 3 Wholesale); no call lets a
 * client set it. Default addresses are ids here, so "default" moves between addresses by itself.
 */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  company: text('company'),
  /** `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>` (see auth/passwords.ts). */
  passwordHash: text('password_hash').notNull(),
  groupId: integer('group_id').notNull().default(1),
  defaultBillingAddressId: integer('default_billing_address_id').references((): AnyPgColumn => customerAddresses.id, {
    onDelete: 'set null',
  }),
  defaultShippingAddressId: integer('default_shipping_address_id').references((): AnyPgColumn => customerAddresses.id, {
    onDelete: 'set null',
  }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by the back office: the account cannot sign in (its tokens were revoked then). */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The address book: the address's columns (address/columns.ts) and the customer's label for it. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references((): AnyPgColumn => customers.id, { onDelete: 'cascade' }),
    ...addressColumns(),
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customerId)],
);

/**
 * Login tokens: only the SHA-256 of the token is stored. A token is valid while not revoked and
 * `expires_at` is ahead (sliding: extended on use, never past `max_expires_at`).
 */
export const customerTokens = pgTable(
  'customer_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxExpiresAt: timestamp('max_expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('customer_tokens_customer_idx').on(t.customerId)],
);

/** Password reset tokens: hashed, single use, one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_customer_idx').on(t.customerId)],
);

/**
 * Captcha challenges issued by the server. The code is kept only as an HMAC; a challenge is
 * answered once (a wrong answer burns it), and a solved challenge is consumed once.
 */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: uuid('id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    solved: boolean('solved').notNull().default(false),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('captcha_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Newsletter: one row per address. A guest's subscription stays `pending` until confirmed from
 * the mail; a signed-in customer's is immediate. `customer_id` links the row to an account.
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  customerId: integer('customer_id')
    .unique()
    .references(() => customers.id, { onDelete: 'set null' }),
  firstname: text('firstname'),
  lastname: text('lastname'),
  status: text('status', { enum: ['pending', 'subscribed', 'unsubscribed'] }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Follow-up email notifications (abandoned basket, order status...), by email address so guests
 * can opt out from a signed link too. No row means subscribed (the default).
 */
export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    email: text('email').notNull(),
    eventCode: text('event_code').notNull(),
    isSubscribed: boolean('is_subscribed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.eventCode] })],
);

/** PayPal billing agreements of a customer (created by the payment integration). */
export const billingAgreements = pgTable(
  'billing_agreements',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    method: text('method').notNull().default('paypal_express'),
    referenceId: text('reference_id').notNull(),
    status: text('status', { enum: ['active', 'canceled', 'pending'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_agreements_customer_idx').on(t.customerId), uniqueIndex('billing_agreements_ref_idx').on(t.method, t.referenceId)],
);

/** Stripe subscriptions of a customer (kept in step by the payment integration's webhooks). */
export const customerSubscriptions = pgTable(
  'customer_subscriptions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    stripeSubscriptionId: text('stripe_subscription_id').notNull().unique(),
    productName: text('product_name').notNull(),
    status: text('status').notNull(),
    amountPence: integer('amount_pence').notNull(),
    interval: text('interval', { enum: ['day', 'week', 'month', 'year'] }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_subscriptions_customer_idx').on(t.customerId)],
);
