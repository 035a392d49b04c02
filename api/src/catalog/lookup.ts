import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { intArray, shown } from './shown';

export interface ProductCard {
  id: number;
  sku: string;
  name: string;
  urlKey: string;
}

/**
 * The catalogue's answers to other domains that only need to name a product (reviews, a
 * customer's reviews, advice posts, CMS pages): which product a sku is, the sku, name and URL key
 * of a few ids, and the paths of CMS pages.
 */
export function createProductLookup(db: Db) {
  return {
    /** The product of a sku, if it is shown on the storefront (enabled, website 2). */
    async shownProductId(sku: string): Promise<number | undefined> {
      const [row] = await queryRows<{ id: number }>(db, sql`select id from products where sku = ${sku} and ${shown('products')}`);
      return row?.id;
    },

    /** The product of a sku, if a customer may review it: shown, and visible on its own (not only inside a configurable product). */
    async reviewableProduct(sku: string): Promise<{ id: number; sku: string } | undefined> {
      const [row] = await queryRows<{ id: number; sku: string }>(
        db,
        sql`select id, sku from products where sku = ${sku} and ${shown('products')} and visibility <> 1`,
      );
      return row;
    },

    /** Skus of the given products that are shown on the storefront (others are left out). */
    async shownSkus(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await queryRows<{ id: number; sku: string }>(
        db,
        sql`select id, sku from products where id = any(${intArray(ids)}) and ${shown('products')}`,
      );
      return new Map(rows.map((r) => [r.id, r.sku]));
    },

    /** Request paths of CMS pages by page id (the catalogue keeps every URL rewrite). */
    async cmsPagePaths(): Promise<Map<number, string>> {
      const rows = await queryRows<{ id: number; path: string }>(
        db,
        sql`select entity_id as id, min(request_path) as path from url_rewrites
            where entity_type = 'cms-page' and redirect_type = 0 group by entity_id`,
      );
      return new Map(rows.map((r) => [r.id, r.path]));
    },

    /** Sku, name and URL key of the given products, whatever their status (a review outlives a product's withdrawal). */
    async cards(ids: readonly number[]): Promise<Map<number, ProductCard>> {
      if (ids.length === 0) return new Map();
      const rows = await queryRows<{ id: number; sku: string; name: string; url_key: string }>(
        db,
        sql`select id, sku, name, url_key from products where id = any(${intArray(ids)})`,
      );
      return new Map(rows.map((r) => [r.id, { id: r.id, sku: r.sku, name: r.name, urlKey: r.url_key }]));
    },
  };
}

export type ProductLookup = ReturnType<typeof createProductLookup>;
