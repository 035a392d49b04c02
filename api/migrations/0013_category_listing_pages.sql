-- A category listing page in one call that returns one row: the category, its count, and the
-- page's stored listing items already joined into JSON text (string_agg), with how many of them
-- are stale (built_version behind version; the API then takes the per-row path and rebuilds them).
-- One function per sort, each ORDER BY matching one of category_listings' indexes.
--
-- Why functions with `SET plan_cache_mode = force_generic_plan`: as a prepared statement with
-- LIMIT $2 OFFSET $3, the generic plan's estimate takes an unknown LIMIT/OFFSET as 10% of the
-- category (971 rows on a 100k catalogue against 24), so PostgreSQL kept planning it again at
-- every call (0.13 ms of planning for 0.2 ms of execution on PostgreSQL, more on PGlite); on the
-- seeded shop the same estimate is small and it switched to the generic plan. The generic plan
-- is the same plan (index range read in the sort's order, items by primary key), so PL/pgSQL
-- keeps one per session and never plans again. The setting applies inside the function only.
DO $do$
DECLARE
  s record;
BEGIN
  FOR s IN SELECT * FROM (VALUES
    ('position', 'l.position ASC, l.product_id ASC'),
    ('name', 'l.name ASC, l.product_id ASC'),
    ('name_desc', 'l.name DESC, l.product_id DESC'),
    ('price', 'l.sort_price_pence ASC, l.product_id ASC'),
    ('price_desc', 'l.sort_price_pence DESC, l.product_id DESC'),
    ('newest', 'l.created_at DESC, l.product_id DESC'),
    -- NULLS LAST as in its index (the column is never null): without it the planner sorts.
    ('bestselling', 'l.bestseller_score DESC NULLS LAST, l.product_id ASC')
  ) AS t(sort, ord) LOOP
    EXECUTE format($f$
      CREATE FUNCTION %I(cat integer, lim integer, skip integer)
      RETURNS TABLE (category_name text, category_path text, listing_total integer, page_items text, page_stale integer)
      LANGUAGE plpgsql STABLE
      SET plan_cache_mode = force_generic_plan
      AS $body$
      BEGIN
        RETURN QUERY
          SELECT c.name, c.url_path, coalesce(n.total, 0)::int, p.items, p.stale
          FROM categories c
          LEFT JOIN category_listing_counts n ON n.category_id = c.id
          CROSS JOIN LATERAL (
            SELECT string_agg(d.list_item, ',' ORDER BY %s) AS items,
                   count(*) FILTER (WHERE d.product_id IS NOT NULL AND d.built_version IS DISTINCT FROM d.version)::int AS stale
            FROM (SELECT * FROM category_listings l WHERE l.category_id = c.id ORDER BY %s LIMIT lim OFFSET skip) l
            LEFT JOIN product_documents d ON d.product_id = l.product_id
          ) p
          WHERE c.id = cat AND c.is_active;
      END
      $body$$f$, 'catalog_listing_page_' || s.sort, s.ord, s.ord);
  END LOOP;
END
$do$;
