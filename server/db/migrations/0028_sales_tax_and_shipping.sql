ALTER TABLE "sales_daily" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD COLUMN "shipping_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_state_counts" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_state_counts" ADD COLUMN "shipping_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Historyshops' summary and Sales over time also tell the tax and the shipping collected: the
-- price's parts as the sale stored them (migration 0027), kept beside the counts 0014 and 0018
-- keep, by the same triggers. A sale's parts never change once reserved, so the triggers fire on
-- the same columns as before; a refund lowers the revenue, never these.
CREATE OR REPLACE FUNCTION "sales_state_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "sales_state_counts" ("status", "fulfilment", "orders", "cents", "tax_cents", "shipping_cents")
	SELECT status, fulfilment, count(*), sum(round(cost * 100) - refunded_cents), sum(tax_cents), sum(shipping_cents)
	FROM "added" GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("status", "fulfilment") DO UPDATE SET "orders" = "sales_state_counts"."orders" + excluded."orders",
		"cents" = "sales_state_counts"."cents" + excluded."cents",
		"tax_cents" = "sales_state_counts"."tax_cents" + excluded."tax_cents",
		"shipping_cents" = "sales_state_counts"."shipping_cents" + excluded."shipping_cents";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_state_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "sales_state_counts" ("status", "fulfilment", "orders", "cents", "tax_cents", "shipping_cents")
	SELECT status, fulfilment, -count(*), -sum(round(cost * 100) - refunded_cents), -sum(tax_cents), -sum(shipping_cents)
	FROM "removed" GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("status", "fulfilment") DO UPDATE SET "orders" = "sales_state_counts"."orders" + excluded."orders",
		"cents" = "sales_state_counts"."cents" + excluded."cents",
		"tax_cents" = "sales_state_counts"."tax_cents" + excluded."tax_cents",
		"shipping_cents" = "sales_state_counts"."shipping_cents" + excluded."shipping_cents";
	DELETE FROM "sales_state_counts" c WHERE c."orders" = 0
		AND (c."status", c."fulfilment") IN (SELECT status, fulfilment FROM "removed");
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_state_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "sales_state_counts" ("status", "fulfilment", "orders", "cents", "tax_cents", "shipping_cents")
	SELECT status, fulfilment, sum(n), sum(cents), sum(tax), sum(shipping) FROM (VALUES
		(OLD.status, OLD.fulfilment, -1, -(round(OLD.cost * 100) - OLD.refunded_cents), -OLD.tax_cents, -OLD.shipping_cents),
		(NEW.status, NEW.fulfilment, 1, round(NEW.cost * 100) - NEW.refunded_cents, NEW.tax_cents, NEW.shipping_cents)
	) AS moved (status, fulfilment, n, cents, tax, shipping)
	GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(cents) <> 0 OR sum(tax) <> 0 OR sum(shipping) <> 0 ORDER BY 1, 2
	ON CONFLICT ("status", "fulfilment") DO UPDATE SET "orders" = "sales_state_counts"."orders" + excluded."orders",
		"cents" = "sales_state_counts"."cents" + excluded."cents",
		"tax_cents" = "sales_state_counts"."tax_cents" + excluded."tax_cents",
		"shipping_cents" = "sales_state_counts"."shipping_cents" + excluded."shipping_cents";
	DELETE FROM "sales_state_counts" c WHERE c."orders" = 0
		AND c."status" = OLD.status AND c."fulfilment" = OLD.fulfilment;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_daily_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	-- A sale counts while it is paid and not cancelled (server/back-office/sale-states.ts, paidSale).
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
			"revenue_cents" = "revenue_cents" - (round(OLD.cost * 100) - OLD.refunded_cents),
			"tax_cents" = "tax_cents" - OLD.tax_cents,
			"shipping_cents" = "shipping_cents" - OLD.shipping_cents
		WHERE "day" = old_day;
	END IF;
	IF is_paid THEN
		INSERT INTO "sales_daily" ("day", "orders", "revenue_cents", "tax_cents", "shipping_cents")
		VALUES (new_day, 1, round(NEW.cost * 100) - NEW.refunded_cents, NEW.tax_cents, NEW.shipping_cents)
		ON CONFLICT ("day") DO UPDATE SET "orders" = "sales_daily"."orders" + 1,
			"revenue_cents" = "sales_daily"."revenue_cents" + excluded."revenue_cents",
			"tax_cents" = "sales_daily"."tax_cents" + excluded."tax_cents",
			"shipping_cents" = "sales_daily"."shipping_cents" + excluded."shipping_cents";
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
-- The sales made before this migration (migrations run before the server serves anyone).
UPDATE "sales_state_counts" c SET "tax_cents" = s.tax, "shipping_cents" = s.shipping
FROM (SELECT status, fulfilment, sum(tax_cents) AS tax, sum(shipping_cents) AS shipping
	FROM "sales" GROUP BY 1, 2) s
WHERE c."status" = s.status AND c."fulfilment" = s.fulfilment;--> statement-breakpoint
UPDATE "sales_daily" d SET "tax_cents" = s.tax, "shipping_cents" = s.shipping
FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, sum(tax_cents) AS tax, sum(shipping_cents) AS shipping
	FROM "sales" WHERE status IN ('succeeded', 'partially_refunded') AND fulfilment <> 'cancelled'
	GROUP BY 1) s
WHERE d."day" = s.day;
