CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"bestseller_score" integer NOT NULL,
	"name_text" "tsvector" NOT NULL,
	"all_text" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One lock order for the product documents (see src/catalog/stock.ts). 0010's function updated
-- the documents of a statement's products and their relatives in whatever order its plan visited
-- them, so two transactions marking overlapping sets (two checkouts whose baskets share a
-- product's configurable parent, grouped product or simply a product, each after a stock claim)
-- could lock the same two documents in opposite orders: `deadlock detected`. Now the rows are
-- locked first, in product id order (the rows of `select … order by … for update` are locked as
-- the sort hands them out), then changed; the basket items built after (0014) are of the same
-- rows, already held.
CREATE OR REPLACE FUNCTION catalog_documents_bump(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE product_documents SET version = version + 1
  WHERE product_id = ANY(ARRAY(
    SELECT d.product_id FROM product_documents d
    WHERE d.product_id IN (
      SELECT unnest(ids)
      UNION SELECT parent_id FROM product_configurable_links WHERE child_id = ANY(ids)
      UNION SELECT child_id FROM product_configurable_links WHERE parent_id = ANY(ids)
      UNION SELECT product_id FROM product_links WHERE linked_product_id = ANY(ids)
    )
    ORDER BY d.product_id
    FOR UPDATE
  ))
$$;
--> statement-breakpoint
-- Search documents (table product_search, src/catalog/schema.ts): a trigger on products keeps
-- one row per shown, search-visible product, its text vectors stored, in the writing transaction.
-- An upsert in product id order (two writers of one product never insert it twice, and lock rows
-- in the same order); the products no longer searchable are deleted (a deleted product cascades).
CREATE FUNCTION catalog_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search (product_id, name, sku, bestseller_score, name_text, all_text)
    SELECT p.id, p.name, p.sku, p.bestseller_score, to_tsvector('english'::regconfig, p.name),
      to_tsvector('english'::regconfig, p.name || ' ' || p.sku || ' ' || coalesce(p.attrs->>'short_description', ''))
    FROM products p
    WHERE p.id = ANY(ids) AND p.status = 1 AND 2 = ANY(p.website_ids) AND p.visibility IN (3, 4)
    ORDER BY p.id
  ON CONFLICT (product_id) DO UPDATE SET name = excluded.name, sku = excluded.sku, bestseller_score = excluded.bestseller_score,
    name_text = excluded.name_text, all_text = excluded.all_text;
  DELETE FROM product_search s USING products p
    WHERE s.product_id = p.id AND p.id = ANY(ids) AND NOT (p.status = 1 AND 2 = ANY(p.website_ids) AND p.visibility IN (3, 4));
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_search_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT id), '{}') INTO ids FROM new_rows;
  IF cardinality(ids) > 0 THEN
    PERFORM catalog_search_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_rows();
--> statement-breakpoint
CREATE TRIGGER products_search_upd AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_rows();
--> statement-breakpoint
CREATE INDEX product_search_name_text_idx ON product_search USING gin (name_text);
--> statement-breakpoint
CREATE INDEX product_search_all_text_idx ON product_search USING gin (all_text);
--> statement-breakpoint
CREATE INDEX product_search_name_trgm_idx ON product_search USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX product_search_sku_trgm_idx ON product_search USING gin (sku gin_trgm_ops);
--> statement-breakpoint
SELECT catalog_search_refresh(coalesce((SELECT array_agg(id) FROM products), '{}'));
--> statement-breakpoint
-- A whole search in one call (src/catalog/search.ts says the rules): the stages names, typos and
-- text over product_search, the page's ids in order with how many matched by name and, with
-- `counting`, how many matched in all (up to `want`), and the page's search items from the
-- product documents (with their versions, so the API rebuilds a stale one). One statement, so
-- one round trip and no transaction; PL/pgSQL keeps the stages' plans for the session (a
-- prepared statement's worth: force_generic_plan, since a custom plan of the typo stage cost up
-- to 90 ms of planning, pg_trgm estimating each word, for 0.3 ms of work), and the settings
-- apply inside the function only: pg_trgm's word
-- threshold looser than its 0.6 (a word with a typo or two still matches), and bitmap scans only
-- (without them the planner, unable to tell how many names a prefix like 'geotex:*' matches, may
-- walk every product computing its text vector).
-- tsq: the tsquery text ('' for none); sku_like: the sku prefix pattern; words: the fuzzy words
-- (1-6, or none), padded here to 6 by repeating the last (the same set for `and` and for `or`).
CREATE FUNCTION catalog_search(tsq text, sku_like text, words text[], want integer, skip integer, lim integer)
RETURNS TABLE (page_ids integer[], name_count integer, total integer, items text[], versions integer[], fresh boolean[])
LANGUAGE plpgsql STABLE
SET pg_trgm.word_similarity_threshold = 0.45
SET enable_seqscan = off
SET enable_indexscan = off
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  q tsquery := CASE WHEN tsq = '' THEN NULL ELSE to_tsquery('english'::regconfig, tsq) END;
  n integer := coalesce(cardinality(words), 0);
  w text[] := CASE WHEN coalesce(cardinality(words), 0) = 0 THEN NULL
                   ELSE words || array_fill(words[cardinality(words)], ARRAY[6 - cardinality(words)]) END;
  hits integer[] := '{}';
  more integer[];
  exact integer;
  names integer;
  page integer[];
