import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CustomerReview } from '@shop/shared/schemas';
import { products } from '../catalog/schema';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../http-errors';
import { orderLines, orders } from '../orders/schema';
import { productReviews } from '../reviews/schema';
import type { AuthenticatedCustomer } from './auth';

/**
 * My Product Reviews: a signed-in customer reviews any enabled product sold on the storefront
 * (website 2, visible on its own), once per product. Reviews start unapproved (the shop moderates
 * them); a review of a product from one of the customer's paid orders is marked verified_purchase.
 */
export function createCustomerReviews(db: Db) {
  const reviewable = and(eq(products.status, 1), sql`2 = any(${products.websiteIds})`, sql`${products.visibility} <> 1`);

  /** What the customer bought in paid orders (few rows per customer), matched in code. */
  async function purchased(customerId: number): Promise<{ ids: Set<number>; skus: string[] }> {
    const rows = await db
      .selectDistinct({ productId: orderLines.productId, sku: orderLines.sku })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.customerId, customerId), inArray(orders.status, ['processing', 'complete'])));
    return { ids: new Set(rows.map((r) => r.productId).filter((x): x is number => x !== null)), skus: rows.map((r) => r.sku) };
  }

  const select = {
    review: productReviews,
    sku: products.sku,
    name: products.name,
    urlKey: products.urlKey,
  };

  function answer(row: { review: typeof productReviews.$inferSelect; sku: string; name: string; urlKey: string }, bought: { ids: Set<number>; skus: string[] }): CustomerReview {
    const r = row.review;
    return {
      id: r.id,
      product_id: r.productId,
      product_sku: row.sku,
      product_name: row.name,
      product_url_key: row.urlKey,
      nickname: r.nickname,
      title: r.title,
      detail: r.detail,
      rating: r.rating,
      status: r.approved ? 'approved' : 'pending',
      verified_purchase: bought.ids.has(r.productId) || bought.skus.some((s) => s === row.sku || s.startsWith(`${row.sku}-`)),
      created_at: r.createdAt.toISOString(),
    };
  }

  return {
    async list(customer: AuthenticatedCustomer, page: number, pageSize: number) {
      const [total] = await db.select({ n: count() }).from(productReviews).where(eq(productReviews.customerId, customer.id));
      const rows = await db
        .select(select)
        .from(productReviews)
        .innerJoin(products, eq(products.id, productReviews.productId))
        .where(eq(productReviews.customerId, customer.id))
        .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const bought = await purchased(customer.id);
      return { items: rows.map((r) => answer(r, bought)), totalCount: total?.n ?? 0 };
    },

    async add(customer: AuthenticatedCustomer, input: { sku: string; nickname?: string; title: string; detail: string; rating: number }) {
      const [product] = await db.select({ id: products.id, sku: products.sku }).from(products).where(and(eq(products.sku, input.sku), reviewable));
      if (!product) throw notFound('This product cannot be reviewed.');
      const inserted = await db.transaction(async (tx) => {
        // One review per customer and product; the lock makes two quick submissions one review.
        await tx.execute(sql`select pg_advisory_xact_lock(${customer.id}, ${product.id})`);
        const [existing] = await tx
          .select({ id: productReviews.id })
          .from(productReviews)
          .where(and(eq(productReviews.customerId, customer.id), eq(productReviews.productId, product.id)));
        if (existing) return undefined;
        const [row] = await tx
          .insert(productReviews)
          .values({
            productId: product.id,
            customerId: customer.id,
            nickname: input.nickname ?? customer.firstname,
            title: input.title,
            detail: input.detail,
            rating: input.rating,
            approved: false,
          })
          .returning({ id: productReviews.id });
        return row;
      });
      if (!inserted) throw new HttpError(409, 'You have already reviewed this product.', 'sku');
      const [row] = await db
        .select(select)
        .from(productReviews)
        .innerJoin(products, eq(products.id, productReviews.productId))
        .where(eq(productReviews.id, inserted.id));
      return answer(row!, await purchased(customer.id));
    },
  };
}

export type CustomerReviews = ReturnType<typeof createCustomerReviews>;
