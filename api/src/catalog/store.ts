import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { preparedRows } from './prepared';
import type { ProductListRow } from './list-row';
import type { ProductRow } from './product-row';
import { CATEGORY_COUNT, categoryPageStatement, LIST_ROWS, listColumns, listJoins, PRODUCT_ROWS, RESOLVE_PATH, type CategorySort } from './queries';
import { searchProducts, type SearchOptions } from './search';
import { intArray, shown } from './shown';
import { categories, urlRewrites } from './schema';

/**
 * The catalogue's database queries (statements in queries.ts). Only the catalogue's stores
 * (this one, and the read model in documents.ts) and the seed touch the catalogue tables.
 *
 * "Shown" means what a shopper may see: status 1 (enabled) and website 2 in website_ids. Listings
 * and search also need a visibility that includes the catalogue (2, 4) or search (3, 4).
 */


export type { ProductRow } from './product-row';
export type { ProductListRow } from './list-row';

export interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  urlKey: string;
  urlPath: string;
  position: number;
  includeInMenu: boolean;
  image: string | null;
  icon: string | null;
  description: string | null;
  customShortDescription: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

export type { CategorySort } from './queries';

export interface RewriteRow {
  entityType: 'product' | 'category' | 'cms-page';
  entityId: number;
  requestPath: string;
  targetPath: string;
  redirectType: number;
}

export interface ResolvedRewriteRow extends RewriteRow {
  productSku: string | null;
  productShown: boolean;
  categoryActive: boolean;
  /** The identifier of an active CMS page. */
  cmsIdentifier: string | null;
}

export interface CatalogStoreOptions {
  /**
   * How long (ms) a category's product count is reused: counting a category of 15,000 products
   * costs tens of ms, and every page and sort of it needs the same number. 0: always count.
   */
  countTtlMs?: number;
}

