ALTER TABLE "product_reviews" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "moderated_by" text;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD COLUMN "moderated_by" text;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "product_reviews_pending_idx" ON "product_reviews" USING btree ("created_at") WHERE not "product_reviews"."approved" and "product_reviews"."rejected_at" is null;--> statement-breakpoint
CREATE INDEX "store_reviews_pending_idx" ON "store_reviews" USING btree ("created_at") WHERE not "store_reviews"."approved" and "store_reviews"."rejected_at" is null;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_moderation_check" CHECK (not ("product_reviews"."approved" and "product_reviews"."rejected_at" is not null));--> statement-breakpoint
ALTER TABLE "store_reviews" ADD CONSTRAINT "store_reviews_moderation_check" CHECK (not ("store_reviews"."approved" and "store_reviews"."rejected_at" is not null));