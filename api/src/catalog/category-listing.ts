import type { CategorySort } from './queries';
import type { PreparedQuery } from './prepared';

/**
 * A category listing page from the read model (category_listings, kept by the triggers of the
 * migration *_category_listings.sql): the category (active ones only), its count, and the page's
 * product documents, in one statement: an index range read of the category in the order asked,
 * joined by primary key to the products' stored listing items.
 *
 * Two statements: `listingPageTextStatement` (the usual one) calls the sort's function of
 * migration 0013, which answers one row with the page's items already joined into JSON text and
 * runs a plan made once per session; `listingPageStatement` answers one row per product with each
 * document's version, for a page holding a stale document (which the API rebuilds).
 */

/** ORDER BY of each sort over category_listings (each matches one of its indexes). */
const ORDER: Record<CategorySort, string> = {
  position: 'l.position asc, l.product_id asc',
  name: 'l.name asc, l.product_id asc',
  name_desc: 'l.name desc, l.product_id desc',
  price: 'l.sort_price_pence asc, l.product_id asc',
  price_desc: 'l.sort_price_pence desc, l.product_id desc',
  newest: 'l.created_at desc, l.product_id desc',
  // NULLS LAST as in its index (the column is never null): without it the planner sorts.
  bestselling: 'l.bestseller_score desc nulls last, l.product_id asc',
};

/**
 * One row per product of the page ($2 rows from $3) of category $1, or a single row with a null
 * `listedId` when the page is empty; no row when the category is unknown or inactive.
 */
export interface ListingPageRow {
  name: string;
  urlPath: string;
  total: number;
  /** The listed product (null: the page is empty). */
  listedId: number | null;
  /** Its document (null only if it has none). */
  id: number | null;
  listItem: string | null;
  version: number | null;
  current: boolean | null;
}

/** One prepared statement per sort, built on first use. */
function perSort(build: (sort: CategorySort) => PreparedQuery): (sort: CategorySort) => PreparedQuery {
  const built = new Map<CategorySort, PreparedQuery>();
  return (sort) => {
    let statement = built.get(sort);
    if (!statement) built.set(sort, (statement = build(sort)));
    return statement;
  };
}

export const listingPageStatement = perSort((sort) => ({
  name: `catalog_listing_page_${sort}_v3`,
  text: `select c.name, c.url_path as "urlPath", coalesce(n.total, 0)::int as total, l.product_id as "listedId",
      d.product_id as id, d.list_item as "listItem", d.version, d.built_version is not distinct from d.version as current
    from categories c
    left join category_listing_counts n on n.category_id = c.id
    left join lateral (
      select l.* from category_listings l where l.category_id = c.id order by ${ORDER[sort]} limit $2 offset $3
    ) l on true
    left join product_documents d on d.product_id = l.product_id
    where c.id = $1 and c.is_active
    order by ${ORDER[sort]}`,
}));

/**
 * The page in one row (catalog_listing_page_<sort>, migration 0013): `items` the page's stored
 * listing items joined with commas (null: the page is empty), `stale` how many of them are behind
 * their product (then the page must be read with listingPageStatement). No row when the category
 * is unknown or inactive.
 */
export interface ListingPageTextRow {
  name: string;
  urlPath: string;
  total: number;
  items: string | null;
  stale: number;
}

export const listingPageTextStatement = perSort((sort) => ({
  name: `catalog_listing_page_text_${sort}_v1`,
  text: `select category_name as name, category_path as "urlPath", listing_total as total, page_items as items, page_stale as stale
    from catalog_listing_page_${sort}($1, $2, $3)`,
}));
