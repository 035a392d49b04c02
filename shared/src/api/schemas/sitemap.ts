import { z } from 'zod';

/** GET /api/sitemap: the storefront's pages for /sitemap.xml, each by its path and when it last changed. */
export const sitemapAnswerSchema = z.object({
  entries: z.array(z.object({ path: z.string(), lastmod: z.string() })),
});
export type SitemapAnswer = z.infer<typeof sitemapAnswerSchema>;
