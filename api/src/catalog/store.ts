import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/client';
import { preparedRows, type PreparedQuery } from './prepared';
import type { ProductListRow } from './list-row';
import { searchProducts, type SearchOptions } from './search';
import { intArray, shown, shownText } from './shown';
import { categories, urlRewrites, type ProductAttrsColumn } from './schema';

/**
 * The catalogue's database queries. Only this file (and the seed) touch the catalogue tables.
 *
 * "Shown" means what a shopper may see: status 1 (enabled) and website 2 in website_ids. Listings
 * and search also need a visibility that includes the catalogue (2, 4) or search (3, 4).
 */


export interface ProductRow {
  id: number;
  sku: string;
  name: string;
  typeId: 'simple' | 'configurable' | 'grouped';
  status: number;
  visibility: number;
  websiteIds: number[];
  pricePence: number;
  specialPricePence: number | null;
  urlKey: string;
  image: string | null;
  attrs: ProductAttrsColumn;
  stockQty: number;
  isInStock: boolean;
  categoryIds: number[];
  media: Array<{ id: number; file: string; label: string | null; position: number; types: string[]; disabled: boolean }>;
  tiers: Array<{ customerGroupId: number; qty: number; valuePence: number }>;
  options: Array<{
    id: number;
    title: string;
    type: 'drop_down' | 'radio' | 'checkbox' | 'field';
    isRequire: boolean;
    sortOrder: number;
    values: Array<{ id: number; title: string; sku: string | null; pricePence: number; sortOrder: number }>;
  }>;
  /** Links to shown products only. */
  links: Array<{
    linkType: 'related' | 'upsell' | 'crosssell' | 'associated';
    linkedId: number;
    linkedSku: string;
    linkedType: 'simple' | 'configurable' | 'grouped';
    position: number;
    qty: number | null;
  }>;
  downloads: Array<{ title: string; url: string }>;
  configurableOptions: Array<{
    id: number;
    attributeId: number;
    attributeCode: string;
    label: string;
    position: number;
    values: Array<{ value_index: number; label: string }>;
  }>;
  /** Shown children of a configurable product, with their value per attribute id. */
  children: Array<{ childId: number; optionValues: Record<string, number> }>;
  reviewAverage: number;
  reviewCount: number;
}

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

export type CategorySort = 'position' | 'name' | 'name_desc' | 'price' | 'price_desc' | 'newest' | 'bestselling';

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

/** The text of a statement without bind parameters. */
function toText(query: SQL): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  if (params.length > 0) throw new Error('a prepared statement text must not hold bind parameters');
  return text;
}

const listColumns = sql`
  p.id, p.sku, p.name, p.type_id as "typeId", p.status, p.website_ids as "websiteIds", p.url_key as "urlKey",
  p.image, p.attrs->>'short_description' as "shortDescription", p.price_pence as "pricePence",
  p.special_price_pence as "specialPricePence",
  coalesce((select json_agg(json_build_object('customerGroupId', t.customer_group_id, 'qty', t.qty, 'valuePence', t.value_pence))
            from product_tier_prices t where t.product_id = p.id), '[]'::json) as tiers,
  coalesce(s.is_in_stock and s.qty > 0, false) as "isInStock",
  coalesce(r.average, 0)::float8 as "reviewAverage", coalesce(r.count, 0)::int as "reviewCount"`;

const listJoins = sql`
  left join product_stock s on s.product_id = p.id
  left join lateral (
    select round(avg(pr.rating)::numeric, 1) as average, count(*) as count
    from product_reviews pr where pr.product_id = p.id and pr.approved
  ) r on true`;

/** The sort key of a listing: guest price is the special price when set, else the base price. */
const sortSql: Record<CategorySort, SQL> = {
  position: sql`pc.position asc, p.id asc`,
  name: sql`p.name asc, p.id asc`,
  name_desc: sql`p.name desc, p.id desc`,
  price: sql`coalesce(p.special_price_pence, p.price_pence) asc, p.id asc`,
  price_desc: sql`coalesce(p.special_price_pence, p.price_pence) desc, p.id desc`,
  newest: sql`p.created_at desc, p.id desc`,
  bestselling: sql`p.bestseller_score desc, p.id asc`,
};

