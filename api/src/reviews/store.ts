import { and, count, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { productReviews, storeReviews } from './schema';

/** Approved reviews, newest first, a page at a time, with their count and mean rating. */
export function createReviewsStore(db: Db) {
  return {
    async storeReviews(offset: number, limit: number) {
      const [items, [summary]] = await Promise.all([
        db
          .select({
            id: storeReviews.id,
            nickname: storeReviews.nickname,
            location: storeReviews.location,
            title: storeReviews.title,
            detail: storeReviews.detail,
            rating: storeReviews.rating,
            createdAt: storeReviews.createdAt,
          })
          .from(storeReviews)
          .where(eq(storeReviews.approved, true))
          .orderBy(desc(storeReviews.createdAt), desc(storeReviews.id))
          .limit(limit)
          .offset(offset),
        queryRows<{ count: number; average: number }>(
          db,
          sql`select count(*)::int as count, coalesce(round(avg(rating)::numeric, 1), 0)::float8 as average
              from store_reviews where approved`,
        ),
      ]);
      return { items, count: summary?.count ?? 0, average: summary?.average ?? 0 };
    },

    /** A customer's own reviews, approved or not, newest first, with their count. */
    async byCustomer(customerId: number, offset: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(productReviews)
          .where(eq(productReviews.customerId, customerId))
          .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(productReviews).where(eq(productReviews.customerId, customerId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Adds a customer's review of a product unless they already reviewed it (then undefined). */
    async addOnce(review: typeof productReviews.$inferInsert & { customerId: number }) {
      return db.transaction(async (tx) => {
        // One review per customer and product; the lock makes two quick submissions one review.
        await tx.execute(sql`select pg_advisory_xact_lock(${review.customerId}, ${review.productId})`);
        const [existing] = await tx
          .select({ id: productReviews.id })
          .from(productReviews)
          .where(and(eq(productReviews.customerId, review.customerId), eq(productReviews.productId, review.productId)));
        if (existing) return undefined;
        const [row] = await tx.insert(productReviews).values(review).returning();
        return row;
      });
    },

    async productReviews(productId: number, offset: number, limit: number) {
      const approved = and(eq(productReviews.productId, productId), eq(productReviews.approved, true));
      const [items, perStar] = await Promise.all([
        db
          .select({
            id: productReviews.id,
            nickname: productReviews.nickname,
            title: productReviews.title,
            detail: productReviews.detail,
            rating: productReviews.rating,
            createdAt: productReviews.createdAt,
          })
          .from(productReviews)
          .where(approved)
          .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ rating: productReviews.rating, n: count() })
          .from(productReviews)
          .where(approved)
          .groupBy(productReviews.rating),
      ]);
      return { items, perStar: perStar.map((r) => ({ rating: Number(r.rating), n: Number(r.n) })) };
    },
  };
}

export type ReviewsStore = ReturnType<typeof createReviewsStore>;
