import { REVIEWS_PAGE_SIZE, type ProductReviews, type StoreReviews } from '@shop/shared/schemas';
import { notFound } from '../http-errors';
import type { ProductLookup } from '../catalog/lookup';
import type { ReviewsStore } from './store';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Mean of ratings given as counts per star, to 1 decimal (0 when there are none). */
export function averageOf(perStar: ReadonlyArray<{ rating: number; n: number }>): number {
  const count = perStar.reduce((sum, r) => sum + r.n, 0);
  if (count === 0) return 0;
  const total = perStar.reduce((sum, r) => sum + r.rating * r.n, 0);
  return Math.round((total / count) * 10) / 10;
}

export function createReviewsService(store: ReviewsStore, products: Pick<ProductLookup, 'shownProductId'>) {
  return {
    async storeReviews({ page = 1, pageSize = REVIEWS_PAGE_SIZE }: { page?: number; pageSize?: number }): Promise<StoreReviews> {
      const { items, count, average } = await store.storeReviews((page - 1) * pageSize, pageSize);
      return {
        items: items.map(({ createdAt, ...r }) => ({ ...r, rating: Number(r.rating), created_at: iso(createdAt) })),
        average,
        count,
        page,
        pageSize,
      };
    },

    async productReviews(sku: string, { page = 1, pageSize = REVIEWS_PAGE_SIZE }: { page?: number; pageSize?: number }): Promise<ProductReviews> {
      const productId = await products.shownProductId(sku);
      if (productId === undefined) throw notFound(`Product ${sku} not found`);
      const { items, perStar } = await store.productReviews(productId, (page - 1) * pageSize, pageSize);
      const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
      for (const { rating, n } of perStar) distribution[rating as 1 | 2 | 3 | 4 | 5] = n;
      return {
        sku,
        items: items.map(({ createdAt, ...r }) => ({ ...r, rating: Number(r.rating), created_at: iso(createdAt) })),
        average: averageOf(perStar),
        count: perStar.reduce((sum, r) => sum + r.n, 0),
        page,
        pageSize,
        distribution,
      };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
