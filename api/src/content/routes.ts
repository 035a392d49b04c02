import {
  authorsSchema,
  blogPostsSchema,
  cmsPagesSchema,
  contactFormSchema,
  contactMessageAnswerSchema,
  idParamsSchema,
  relatedProductsSchema,
} from '@shop/shared/schemas';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DomainPlugin } from '../domain';
import { clientIp, TooManyRequests, type LimitRule } from '../auth/rate-limit';
import { AnswerCache, CATALOG_HTTP_CACHE, useHttpCache } from '../catalog/http-cache';

/** Contact form messages per client: enough for a shopper with follow-ups, not for a flood of mail. */
export const CONTACT_PER_IP: LimitRule = { name: 'contact-ip', max: 5, windowMs: 60 * 60_000 };

/** CMS pages, advice posts, authors and the products an article recommends (under /api/content). */
export const contentRoutes: DomainPlugin = async (app) => {
  const { content: service, config, catalogChanges } = app.services;

  // The contact form writes: its own scope, away from the cached GET answers below.
  await app.register(async (scope) => {
    const contact = scope.withTypeProvider<ZodTypeProvider>();
    const limiter = app.services.limiter;
    contact.setErrorHandler((error, _request, reply) => {
      if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    });
    contact.post(
      '/contact/messages',
      { schema: { body: contactFormSchema, response: { 200: contactMessageAnswerSchema } } },
      async (request, reply) => {
        await limiter.hit(CONTACT_PER_IP, request, clientIp(request));
        const id = await service.sendContactMessage(request.body, clientIp(request) ?? null);
        reply.header('cache-control', 'no-store');
        return { status: 'success' as const, id };
      },
    );
  });

  const answers = new AnswerCache({ ttlMs: config.catalogCacheTtlMs });
  // Articles' related products carry prices and stock: dropped with every catalogue change.
  catalogChanges.subscribe(() => answers.clear());
  useHttpCache(app, { ...CATALOG_HTTP_CACHE, answers });

  app.get('/content/cms-pages', { schema: { response: { 200: cmsPagesSchema } } }, async () => service.cmsPages());
  app.get('/content/blog-posts', { schema: { response: { 200: blogPostsSchema } } }, async () => service.blogPosts());
  app.get('/content/authors', { schema: { response: { 200: authorsSchema } } }, async () => service.authors());
  app.get(
    '/content/blog-post/related-products/:id',
    { schema: { params: idParamsSchema, response: { 200: relatedProductsSchema } } },
    async (request) => service.relatedProducts(request.params.id),
  );
};
