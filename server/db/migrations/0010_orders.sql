CREATE TABLE "sale_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"kind" text NOT NULL,
	"admin_id" integer,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"admin_id" integer,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_refunds_amount_positive" CHECK ("sale_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_status_known";--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "restocked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "fulfilment" text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sale_events" ADD CONSTRAINT "sale_events_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_events" ADD CONSTRAINT "sale_events_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_events_sale_idx" ON "sale_events" USING btree ("sale_id","id");--> statement-breakpoint
CREATE INDEX "sale_refunds_sale_idx" ON "sale_refunds" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_refunds_provider_key" ON "sale_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_refunded_within_count" CHECK ("sale_items"."refunded" between 0 and "sale_items"."count");--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_restocked_within_count" CHECK ("sale_items"."restocked" between 0 and "sale_items"."count");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_fulfilment_known" CHECK ("sales"."fulfilment" in ('unfulfilled', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_refunded_not_negative" CHECK ("sales"."refunded_cents" >= 0);--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_status_known" CHECK ("sales"."status" in ('pending', 'succeeded', 'failed', 'partially_refunded', 'refunded'));