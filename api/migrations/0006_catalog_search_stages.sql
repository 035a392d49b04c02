-- Product search in stages (api/src/catalog/store.ts): first the names holding every word (full
-- text on the name alone), best sellers first. The planner answers a rare word through the GIN
-- index and a common one by walking the best-seller index until enough names match, so neither
-- ranks tens of thousands of rows.
CREATE INDEX IF NOT EXISTS "products_name_fulltext_idx" ON "products" USING gin (to_tsvector('english'::regconfig, "name"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_bestseller_idx" ON "products" ("bestseller_score" DESC, "id");
