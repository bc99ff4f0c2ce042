ALTER TABLE "sale_refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_refunds_idempotency_key" ON "sale_refunds" USING btree ("idempotency_key");