import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PreparedQuery } from './prepared';
import { shown, shownText } from './shown';

/**
 * The catalogue store's statements built from the tables (prepared ones named, see prepared.ts):
 * full product rows, listing rows, URL resolve, and category pages sorted from the tables (the
 * answers the read model is checked against).
 */

export type CategorySort = 'position' | 'name' | 'name_desc' | 'price' | 'price_desc' | 'newest' | 'bestselling';

/** The text of a statement without bind parameters. */
function toText(query: SQL): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  if (params.length > 0) throw new Error('a prepared statement text must not hold bind parameters');
  return text;
}

export const listColumns = sql`
  p.id, p.sku, p.name, p.type_id as "typeId", p.status, p.website_ids as "websiteIds", p.url_key as "urlKey",
  p.image, p.attrs->>'short_description' as "shortDescription", p.price_pence as "pricePence",
  p.special_price_pence as "specialPricePence",
  coalesce((select json_agg(json_build_object('customerGroupId', t.customer_group_id, 'qty', t.qty, 'valuePence', t.value_pence))
            from product_tier_prices t where t.product_id = p.id), '[]'::json) as tiers,
  coalesce(s.is_in_stock and s.qty > 0, false) as "isInStock",
  coalesce(r.average, 0)::float8 as "reviewAverage", coalesce(r.count, 0)::int as "reviewCount"`;

export const listJoins = sql`
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
export const PRODUCT_ROWS: PreparedQuery = {
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
export const RESOLVE_PATH: PreparedQuery = {
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
export const LIST_ROWS: PreparedQuery = {
  name: 'catalog_list_rows_v1',
  text: toText(sql`select ${listColumns} from products p ${listJoins} where p.id = any($1::int[]) and ${shown('p')}`),
};

/** How many shown products a category ($1) has. */
export const CATEGORY_COUNT: PreparedQuery = {
  name: 'catalog_category_count_v1',
  text: toText(sql`select count(*)::int as total from product_categories pc join products p on p.id = pc.product_id
    where pc.category_id = $1 and ${shown('p')} and p.visibility in (2, 4)`),
};

/** One page ($2 rows from $3) of a category's ($1) shown products in one order. */
export function categoryPageStatement(sort: CategorySort): PreparedQuery {
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
