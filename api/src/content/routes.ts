import { authorsSchema, blogPostsSchema, cmsPagesSchema, idParamsSchema, relatedProductsSchema } from '@shop/shared/schemas';
import type { DomainPlugin } from '../app';
import { AnswerCache, answerCacheTtl, CATALOG_HTTP_CACHE, useHttpCache } from '../catalog/http-cache';
import { createCatalogService } from '../catalog/service';
import { createCatalogStore } from '../catalog/store';
import { createContentService } from './service';
import { createContentStore } from './store';

/** CMS pages, advice posts, authors and the products an article recommends (under /api/content). */
export const contentRoutes: DomainPlugin = async (app, { db, config }) => {
  const catalog = createCatalogService(createCatalogStore(db));
  const service = createContentService(createContentStore(db), catalog.listItems);
  useHttpCache(app, { ...CATALOG_HTTP_CACHE, answers: new AnswerCache({ ttlMs: answerCacheTtl(config.nodeEnv) }) });

  app.get('/content/cms-pages', { schema: { response: { 200: cmsPagesSchema } } }, async () => service.cmsPages());
  app.get('/content/blog-posts', { schema: { response: { 200: blogPostsSchema } } }, async () => service.blogPosts());
  app.get('/content/authors', { schema: { response: { 200: authorsSchema } } }, async () => service.authors());
  app.get(
    '/content/blog-post/related-products/:id',
    { schema: { params: idParamsSchema, response: { 200: relatedProductsSchema } } },
    async (request) => service.relatedProducts(request.params.id),
  );
};
