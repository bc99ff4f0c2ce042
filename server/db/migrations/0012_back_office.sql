CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" integer,
	"admin_name" text NOT NULL,
	"kind" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_admin_at_idx" ON "audit_events" USING btree ("admin_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_kind_at_idx" ON "audit_events" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "accounts_admin_user_name_idx" ON "accounts" USING gin (lower("user_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instruments_admin_name_idx" ON "instruments" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sale_items_admin_name_idx" ON "sale_items" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_low_stock_not_negative" CHECK ("instruments"."low_stock_threshold" >= 0);--> statement-breakpoint
CREATE FUNCTION "audit_events_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'The audit trail is kept as written: % is refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
	FOR EACH ROW EXECUTE FUNCTION "audit_events_keep"();
