import { z } from './z';
import { REVIEWS_PAGE_SIZE } from './limits';
import { noNulText, positiveIntParam } from './catalog';

/**
 * Reviews answers of the /api service: reviews of the shop (the carousel, `GET /api/reviews`) and
 * of a product (`GET /api/reviews/products/{sku}`). Only approved reviews are answered, newest first.
 */

export const reviewSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  title: z.string(),
  detail: z.string(),
  /** 1 to 5. */
  rating: z.number().int().min(1).max(5),
  /** ISO 8601. */
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const storeReviewSchema = reviewSchema.extend({ location: z.string().nullable() });
export type StoreReview = z.infer<typeof storeReviewSchema>;


export const reviewsQuerySchema = z.object({
  page: positiveIntParam.optional(),
  pageSize: positiveIntParam.refine((n) => n <= 50, 'must be at most 50').optional(),
});

const summary = {
  /** Mean rating over all approved reviews, 1 decimal; 0 when there are none. */
  average: z.number(),
  /** How many approved reviews there are (all pages). */
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};

/** Answer of GET /api/reviews?page=&pageSize= (default page size 15). */
export const storeReviewsSchema = z.object({ items: z.array(storeReviewSchema), ...summary });
export type StoreReviews = z.infer<typeof storeReviewsSchema>;

/** Answer of GET /api/reviews/products/{sku}?page= : 15 per page. Unknown sku: 404. */
export const productReviewsSchema = z.object({
  sku: z.string(),
  items: z.array(reviewSchema),
  ...summary,
  /** Approved reviews per star: { '1': n, ..., '5': n }. */
  distribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

export const productReviewsParamsSchema = z.object({
  sku: noNulText().pipe(z.string().min(1).max(64, 'must be at most 64 characters')),
});
