CREATE TABLE "sales_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "sales_daily_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A sale counts while it is paid and not cancelled (server/services/sale-states.ts, paidSale):
	-- its old figures leave its day and its new ones join it, whatever the write changed.
	IF TG_OP <> 'INSERT' AND OLD.status IN ('succeeded', 'partially_refunded')
		AND OLD.fulfilment <> 'cancelled' THEN
		UPDATE "sales_daily" SET "orders" = "orders" - 1,
			"revenue_cents" = "revenue_cents" - (round(OLD.cost * 100) - OLD.refunded_cents)
		WHERE "day" = (OLD.created_at AT TIME ZONE 'UTC')::date;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.status IN ('succeeded', 'partially_refunded')
		AND NEW.fulfilment <> 'cancelled' THEN
		INSERT INTO "sales_daily" ("day", "orders", "revenue_cents")
		VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, 1, round(NEW.cost * 100) - NEW.refunded_cents)
		ON CONFLICT ("day") DO UPDATE SET "orders" = "sales_daily"."orders" + 1,
			"revenue_cents" = "sales_daily"."revenue_cents" + excluded."revenue_cents";
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_daily_kept" AFTER INSERT OR DELETE
	OR UPDATE OF "status", "fulfilment", "cost", "refunded_cents", "created_at" ON "sales"
	FOR EACH ROW EXECUTE FUNCTION "sales_daily_keep"();--> statement-breakpoint
-- The sales made before this migration; the trigger above already holds the table's lock, so no
-- sale is written between the two.
INSERT INTO "sales_daily" ("day", "orders", "revenue_cents")
SELECT (created_at AT TIME ZONE 'UTC')::date, count(*), round(sum(cost) * 100) - sum(refunded_cents)
FROM "sales"
WHERE status IN ('succeeded', 'partially_refunded') AND fulfilment <> 'cancelled'
GROUP BY 1;
