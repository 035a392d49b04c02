-- Search writes told to every API process (src/catalog/search-index.ts, src/catalog/changes.ts).
-- Each process answers a repeated search from memory while nothing it depends on can have changed:
-- its own writes it counts (src/db/write-clock.ts); other processes' writes reach it as a NOTIFY on
-- shop_search_writes, sent by the database itself when a transaction that changed the search
-- documents or a product document's content commits, whoever wrote (back office, CSV import,
-- seed, a plain UPDATE). PostgreSQL folds the notifications of one transaction into one. Stock
-- changes (catalog_stock_rows -> catalog_documents_bump) do not notify: a search item holds no
-- stock (src/catalog/answers.ts searchItemAnswer), and checkouts commit without NOTIFY's queue lock.
CREATE FUNCTION catalog_search_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_search_writes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_search_notify AFTER INSERT OR UPDATE OR DELETE ON product_search
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_notify();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_documents_stale(ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT catalog_documents_bump(ids);
  SELECT catalog_basket_items_refresh(ids);
  SELECT pg_notify('shop_search_writes', '');
$$;
