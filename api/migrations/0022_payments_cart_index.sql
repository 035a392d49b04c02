-- A basket's payment attempts by basket (checkout's claim reads them all; deleting a basket
-- cascades to them). The partial unique index covers only the live attempts.
CREATE INDEX "payments_cart_idx" ON "payments" USING btree ("cart_id");
