CREATE TABLE "sales_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily_instruments" (
	"day" date NOT NULL,
	"instrument_id" integer,
	"deleted_name" text,
	"units" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "sales_daily_instruments_key" UNIQUE NULLS NOT DISTINCT("day","instrument_id","deleted_name")
);
--> statement-breakpoint
CREATE FUNCTION "sales_daily_instruments_add"(sale_day date, line "sale_items", sign integer)
RETURNS void LANGUAGE sql AS $$
	INSERT INTO "sales_daily_instruments" ("day", "instrument_id", "deleted_name", "units", "revenue_cents")
	VALUES (sale_day, line.instrument_id, CASE WHEN line.instrument_id IS NULL THEN line.name END,
		sign * (line.count - line.refunded), sign * round((line.count - line.refunded) * line.price * 100))
	ON CONFLICT ("day", "instrument_id", "deleted_name") DO UPDATE SET
		"units" = "sales_daily_instruments"."units" + excluded."units",
		"revenue_cents" = "sales_daily_instruments"."revenue_cents" + excluded."revenue_cents";
$$;--> statement-breakpoint
CREATE FUNCTION "sales_daily_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	-- A sale counts while it is paid and not cancelled (server/services/sale-states.ts, paidSale).
	was_paid boolean := TG_OP <> 'INSERT' AND OLD.status IN ('succeeded', 'partially_refunded')
		AND OLD.fulfilment <> 'cancelled';
	is_paid boolean := TG_OP <> 'DELETE' AND NEW.status IN ('succeeded', 'partially_refunded')
		AND NEW.fulfilment <> 'cancelled';
	old_day date;
	new_day date;
	line "sale_items";
BEGIN
	IF was_paid THEN old_day := (OLD.created_at AT TIME ZONE 'UTC')::date; END IF;
	IF is_paid THEN new_day := (NEW.created_at AT TIME ZONE 'UTC')::date; END IF;
	-- The day's row first: every writer of a day's rollups locks it before any of the day's
	-- instrument rows, so two of them wait for each other instead of meeting in a deadlock.
	IF was_paid THEN
		UPDATE "sales_daily" SET "orders" = "orders" - 1,
			"revenue_cents" = "revenue_cents" - (round(OLD.cost * 100) - OLD.refunded_cents)
		WHERE "day" = old_day;
	END IF;
	IF is_paid THEN
		INSERT INTO "sales_daily" ("day", "orders", "revenue_cents")
		VALUES (new_day, 1, round(NEW.cost * 100) - NEW.refunded_cents)
		ON CONFLICT ("day") DO UPDATE SET "orders" = "sales_daily"."orders" + 1,
			"revenue_cents" = "sales_daily"."revenue_cents" + excluded."revenue_cents";
	END IF;
	-- The lines move only when the sale starts or stops counting or changes day; a refund changes
	-- them through sale_items' own trigger.
	IF old_day IS DISTINCT FROM new_day THEN
		FOR line IN SELECT * FROM "sale_items" WHERE sale_id = COALESCE(OLD.id, NEW.id) ORDER BY instrument_id, id LOOP
			IF old_day IS NOT NULL THEN PERFORM "sales_daily_instruments_add"(old_day, line, -1); END IF;
			IF new_day IS NOT NULL THEN PERFORM "sales_daily_instruments_add"(new_day, line, 1); END IF;
		END LOOP;
	END IF;
	IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "sales_daily_line_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_day date;
	new_day date;
BEGIN
	-- Only a line of a sale that counts is in the rollup; a line deleted with its sale was taken
	-- out by the sale's trigger, and its sale is gone by now.
	IF TG_OP <> 'INSERT' THEN
		SELECT (created_at AT TIME ZONE 'UTC')::date INTO old_day FROM "sales"
		WHERE id = OLD.sale_id AND status IN ('succeeded', 'partially_refunded')
			AND fulfilment <> 'cancelled';
	END IF;
	IF TG_OP <> 'DELETE' THEN
		SELECT (created_at AT TIME ZONE 'UTC')::date INTO new_day FROM "sales"
		WHERE id = NEW.sale_id AND status IN ('succeeded', 'partially_refunded')
			AND fulfilment <> 'cancelled';
	END IF;
	-- As the sale's trigger does: the day's row before the day's instrument rows.
	PERFORM 1 FROM "sales_daily" WHERE "day" IN (old_day, new_day) ORDER BY "day" FOR UPDATE;
	IF old_day IS NOT NULL THEN PERFORM "sales_daily_instruments_add"(old_day, OLD, -1); END IF;
	IF new_day IS NOT NULL THEN PERFORM "sales_daily_instruments_add"(new_day, NEW, 1); END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_daily_kept" AFTER INSERT
	OR UPDATE OF "status", "fulfilment", "cost", "refunded_cents", "created_at" ON "sales"
	FOR EACH ROW EXECUTE FUNCTION "sales_daily_keep"();--> statement-breakpoint
-- Before the delete: the cascade takes the sale's lines away before an AFTER trigger could read them.
CREATE TRIGGER "sales_daily_kept_on_delete" BEFORE DELETE ON "sales"
	FOR EACH ROW EXECUTE FUNCTION "sales_daily_keep"();--> statement-breakpoint
CREATE TRIGGER "sales_daily_line_kept" AFTER INSERT OR DELETE
	OR UPDATE OF "sale_id", "instrument_id", "name", "price", "count", "refunded" ON "sale_items"
	FOR EACH ROW EXECUTE FUNCTION "sales_daily_line_keep"();--> statement-breakpoint
-- The sales made before this migration; the triggers above already hold both tables' locks, so
-- nothing is written between the two.
INSERT INTO "sales_daily" ("day", "orders", "revenue_cents")
SELECT (created_at AT TIME ZONE 'UTC')::date, count(*), round(sum(cost) * 100) - sum(refunded_cents)
FROM "sales"
WHERE status IN ('succeeded', 'partially_refunded') AND fulfilment <> 'cancelled'
GROUP BY 1;--> statement-breakpoint
INSERT INTO "sales_daily_instruments" ("day", "instrument_id", "deleted_name", "units", "revenue_cents")
SELECT (s.created_at AT TIME ZONE 'UTC')::date, i.instrument_id,
	CASE WHEN i.instrument_id IS NULL THEN i.name END,
	sum(i.count - i.refunded), sum(round((i.count - i.refunded) * i.price * 100))
FROM "sale_items" i JOIN "sales" s ON s.id = i.sale_id
WHERE s.status IN ('succeeded', 'partially_refunded') AND s.fulfilment <> 'cancelled'
GROUP BY 1, 2, 3;
