import {
  productReviewsParamsSchema,
  productReviewsSchema,
  reviewsQuerySchema,
  storeReviewsSchema,
} from '@shop/shared/schemas';
import type { DomainPlugin } from '../domain';
import { CATALOG_HTTP_CACHE, useHttpCache } from '../catalog/http-cache';

/**
 * Reviews under /api: of the shop (`GET /reviews`) and of a product (`GET /reviews/products/{sku}`),
 * approved only, newest first, 15 per page. Cached as the catalogue's answers are (a CDN 1 s, a
 * browser revalidates): a review approved in the back office shows within 2 s.
 */
export const reviewsRoutes: DomainPlugin = async (app) => {
  const service = app.services.reviews;
  useHttpCache(app, CATALOG_HTTP_CACHE);

  app.get('/reviews', { schema: { querystring: reviewsQuerySchema, response: { 200: storeReviewsSchema } } }, async (request) =>
    service.storeReviews(request.query),
  );

  app.get(
    '/reviews/products/:sku',
    { schema: { params: productReviewsParamsSchema, querystring: reviewsQuerySchema, response: { 200: productReviewsSchema } } },
    async (request) => service.productReviews(request.params.sku, request.query),
  );
};
