import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from '../catalog/schema';

/**
 * Reviews: of the shop as a whole (the carousel) and of products. Only approved reviews are shown.
 * `product_reviews.customer_id` is the customer who wrote it (null for imported or guest reviews);
 * the accounts domain lists and submits a customer's own reviews (submitted ones start unapproved).
 */

export const storeReviews = pgTable(
  'store_reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    nickname: text('nickname').notNull(),
    location: text('location'),
    title: text('title').notNull(),
    detail: text('detail').notNull(),
    rating: smallint('rating').notNull(),
    approved: boolean('approved').notNull().default(false),
    /** Moderation: approved (shown), rejected (with the staff's optional reason), or neither (pending). */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    moderationReason: text('moderation_reason'),
    moderatedBy: text('moderated_by'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_reviews_approved_idx').on(t.approved, t.createdAt),
    index('store_reviews_pending_idx').on(t.createdAt).where(sql`not ${t.approved} and ${t.rejectedAt} is null`),
    check('store_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('store_reviews_moderation_check', sql`not (${t.approved} and ${t.rejectedAt} is not null)`),
  ],
);

export const productReviews = pgTable(
  'product_reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id'),
    nickname: text('nickname').notNull(),
    title: text('title').notNull(),
    detail: text('detail').notNull(),
    rating: smallint('rating').notNull(),
    approved: boolean('approved').notNull().default(false),
    /** Moderation: approved (shown), rejected (with the staff's optional reason), or neither (pending). */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    moderationReason: text('moderation_reason'),
    moderatedBy: text('moderated_by'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_reviews_product_idx').on(t.productId, t.approved, t.createdAt),
    index('product_reviews_customer_idx').on(t.customerId),
    index('product_reviews_pending_idx').on(t.createdAt).where(sql`not ${t.approved} and ${t.rejectedAt} is null`),
    check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('product_reviews_moderation_check', sql`not (${t.approved} and ${t.rejectedAt} is not null)`),
  ],
);
