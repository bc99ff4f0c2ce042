CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "sale_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "refunded" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_sale_idx" ON "idempotency_keys" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sales_payment_idx" ON "sales" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "sales_status_created_idx" ON "sales" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_status_known" CHECK ("sales"."status" in ('pending', 'succeeded', 'failed', 'refunded'));