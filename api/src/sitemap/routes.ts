import { sitemapAnswerSchema } from '@shop/shared/schemas';
import { CATALOG_HTTP_CACHE, useHttpCache } from '../catalog/http-cache';
import type { DomainPlugin } from '../domain';

/**
 * GET /api/sitemap: every page of the storefront a search engine should know (shown products,
 * active categories, CMS pages, advice posts), for the page server's /sitemap.xml. Read from the
 * tables on each call, so a product disabled is gone from the next answer; a CDN may keep it 1 s.
 */
export const sitemapRoutes: DomainPlugin = async (app) => {
  const { sitemap } = app.services;
  useHttpCache(app, CATALOG_HTTP_CACHE);
  app.get('/sitemap', { schema: { response: { 200: sitemapAnswerSchema } } }, async () => ({ entries: await sitemap() }));
};
