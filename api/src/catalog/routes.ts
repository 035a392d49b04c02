import {
  bestsellingProductsSchema,
  categoriesSchema,
  categoryProductsQuerySchema,
  categoryProductsSchema,
  featuredProductsSchema,
  idParamsSchema,
  productInfoSchema,
  productsAllQuerySchema,
  productsAllSchema,
  productSearchQuerySchema,
  productSearchSchema,
  productsBySkuQuerySchema,
  productsBySkuSchema,
  resolvedPathSchema,
  resolvePathQuerySchema,
  urlRewritesQuerySchema,
  urlRewritesSchema,
} from '@shop/shared/schemas';
import type { FastifyReply } from 'fastify';
import type { DomainPlugin } from '../domain';
import { AnswerCache, CATALOG_HTTP_CACHE, useHttpCache } from './http-cache';
import { notFound } from '../http-errors';

/**
 * The catalogue under /api: categories, products, featured products, search, best sellers and
 * URL rewrites. Every answer is read-only and carries ETag + Cache-Control (304 on If-None-Match),
 * and is kept for a few seconds in this instance's answer cache (CATALOG_CACHE_TTL_MS).
 */
export const catalogRoutes: DomainPlugin = async (app) => {
  const { catalog: service, productDocuments: documents, config, catalogChanges } = app.services;
  const answers = new AnswerCache({ ttlMs: config.catalogCacheTtlMs });
  // A change anywhere in the catalogue (a price, stock, a disabled product) may be in any answer:
  // a product's page, a listing, search, best sellers. Every process drops them all at once.
  catalogChanges.subscribe(() => answers.clear());
  useHttpCache(app, { ...CATALOG_HTTP_CACHE, answers });
  /** Sends JSON text as it is (read-model documents are serialised once, when built). */
  const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

  app.get('/categories', { schema: { response: { 200: categoriesSchema } } }, async () => service.categories());

  app.get(
    '/categories/bestselling-products/:id',
    { schema: { params: idParamsSchema, response: { 200: bestsellingProductsSchema } } },
    async (request) => service.bestsellers(request.params.id),
  );

  /** Addition: one page of a category's products, sorted (page 1, 24 per page, 'position' by default). */
  app.get(
    '/categories/:id/products',
    { schema: { params: idParamsSchema, querystring: categoryProductsQuerySchema, response: { 200: categoryProductsSchema } } },
    async (request, reply) => {
      const answer = await documents.categoryPage(request.params.id, request.query);
      if (answer === null) throw notFound(`Category ${request.params.id} not found`);
      return sendJson(reply, answer);
    },
  );

  /** Visible products keyed by sku; `?page=&pageSize=` (at most 1000 a page) for large catalogues. */
  app.get(
    '/products/all',
    { schema: { querystring: productsAllQuerySchema, response: { 200: productsAllSchema } } },
    async (request) => service.productsAll(request.query),
  );

  app.get('/products/featured', { schema: { response: { 200: featuredProductsSchema } } }, async () => service.featured());

  app.get(
    '/products/info/:id',
    { schema: { params: idParamsSchema, response: { 200: productInfoSchema } } },
    async (request, reply) => {
      const info = await documents.info(request.params.id);
      if (info === null) throw notFound(`Product ${request.params.id} not found`);
      return sendJson(reply, info);
    },
  );

  /**
   * Addition: several products by sku in one call (a product page's related and upsell products),
   * in the order named, as `products/info` answers them; `?skus=a,b,c`, at most 24.
   */
  app.get(
    '/products/by-sku',
    { schema: { querystring: productsBySkuQuerySchema, response: { 200: productsBySkuSchema } } },
    async (request) => service.productsBySku(request.query.skus),
  );

  /** Addition: typo-tolerant product search: suggestions (`limit`), or paged with its count (`page`, `pageSize`). */
  app.get(
    '/products/search',
    { schema: { querystring: productSearchQuerySchema, response: { 200: productSearchSchema } } },
    async (request, reply) => sendJson(reply, await documents.search(request.query.q, request.query)),
  );

  app.get(
    '/url-rewrites',
    { schema: { querystring: urlRewritesQuerySchema, response: { 200: urlRewritesSchema } } },
    async (request, reply) => {
      const { items, total } = await service.rewrites(request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  /** Addition: what one URL path is (product, category, CMS page, 301), or 404. */
  app.get(
    '/url-rewrites/resolve',
    { schema: { querystring: resolvePathQuerySchema, response: { 200: resolvedPathSchema } } },
    async (request) => service.resolve(request.query.path),
  );
};
