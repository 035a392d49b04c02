-- Product search (GET /api/products/search): typo-tolerant trigram matching on name and sku,
-- and English full text over name, sku and short description. The service's queries use these
-- exact expressions so that the planner can use the indexes.
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_fulltext_idx" ON "products" USING gin (
  to_tsvector('english'::regconfig, "name" || ' ' || "sku" || ' ' || coalesce("attrs"->>'short_description', ''))
);
