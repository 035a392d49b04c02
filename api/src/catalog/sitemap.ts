import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { shown } from './shown';

export interface SitemapEntry {
  /** The page's path on the storefront, from the root ('/about', '/cavity-drain-membrane'). */
  path: string;
  /** When it last changed (ISO 8601). */
  lastmod: string;
}

/**
 * The catalogue's pages for the sitemap: every product shown on the storefront on its own
 * (enabled, on the storefront's website, not only inside a configurable product) and every active
 * category, at the addresses the storefront serves them on (their URL rewrites' paths).
 */
export function createCatalogSitemap(db: Db) {
  return async (): Promise<SitemapEntry[]> => {
    const rows = await queryRows<{ path: string; lastmod: Date | string }>(
      db,
      sql`select '/' || p.url_key as path, p.updated_at as lastmod from products p
            where ${shown('p')} and p.visibility <> 1
          union all
          select '/' || c.url_path, c.updated_at from categories c where c.is_active
          order by 1`,
    );
    return rows.map((r) => ({ path: r.path, lastmod: new Date(r.lastmod).toISOString() }));
  };
}
