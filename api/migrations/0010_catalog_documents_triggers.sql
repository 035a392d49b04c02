-- The product documents' versions follow every catalogue write, in the writing transaction.
-- Statement-level triggers (transition tables) so a bulk load costs one update per statement.
-- A product's documents are made from its own rows and from its configurable parent, its
-- children and the grouped products that list it, so all of those are marked too.
CREATE FUNCTION catalog_documents_stale(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE product_documents SET version = version + 1
  WHERE product_id IN (
    SELECT unnest(ids)
    UNION SELECT parent_id FROM product_configurable_links WHERE child_id = ANY(ids)
    UNION SELECT child_id FROM product_configurable_links WHERE parent_id = ANY(ids)
    UNION SELECT product_id FROM product_links WHERE linked_product_id = ANY(ids)
  )
$$;
--> statement-breakpoint
-- TG_ARGV[0]: a query of the product ids a statement touched, %1$s standing for the transition table.
CREATE FUNCTION catalog_documents_stale_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
  more integer[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('SELECT coalesce(array_agg(DISTINCT id), ''{}'') FROM (' || TG_ARGV[0] || ') AS t(id)', 'new_rows') INTO more;
    ids := ids || more;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('SELECT coalesce(array_agg(DISTINCT id), ''{}'') FROM (' || TG_ARGV[0] || ') AS t(id)', 'old_rows') INTO more;
    ids := ids || more;
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM catalog_documents_stale(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_documents_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_documents (product_id) SELECT id FROM new_rows ON CONFLICT (product_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_documents_add AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_documents_add();
--> statement-breakpoint
DO $$
DECLARE
  source record;
BEGIN
  FOR source IN SELECT * FROM (VALUES
    ('products', 'SELECT id FROM %1$s'),
    ('product_stock', 'SELECT product_id FROM %1$s'),
    ('product_categories', 'SELECT product_id FROM %1$s'),
    ('product_media', 'SELECT product_id FROM %1$s'),
    ('product_tier_prices', 'SELECT product_id FROM %1$s'),
    ('product_options', 'SELECT product_id FROM %1$s'),
    ('product_option_values', 'SELECT o.product_id FROM %1$s v JOIN product_options o ON o.id = v.option_id'),
    ('product_configurable_options', 'SELECT product_id FROM %1$s'),
    ('product_configurable_links', 'SELECT parent_id FROM %1$s UNION SELECT child_id FROM %1$s'),
    ('product_links', 'SELECT product_id FROM %1$s'),
    ('product_downloads', 'SELECT product_id FROM %1$s'),
    ('product_reviews', 'SELECT product_id FROM %1$s')
  ) AS s(tbl, query) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_documents_stale_rows(%L)',
      source.tbl || '_documents_ins', source.tbl, source.query);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_documents_stale_rows(%L)',
      source.tbl || '_documents_upd', source.tbl, source.query);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_documents_stale_rows(%L)',
      source.tbl || '_documents_del', source.tbl, source.query);
  END LOOP;
END
$$;
--> statement-breakpoint
INSERT INTO product_documents (product_id) SELECT id FROM products ON CONFLICT (product_id) DO NOTHING;