/** Full product rows (everything the product answer needs) of the ids in $1, one statement. */
const PRODUCT_ROWS: PreparedQuery = {
  name: 'catalog_product_rows_v1',
  text: toText(sql`
        select p.id, p.sku, p.name, p.type_id as "typeId", p.status, p.visibility, p.website_ids as "websiteIds",
          p.price_pence as "pricePence", p.special_price_pence as "specialPricePence", p.url_key as "urlKey",
          p.image, p.attrs,
          coalesce(s.qty, 0) as "stockQty", coalesce(s.is_in_stock and s.qty > 0, false) as "isInStock",
          coalesce((select array_agg(pc.category_id order by pc.category_id) from product_categories pc where pc.product_id = p.id), '{}'::int[]) as "categoryIds",
          coalesce((select json_agg(json_build_object('id', m.id, 'file', m.file, 'label', m.label, 'position', m.position,
                      'types', m.types, 'disabled', m.disabled) order by m.position, m.id)
                    from product_media m where m.product_id = p.id), '[]'::json) as media,
          coalesce((select json_agg(json_build_object('customerGroupId', t.customer_group_id, 'qty', t.qty, 'valuePence', t.value_pence)
                      order by t.customer_group_id, t.qty)
                    from product_tier_prices t where t.product_id = p.id), '[]'::json) as tiers,
          coalesce((select json_agg(json_build_object('id', o.id, 'title', o.title, 'type', o.type, 'isRequire', o.is_require,
                      'sortOrder', o.sort_order,
                      'values', coalesce((select json_agg(json_build_object('id', v.id, 'title', v.title, 'sku', v.sku,
                                   'pricePence', v.price_pence, 'sortOrder', v.sort_order) order by v.sort_order, v.id)
                                 from product_option_values v where v.option_id = o.id), '[]'::json))
                      order by o.sort_order, o.id)
                    from product_options o where o.product_id = p.id), '[]'::json) as options,
          coalesce((select json_agg(json_build_object('linkType', l.link_type, 'linkedId', lp.id, 'linkedSku', lp.sku,
                      'linkedType', lp.type_id, 'position', l.position, 'qty', l.qty) order by l.link_type, l.position, lp.id)
                    from product_links l join products lp on lp.id = l.linked_product_id
                    where l.product_id = p.id and ${shown('lp')}), '[]'::json) as links,
          coalesce((select json_agg(json_build_object('title', d.title, 'url', d.url) order by d.position, d.id)
                    from product_downloads d where d.product_id = p.id), '[]'::json) as downloads,
          coalesce((select json_agg(json_build_object('id', c.id, 'attributeId', c.attribute_id, 'attributeCode', c.attribute_code,
                      'label', c.label, 'position', c.position, 'values', c.values) order by c.position, c.id)
                    from product_configurable_options c where c.product_id = p.id), '[]'::json) as "configurableOptions",
          coalesce((select json_agg(json_build_object('childId', cl.child_id, 'optionValues', cl.option_values) order by cl.position, cl.child_id)
                    from product_configurable_links cl join products cp on cp.id = cl.child_id
                    where cl.parent_id = p.id and ${shown('cp')}), '[]'::json) as children,
          coalesce(r.average, 0)::float8 as "reviewAverage", coalesce(r.count, 0)::int as "reviewCount"
        from products p
        ${listJoins}
        where p.id = any($1::int[])`),
};

/** What a request path is, with what the answer needs of its entity, one statement. */
const RESOLVE_PATH: PreparedQuery = {
  name: 'catalog_resolve_path_v1',
  text: `select r.entity_type as "entityType", r.entity_id as "entityId", r.request_path as "requestPath",
      r.target_path as "targetPath", r.redirect_type as "redirectType",
      p.sku as "productSku", coalesce(${shownText('p')}, false) as "productShown",
      coalesce(c.is_active, false) as "categoryActive",
      case when cp.is_active then cp.identifier end as "cmsIdentifier"
    from url_rewrites r
    left join products p on r.entity_type = 'product' and p.id = r.entity_id
    left join categories c on r.entity_type = 'category' and c.id = r.entity_id
    left join cms_pages cp on r.entity_type = 'cms-page' and cp.id = r.entity_id
    where r.request_path = $1`,
};

/** Listing rows of the shown products among the ids in $1. */
const LIST_ROWS: PreparedQuery = {
  name: 'catalog_list_rows_v1',
  text: toText(sql`select ${listColumns} from products p ${listJoins} where p.id = any($1::int[]) and ${shown('p')}`),
};

/** How many shown products a category ($1) has. */
const CATEGORY_COUNT: PreparedQuery = {
  name: 'catalog_category_count_v1',
  text: toText(sql`select count(*)::int as total from product_categories pc join products p on p.id = pc.product_id
    where pc.category_id = $1 and ${shown('p')} and p.visibility in (2, 4)`),
};

/** One page ($2 rows from $3) of a category's ($1) shown products in one order. */
function categoryPageStatement(sort: CategorySort): PreparedQuery {
  return {
    name: `catalog_category_page_${sort}_v1`,
    text: toText(sql`select ${listColumns} from (
        select p.*, pc.position as cat_position from product_categories pc join products p on p.id = pc.product_id
        where pc.category_id = $1 and ${shown('p')} and p.visibility in (2, 4)
        order by ${sortSql[sort]}
        limit $2 offset $3
      ) p ${listJoins}
      order by ${sql.raw(sortSqlOuter[sort])}`),
  };
}

/** The ids of one page ($2 rows from $3) of a category's ($1) shown products in one order. */
function categoryPageIdsStatement(sort: CategorySort): PreparedQuery {
  return {
    name: `catalog_category_page_ids_${sort}_v1`,
    text: toText(sql`select p.id from product_categories pc join products p on p.id = pc.product_id
        where pc.category_id = $1 and ${shown('p')} and p.visibility in (2, 4)
        order by ${sortSql[sort]}
        limit $2 offset $3`),
  };
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

    /** categoryPage's ids alone (their items come from the read model). */
    async categoryPageIds(categoryId: number, sort: CategorySort, offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
      const total = await categoryCount(categoryId);
      if (total === 0 || offset >= total) return { ids: [], total };
      const rows = await preparedRows<{ id: number }>(db, categoryPageIdsStatement(sort), [
        { type: 'int', value: categoryId },
        { type: 'int', value: limit },
        { type: 'int', value: offset },
      ]);
      return { ids: rows.map((r) => r.id), total };
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


/** The outer ORDER BY of a category page (columns of the inner select `p`). */
const sortSqlOuter: Record<CategorySort, string> = {
  position: 'p.cat_position asc, p.id asc',
  name: 'p.name asc, p.id asc',
  name_desc: 'p.name desc, p.id desc',
  price: 'coalesce(p.special_price_pence, p.price_pence) asc, p.id asc',
  price_desc: 'coalesce(p.special_price_pence, p.price_pence) desc, p.id desc',
  newest: 'p.created_at desc, p.id desc',
  bestselling: 'p.bestseller_score desc, p.id asc',
};
