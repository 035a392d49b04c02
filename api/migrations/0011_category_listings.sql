CREATE TABLE "category_listing_counts" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_listings" (
	"category_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"sort_price_pence" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"bestseller_score" integer NOT NULL,
	CONSTRAINT "category_listings_category_id_product_id_pk" PRIMARY KEY("category_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_pages" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"info" text
);
--> statement-breakpoint
ALTER TABLE "product_documents" ADD COLUMN "search_item" text;--> statement-breakpoint
ALTER TABLE "category_listing_counts" ADD CONSTRAINT "category_listing_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_listings" ADD CONSTRAINT "category_listings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_listings" ADD CONSTRAINT "category_listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pages" ADD CONSTRAINT "product_pages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_listings_product_idx" ON "category_listings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "category_listings_position_idx" ON "category_listings" USING btree ("category_id","position","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_name_idx" ON "category_listings" USING btree ("category_id","name","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_price_idx" ON "category_listings" USING btree ("category_id","sort_price_pence","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_newest_idx" ON "category_listings" USING btree ("category_id","created_at","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_bestselling_idx" ON "category_listings" USING btree ("category_id","bestseller_score" DESC NULLS LAST,"product_id");--> statement-breakpoint
ALTER TABLE "product_documents" DROP COLUMN "info";
--> statement-breakpoint
-- The category listings' read model follows every write to products and product_categories in the
-- writing transaction: the rows of the products a statement touched are made again from the tables
-- (so the result never depends on what changed) and the counts of their categories recounted, in
-- category order (two writers lock count rows in the same order). `known_cats`: categories the
-- statement touched that the tables may no longer name (a deleted product's links, cascaded).
CREATE FUNCTION catalog_listings_refresh(ids integer[], known_cats integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cats integer[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT c), '{}') INTO cats FROM (
    SELECT category_id FROM category_listings WHERE product_id = ANY(ids)
    UNION SELECT category_id FROM product_categories WHERE product_id = ANY(ids)
    UNION SELECT unnest(known_cats)
  ) AS t(c);
  DELETE FROM category_listings WHERE product_id = ANY(ids);
  INSERT INTO category_listings (category_id, product_id, position, name, sort_price_pence, created_at, bestseller_score)
    SELECT pc.category_id, p.id, pc.position, p.name, coalesce(p.special_price_pence, p.price_pence), p.created_at, p.bestseller_score
    FROM products p JOIN product_categories pc ON pc.product_id = p.id
    WHERE p.id = ANY(ids) AND p.status = 1 AND 2 = ANY(p.website_ids) AND p.visibility IN (2, 4);
  IF cardinality(cats) > 0 THEN
    INSERT INTO category_listing_counts (category_id, total)
      SELECT c.id, (SELECT count(*) FROM category_listings l WHERE l.category_id = c.id)::int
      FROM categories c WHERE c.id = ANY(cats) ORDER BY c.id
      ON CONFLICT (category_id) DO UPDATE SET total = excluded.total;
  END IF;
END
$$;
--> statement-breakpoint
-- TG_ARGV[0]: a query of the product ids a statement touched, TG_ARGV[1] of the category ids it
-- touched, %1$s standing for the transition table.
CREATE FUNCTION catalog_listings_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
  cats integer[] := '{}';
  more integer[];
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY (CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'DELETE' THEN ARRAY['old_rows'] ELSE ARRAY['new_rows', 'old_rows'] END) LOOP
    EXECUTE format('SELECT coalesce(array_agg(DISTINCT id), ''{}'') FROM (' || TG_ARGV[0] || ') AS t(id)', tbl) INTO more;
    ids := ids || more;
    EXECUTE format('SELECT coalesce(array_agg(DISTINCT id), ''{}'') FROM (' || TG_ARGV[1] || ') AS t(id)', tbl) INTO more;
    cats := cats || more;
  END LOOP;
  IF cardinality(ids) > 0 THEN
    PERFORM catalog_listings_refresh(ids, cats);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  source record;
BEGIN
  FOR source IN SELECT * FROM (VALUES
    ('products', 'SELECT id FROM %1$s', 'SELECT NULL::integer WHERE false'),
    ('product_categories', 'SELECT product_id FROM %1$s', 'SELECT category_id FROM %1$s')
  ) AS s(tbl, query, cats) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listings_rows(%L, %L)',
      source.tbl || '_listings_ins', source.tbl, source.query, source.cats);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listings_rows(%L, %L)',
      source.tbl || '_listings_upd', source.tbl, source.query, source.cats);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listings_rows(%L, %L)',
      source.tbl || '_listings_del', source.tbl, source.query, source.cats);
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT catalog_listings_refresh(coalesce((SELECT array_agg(id) FROM products), '{}'), '{}');
--> statement-breakpoint
-- Documents built before search_item and product_pages existed are built again (on first read,
-- or by a refresh).
UPDATE product_documents SET version = version + 1;
