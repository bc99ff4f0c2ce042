CREATE TABLE "discount_code_categories" (
	"code_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "discount_code_categories_code_id_category_id_pk" PRIMARY KEY("code_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "discount_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"account_id" integer,
	"sale_id" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_uses_state_known" CHECK ("discount_code_uses"."state" in ('held', 'kept'))
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal_cents" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_shopper" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_known" CHECK ("discount_codes"."kind" in ('percent', 'amount')),
	CONSTRAINT "discount_codes_value_range" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" = 'amount' or "discount_codes"."value" <= 10000)),
	CONSTRAINT "discount_codes_min_subtotal_not_negative" CHECK ("discount_codes"."min_subtotal_cents" >= 0),
	CONSTRAINT "discount_codes_max_uses_positive" CHECK ("discount_codes"."max_uses" > 0),
	CONSTRAINT "discount_codes_max_uses_per_shopper_positive" CHECK ("discount_codes"."max_uses_per_shopper" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"free_over_cents" integer,
	"days" integer,
	CONSTRAINT "shipping_methods_price_not_negative" CHECK ("shipping_methods"."price_cents" >= 0),
	CONSTRAINT "shipping_methods_free_over_not_negative" CHECK ("shipping_methods"."free_over_cents" >= 0),
	CONSTRAINT "shipping_methods_days_not_negative" CHECK ("shipping_methods"."days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_countries" (
	"zone_id" integer NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"covers_rest" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"rate_hundredths" integer NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_hundredths" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "shipping_surcharge_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "tax_included" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "discount_code_categories" ADD CONSTRAINT "discount_code_categories_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_categories" ADD CONSTRAINT "discount_code_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_countries" ADD CONSTRAINT "shipping_zone_countries_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_uses_sale_key" ON "discount_code_uses" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "discount_code_uses_code_account_idx" ON "discount_code_uses" USING btree ("code_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_idx" ON "shipping_methods" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zone_countries_country_key" ON "shipping_zone_countries" USING btree (lower("country"));--> statement-breakpoint
CREATE INDEX "shipping_zone_countries_zone_idx" ON "shipping_zone_countries" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_name_key" ON "shipping_zones" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_rest_key" ON "shipping_zones" USING btree ("covers_rest") WHERE "shipping_zones"."covers_rest";--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_country_key" ON "tax_rates" USING btree (lower("country"));--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_surcharge_not_negative" CHECK ("instruments"."shipping_surcharge_cents" >= 0);--> statement-breakpoint
-- Sales from before pricing: their cost was the sum of their lines, so it is their subtotal.
UPDATE "sales" SET "subtotal_cents" = round("cost" * 100);