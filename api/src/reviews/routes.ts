import {
  productReviewsParamsSchema,
  productReviewsSchema,
  reviewsQuerySchema,
  storeReviewsSchema,
} from '@shop/shared/schemas';
import type { DomainPlugin } from '../app';
import { useHttpCache } from '../catalog/http-cache';

/**
 * Reviews under /api: of the shop (`GET /reviews`) and of a product (`GET /reviews/products/{sku}`),
 * approved only, newest first, 15 per page. Cached briefly (a new review shows within a minute).
 */
export const reviewsRoutes: DomainPlugin = async (app) => {
  const service = app.services.reviews;
  useHttpCache(app, { maxAge: 60, staleWhileRevalidate: 300 });

  app.get('/reviews', { schema: { querystring: reviewsQuerySchema, response: { 200: storeReviewsSchema } } }, async (request) =>
    service.storeReviews(request.query),
  );

  app.get(
    '/reviews/products/:sku',
    { schema: { params: productReviewsParamsSchema, querystring: reviewsQuerySchema, response: { 200: productReviewsSchema } } },
    async (request) => service.productReviews(request.params.sku, request.query),
  );
};
