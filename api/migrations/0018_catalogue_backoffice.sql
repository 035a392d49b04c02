ALTER TABLE "products" ADD COLUMN "special_price_waiting_pence" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "special_from_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "special_to_date" date;--> statement-breakpoint
CREATE INDEX "products_special_dates_idx" ON "products" USING btree ("id") WHERE "products"."special_from_date" is not null or "products"."special_to_date" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_special_price_waiting_check" CHECK ("products"."special_price_waiting_pence" is null or ("products"."special_price_waiting_pence" >= 0 and "products"."special_price_pence" is null));