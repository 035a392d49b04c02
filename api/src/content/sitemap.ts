import { sql } from 'drizzle-orm';
import type { SitemapEntry } from '../catalog/sitemap';
import { queryRows, type Db } from '../db/client';

/**
 * The content's pages for the sitemap: active CMS pages at their addresses (the home page at '/'),
 * the advice list, and every active advice post already published, at /advice/<url key>.
 */
export function createContentSitemap(db: Db, cmsPagePaths: () => Promise<Map<number, string>>) {
  return async (): Promise<SitemapEntry[]> => {
    const paths = await cmsPagePaths();
    const pages = await queryRows<{ id: number; identifier: string; lastmod: Date | string }>(
      db,
      sql`select id, identifier, updated_at as lastmod from cms_pages where is_active order by id`,
    );
    const posts = await queryRows<{ url_key: string; lastmod: Date | string }>(
      db,
      sql`select url_key, publish_date as lastmod from blog_posts where is_active and publish_date <= now() order by publish_date desc, id desc`,
    );
    const iso = (d: Date | string) => new Date(d).toISOString();
    const entries: SitemapEntry[] = [];
    for (const page of pages) {
      const path = page.identifier === 'home' ? '/' : paths.get(page.id);
      if (path !== undefined) entries.push({ path: path.startsWith('/') ? path : `/${path}`, lastmod: iso(page.lastmod) });
    }
    const newest = posts[0]?.lastmod;
    if (newest) entries.push({ path: '/advice', lastmod: iso(newest) });
    for (const post of posts) entries.push({ path: `/advice/${post.url_key}`, lastmod: iso(post.lastmod) });
    return entries;
  };
}
