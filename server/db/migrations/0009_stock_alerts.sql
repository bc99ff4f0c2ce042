CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"instrument_id" integer NOT NULL,
	"account_id" integer,
	"email" text,
	"confirm_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_one_subscriber" CHECK (("stock_alerts"."account_id" IS NULL) <> ("stock_alerts"."email" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_account_key" ON "stock_alerts" USING btree ("instrument_id","account_id") WHERE "stock_alerts"."account_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_email_key" ON "stock_alerts" USING btree ("instrument_id",lower("email")) WHERE "stock_alerts"."email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_unsubscribe_key" ON "stock_alerts" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_confirm_key" ON "stock_alerts" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "stock_alerts_account_idx" ON "stock_alerts" USING btree ("account_id");