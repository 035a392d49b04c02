CREATE TABLE "product_search_gone" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"changed" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "changed" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_gone_changed_idx" ON "product_search_gone" USING btree ("changed");--> statement-breakpoint
CREATE INDEX "product_search_changed_idx" ON "product_search" USING btree ("changed");--> statement-breakpoint
-- The search documents' change stamps (src/catalog/search-index.ts): every row written carries
-- the writing transaction's id (the column's default on insert, this trigger on update), and a
-- row taken out leaves its product id in product_search_gone with the same stamp. Each API
-- process's in-memory search index asks, with each search, whether any stamp is at or above the
-- oldest transaction still running when it last read (its horizon), and reads those rows again:
-- so any write (back office, CSV import, seed, a plain UPDATE) reaches every process's next search.
CREATE FUNCTION catalog_search_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed := pg_current_xact_id();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_search_stamp BEFORE UPDATE ON product_search
  FOR EACH ROW EXECUTE FUNCTION catalog_search_stamp();
--> statement-breakpoint
-- In product id order (two transactions taking out overlapping products lock these rows alike;
-- each already holds the product_search rows it deleted).
CREATE FUNCTION catalog_search_gone_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search_gone (product_id, changed)
    SELECT DISTINCT product_id, pg_current_xact_id() FROM old_rows ORDER BY product_id
  ON CONFLICT (product_id) DO UPDATE SET changed = excluded.changed;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_search_gone_del AFTER DELETE ON product_search REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_gone_rows();