export function createCatalogStore(db: Db, { countTtlMs = 0 }: CatalogStoreOptions = {}) {
  const counts = new Map<number, { total: number; expires: number }>();
  async function categoryCount(categoryId: number): Promise<number> {
    const known = counts.get(categoryId);
    if (known && known.expires > Date.now()) return known.total;
    const [count] = await preparedRows<{ total: number }>(db, CATEGORY_COUNT, [{ type: 'int', value: categoryId }]);
    const total = count?.total ?? 0;
    if (countTtlMs > 0) {
      if (counts.size > 10_000) counts.clear();
      counts.set(categoryId, { total, expires: Date.now() + countTtlMs });
    }
    return total;
  }

  /** Listing rows of the given products (shown ones only), in no particular order. */
  async function listRowsByIds(ids: readonly number[]): Promise<ProductListRow[]> {
    if (ids.length === 0) return [];
    return preparedRows<ProductListRow>(db, LIST_ROWS, [{ type: 'int[]', value: ids }]);
  }

  return {
    /** Forgets the category counts this process keeps (a catalogue change: catalog/changes.ts). */
    forgetCounts(): void {
      counts.clear();
    },

    /**
     * The shown configurable product each child belongs to (a child is not a page of its own: its
     * address leads to the parent's): child id -> its parent.
     */
    async shownParentsOf(childIds: readonly number[]): Promise<Map<number, { id: number; urlKey: string }>> {
      const parents = new Map<number, { id: number; urlKey: string }>();
      if (childIds.length === 0) return parents;
      const rows = await queryRows<{ childId: number; id: number; urlKey: string }>(
        db,
        sql`select distinct on (cl.child_id) cl.child_id as "childId", p.id, p.url_key as "urlKey"
            from product_configurable_links cl join products p on p.id = cl.parent_id
            where cl.child_id = any(${intArray(childIds)}) and ${shown('p')} and p.visibility <> 1
            order by cl.child_id, p.id`,
      );
      for (const row of rows) parents.set(row.childId, { id: row.id, urlKey: row.urlKey });
      return parents;
    },

    /** Full rows of the given products (any status: callers decide), in no particular order. */
    async productsByIds(ids: readonly number[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      return preparedRows<ProductRow>(db, PRODUCT_ROWS, [{ type: 'int[]', value: ids }]);
    },

    /** Ids of the shown products among the given skus (exact match), keyed by sku. */
    async shownIdsBySkus(skus: readonly string[]): Promise<Map<string, number>> {
      if (skus.length === 0) return new Map();
      const rows = await queryRows<{ id: number; sku: string }>(
        db,
        sql`select p.id, p.sku from products p
            where p.sku in (${sql.join(skus.map((sku) => sql`${sku}`), sql`, `)}) and ${shown('p')}`,
      );
      return new Map(rows.map((r) => [r.sku, r.id]));
    },

    /** Ids of shown products with catalogue visibility, by id, one page; and how many there are. */
    async shownProductIds(offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
      const rows = await queryRows<{ id: number; total: number }>(
        db,
        sql`select p.id, count(*) over ()::int as total from products p
            where ${shown('p')} and p.visibility in (2, 4)
            order by p.id limit ${limit} offset ${offset}`,
      );
      if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
      const [count] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from products p where ${shown('p')} and p.visibility in (2, 4)`,
      );
      return { ids: [], total: count?.total ?? 0 };
    },

    listRowsByIds,

    /** For grouped products: their shown associated items' listing rows, keyed by the grouped product id. */
    async associatedListRows(groupedIds: readonly number[]): Promise<Map<number, ProductListRow[]>> {
      const result = new Map<number, ProductListRow[]>();
      if (groupedIds.length === 0) return result;
      const rows = await queryRows<ProductListRow & { groupId: number } & Record<string, unknown>>(
        db,
        sql`select l.product_id as "groupId", ${listColumns}
            from product_links l join products p on p.id = l.linked_product_id ${listJoins}
            where l.link_type = 'associated' and l.product_id = any(${intArray(groupedIds)}) and ${shown('p')}
            order by l.position`,
      );
      for (const row of rows) {
        const list = result.get(row.groupId) ?? [];
        list.push(row);
        result.set(row.groupId, list);
      }
      return result;
    },

    async activeCategories(): Promise<CategoryRow[]> {
      return db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          name: categories.name,
          urlKey: categories.urlKey,
          urlPath: categories.urlPath,
          position: categories.position,
          includeInMenu: categories.includeInMenu,
          image: categories.image,
          icon: categories.icon,
          description: categories.description,
          customShortDescription: categories.customShortDescription,
          metaTitle: categories.metaTitle,
          metaDescription: categories.metaDescription,
        })
        .from(categories)
        .where(eq(categories.isActive, true))
        .orderBy(asc(categories.position), asc(categories.id));
    },

    async activeCategory(id: number): Promise<{ id: number; name: string; urlPath: string } | undefined> {
      const [row] = await db
        .select({ id: categories.id, name: categories.name, urlPath: categories.urlPath })
        .from(categories)
        .where(and(eq(categories.id, id), eq(categories.isActive, true)));
      return row;
    },

    /** Skus of the shown, catalogue-visible products of every category, in category order. */
    async categorySkus(): Promise<Array<{ categoryId: number; sku: string }>> {
      return queryRows(
        db,
        sql`select pc.category_id as "categoryId", p.sku from product_categories pc
            join products p on p.id = pc.product_id
            where ${shown('p')} and p.visibility in (2, 4)
            order by pc.category_id, pc.position, p.id`,
      );
    },

    /** One page of a category's shown products, sorted; and how many there are. */
    async categoryPage(
      categoryId: number,
      sort: CategorySort,
      offset: number,
      limit: number,
    ): Promise<{ rows: ProductListRow[]; total: number }> {
      const total = await categoryCount(categoryId);
      if (total === 0 || offset >= total) return { rows: [], total };
      const rows = await preparedRows<ProductListRow>(db, categoryPageStatement(sort), [
        { type: 'int', value: categoryId },
        { type: 'int', value: limit },
        { type: 'int', value: offset },
      ]);
      return { rows, total };
    },

    /**
     * Best sellers of a category (and its subcategories): units sold in orders that were not
     * cancelled (a configurable child counts for its parent); products with no sales follow in
     * the seeded ranking. At most `limit`.
     */
    async bestsellerIds(categoryId: number, limit: number): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`with recursive tree as (
              select id from categories where id = ${categoryId} and is_active
              union all
              select c.id from categories c join tree on c.parent_id = tree.id where c.is_active
            ),
            candidates as (
              select distinct p.id, p.bestseller_score from product_categories pc
              join tree on tree.id = pc.category_id
              join products p on p.id = pc.product_id
              where ${shown('p')} and p.visibility in (2, 4)
            ),
            sold as (
              select coalesce(cl.parent_id, ol.product_id) as id, sum(ol.qty)::int as units
              from order_lines ol join orders o on o.id = ol.order_id
              left join product_configurable_links cl on cl.child_id = ol.product_id
              where o.status <> 'cancelled' and ol.product_id is not null
                and coalesce(cl.parent_id, ol.product_id) in (select id from candidates)
              group by 1
            )
            select c.id from candidates c left join sold on sold.id = c.id
            order by coalesce(sold.units, 0) desc, c.bestseller_score desc, c.id asc
            limit ${limit}`,
      );
      return rows.map((r) => r.id);
    },

    /** Search among shown, search-visible products: see search.ts. */
    search: (q: string, options: SearchOptions) => searchProducts(db, listRowsByIds, q, options),

    /** The rewrite of a request path with the state of its entity (shown, active, identifier). */
    async resolvePath(requestPath: string): Promise<ResolvedRewriteRow | undefined> {
      const [row] = await preparedRows<ResolvedRewriteRow>(db, RESOLVE_PATH, [{ type: 'text', value: requestPath }]);
      return row;
    },

    async rewrites(offset: number, limit: number): Promise<{ rows: RewriteRow[]; total: number }> {
      const rows = (await db
        .select({
          entityType: urlRewrites.entityType,
          entityId: urlRewrites.entityId,
          requestPath: urlRewrites.requestPath,
          targetPath: urlRewrites.targetPath,
          redirectType: urlRewrites.redirectType,
        })
        .from(urlRewrites)
        .orderBy(asc(urlRewrites.id))
        .limit(limit)
        .offset(offset)) as RewriteRow[];
      const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from url_rewrites`);
      return { rows, total: count?.total ?? 0 };
    },

    async isCategoryActive(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, id), eq(categories.isActive, true)));
      return Boolean(row);
    },

    /** Active featured products whose product is shown, in display order. */
    async featured(): Promise<Array<{ id: number; productId: number; strapline: string; sashText: string | null; sashColour: string | null; buttonText: string }>> {
      return queryRows(
        db,
        sql`select f.id, f.product_id as "productId", f.strapline, f.sash_text as "sashText", f.sash_colour as "sashColour",
              f.button_text as "buttonText"
            from featured_products f join products p on p.id = f.product_id
            where f.is_active and ${shown('p')}
            order by f.position, f.id`,
      );
    },
  };
}

export type CatalogStore = ReturnType<typeof createCatalogStore>;
export type { SearchRow } from './search';