BEGIN
  -- 1. names holding every word (the last as a prefix), or skus starting with the query.
  SELECT coalesce(array_agg(c.id ORDER BY c.bestseller_score DESC, c.id), '{}') INTO hits FROM (
    SELECT c.id, c.bestseller_score FROM (
      SELECT s.product_id AS id, s.bestseller_score FROM product_search s
      WHERE s.name_text @@ q OR s.sku ILIKE sku_like
      LIMIT 2000
    ) c ORDER BY c.bestseller_score DESC, c.id LIMIT want
  ) c;
  exact := cardinality(hits);
  -- 2. typos: names close to every word; failing that, to any word.
  IF exact < 10 AND cardinality(hits) < want AND n > 0 THEN
    SELECT coalesce(array_agg(c.id ORDER BY c.score DESC, c.bestseller_score DESC, c.id), '{}') INTO more FROM (
      SELECT c.id, c.bestseller_score, (SELECT sum(word_similarity(x, c.name)) FROM unnest(words) x) / n AS score FROM (
        SELECT s.product_id AS id, s.name, s.bestseller_score FROM product_search s
        WHERE w[1] <% s.name AND w[2] <% s.name AND w[3] <% s.name AND w[4] <% s.name AND w[5] <% s.name AND w[6] <% s.name
          AND s.product_id <> ALL(hits)
        LIMIT 400
      ) c ORDER BY 3 DESC, c.bestseller_score DESC, c.id LIMIT least(400, want - cardinality(hits))
    ) c;
    hits := hits || more;
    IF cardinality(hits) = 0 AND n > 1 THEN
      SELECT coalesce(array_agg(c.id ORDER BY c.score DESC, c.bestseller_score DESC, c.id), '{}') INTO more FROM (
        SELECT c.id, c.bestseller_score, (SELECT sum(word_similarity(x, c.name)) FROM unnest(words) x) / n AS score FROM (
          SELECT s.product_id AS id, s.name, s.bestseller_score FROM product_search s
          WHERE w[1] <% s.name OR w[2] <% s.name OR w[3] <% s.name OR w[4] <% s.name OR w[5] <% s.name OR w[6] <% s.name
          LIMIT 400
        ) c ORDER BY 3 DESC, c.bestseller_score DESC, c.id LIMIT least(400, want)
      ) c;
      hits := hits || more;
    END IF;
  END IF;
  names := cardinality(hits);
  -- 3. text: name, sku and short description holding every word.
  IF cardinality(hits) < want AND q IS NOT NULL THEN
    SELECT coalesce(array_agg(c.id ORDER BY c.bestseller_score DESC, c.id), '{}') INTO more FROM (
      SELECT c.id, c.bestseller_score FROM (
        SELECT s.product_id AS id, s.bestseller_score FROM product_search s
        WHERE s.all_text @@ q AND s.product_id <> ALL(hits)
        LIMIT 2000
      ) c ORDER BY c.bestseller_score DESC, c.id LIMIT want - cardinality(hits)
    ) c;
    hits := hits || more;
  END IF;
  page := hits[skip + 1 : skip + lim];
  RETURN QUERY
    SELECT page, greatest(0, least(lim, names - skip)), cardinality(hits),
      coalesce(array_agg(d.search_item ORDER BY x.ord), '{}'), coalesce(array_agg(d.version ORDER BY x.ord), '{}'),
      coalesce(array_agg(d.built_version IS NOT DISTINCT FROM d.version ORDER BY x.ord), '{}')
    FROM unnest(page) WITH ORDINALITY AS x(id, ord) LEFT JOIN product_documents d ON d.product_id = x.id;
END
$$;
--> statement-breakpoint
-- Stock out of the stored basket items: the basket reads a product's stock row with its item
-- (src/catalog/basket-products.ts selectBasketItemsJson), so a stock change no longer builds the
-- item again (about 0.3 ms of JSON per product, inside every checkout's stock claim while its
-- rows are locked). catalog_basket_items still builds the whole item (the tests compare the two).
CREATE OR REPLACE FUNCTION catalog_basket_items_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE product_documents d SET basket_item = (b.item::jsonb - ARRAY['stockQty', 'isInStock'])::text
  FROM catalog_basket_items(ids) b WHERE d.product_id = b.product_id
$$;
--> statement-breakpoint
-- A stock change marks the product documents (pages and listing items show stock) and nothing
-- else: one statement, locking them in product id order (catalog_documents_bump). An update's
-- old and new rows are of the same products (the key never changes), so the new ones suffice.
CREATE FUNCTION catalog_stock_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_documents_bump(ARRAY(SELECT product_id FROM old_rows));
  ELSE
    PERFORM catalog_documents_bump(ARRAY(SELECT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER product_stock_documents_ins ON product_stock;
--> statement-breakpoint
DROP TRIGGER product_stock_documents_upd ON product_stock;
--> statement-breakpoint
DROP TRIGGER product_stock_documents_del ON product_stock;
--> statement-breakpoint
CREATE TRIGGER product_stock_documents_ins AFTER INSERT ON product_stock REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stock_rows();
--> statement-breakpoint
CREATE TRIGGER product_stock_documents_upd AFTER UPDATE ON product_stock REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stock_rows();
--> statement-breakpoint
CREATE TRIGGER product_stock_documents_del AFTER DELETE ON product_stock REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_stock_rows();
--> statement-breakpoint
SELECT catalog_basket_items_refresh(coalesce((SELECT array_agg(product_id) FROM product_documents), '{}'));
