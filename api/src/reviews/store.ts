import { and, count, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { shown } from '../catalog/shown';
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

    /** The product of a sku, if it is shown on the storefront (enabled, website 2). */
    async shownProductId(sku: string): Promise<number | undefined> {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from products where sku = ${sku} and ${shown('products')}`,
      );
      return row?.id;
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
