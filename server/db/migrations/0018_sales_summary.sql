CREATE TABLE "sales_seller_names" (
	"instrument_id" integer NOT NULL,
	"name" text NOT NULL,
	"units" bigint NOT NULL,
	CONSTRAINT "sales_seller_names_instrument_id_name_pk" PRIMARY KEY("instrument_id","name")
);
--> statement-breakpoint
CREATE TABLE "sales_sellers" (
	"instrument_id" integer,
	"deleted_name" text,
	"name" text,
	"units" bigint NOT NULL,
	CONSTRAINT "sales_sellers_key" UNIQUE NULLS NOT DISTINCT("instrument_id","deleted_name")
);
--> statement-breakpoint
CREATE TABLE "sales_state_counts" (
	"status" text NOT NULL,
	"fulfilment" text NOT NULL,
	"orders" integer NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "sales_state_counts_status_fulfilment_pk" PRIMARY KEY("status","fulfilment")
);
--> statement-breakpoint
CREATE TABLE "sales_units_sold" (
	"id" boolean PRIMARY KEY NOT NULL,
	"units" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_sellers_top_idx" ON "sales_sellers" USING btree ("units" DESC NULLS LAST,"name");--> statement-breakpoint
-- A paid sale is one whose money is in (succeeded or partly refunded) and which is not cancelled:
-- server/services/sale-states.ts, paidSale. Every writer takes the rows of these tables in the
-- same order (the units row, then instruments by id, then names) so two of them wait for each
-- other instead of meeting in a deadlock. Triggers of one event fire in name order: 0014's
-- rollups are taken before these and the per-state counts after them, on every path.
CREATE FUNCTION "sales_sellers_take"(lines "sale_items"[], sign integer)
RETURNS void LANGUAGE sql AS $$
	INSERT INTO "sales_units_sold" ("id", "units")
	SELECT true, sign * sum(l.count) FROM unnest(lines) l HAVING count(*) > 0
	ON CONFLICT ("id") DO UPDATE SET "units" = "sales_units_sold"."units" + excluded."units";
	INSERT INTO "sales_sellers" ("instrument_id", "deleted_name", "name", "units")
	SELECT l.instrument_id, CASE WHEN l.instrument_id IS NULL THEN l.name END,
		CASE WHEN l.instrument_id IS NULL THEN l.name END, sign * sum(l.count)
	FROM unnest(lines) l GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("instrument_id", "deleted_name") DO UPDATE SET
		"units" = "sales_sellers"."units" + excluded."units";
	INSERT INTO "sales_seller_names" ("instrument_id", "name", "units")
	SELECT l.instrument_id, l.name, sign * sum(l.count)
	FROM unnest(lines) l WHERE l.instrument_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("instrument_id", "name") DO UPDATE SET
		"units" = "sales_seller_names"."units" + excluded."units";
	-- A live instrument shows the greatest name of its paid lines, as max(name) over them did.
	UPDATE "sales_sellers" s SET "name" = (SELECT max(n.name) FROM "sales_seller_names" n
		WHERE n.instrument_id = s.instrument_id AND n.units > 0)
	WHERE s.instrument_id IN (SELECT l.instrument_id FROM unnest(lines) l);
$$;--> statement-breakpoint
-- A sale's lines move only when it starts or stops counting.
CREATE FUNCTION "sales_sellers_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_paid boolean := OLD.status IN ('succeeded', 'partially_refunded') AND OLD.fulfilment <> 'cancelled';
	is_paid boolean := TG_OP = 'UPDATE' AND NEW.status IN ('succeeded', 'partially_refunded')
		AND NEW.fulfilment <> 'cancelled';
BEGIN
	IF was_paid <> is_paid THEN
		PERFORM "sales_sellers_take"(ARRAY(SELECT l FROM "sale_items" l WHERE l.sale_id = OLD.id
			ORDER BY l.instrument_id, l.id), CASE WHEN is_paid THEN 1 ELSE -1 END);
	END IF;
	IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
-- Bulk writes (a seed, an import) pay once per statement for the lines they add or remove; a
-- line deleted with its sale was taken out by the sale's trigger, and its sale is gone by now.
-- Set-based on the statement's lines, with room to group them in memory (PGlite cannot spill to a
-- temporary file) and no nested loops: PGlite has no autovacuum, and planned from a few demo sales'
-- statistics a seed of 20,000 sales with lines took 285 s instead of 3.7 s.
CREATE FUNCTION "sales_sellers_lines_moved"() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' SET enable_nestloop = off AS $$
DECLARE
	sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
	INSERT INTO "sales_units_sold" ("id", "units")
	SELECT true, sign * sum(l.count) FROM "lines" l JOIN "sales" p ON p.id = l.sale_id
	WHERE p.status IN ('succeeded', 'partially_refunded') AND p.fulfilment <> 'cancelled' HAVING count(*) > 0
	ON CONFLICT ("id") DO UPDATE SET "units" = "sales_units_sold"."units" + excluded."units";
	INSERT INTO "sales_sellers" ("instrument_id", "deleted_name", "name", "units")
	SELECT l.instrument_id, CASE WHEN l.instrument_id IS NULL THEN l.name END,
		CASE WHEN l.instrument_id IS NULL THEN l.name END, sign * sum(l.count)
	FROM "lines" l JOIN "sales" p ON p.id = l.sale_id
	WHERE p.status IN ('succeeded', 'partially_refunded') AND p.fulfilment <> 'cancelled' GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("instrument_id", "deleted_name") DO UPDATE SET
		"units" = "sales_sellers"."units" + excluded."units";
	INSERT INTO "sales_seller_names" ("instrument_id", "name", "units")
	SELECT l.instrument_id, l.name, sign * sum(l.count)
	FROM "lines" l JOIN "sales" p ON p.id = l.sale_id
	WHERE p.status IN ('succeeded', 'partially_refunded') AND p.fulfilment <> 'cancelled' AND l.instrument_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("instrument_id", "name") DO UPDATE SET
		"units" = "sales_seller_names"."units" + excluded."units";
	UPDATE "sales_sellers" s SET "name" = (SELECT max(n.name) FROM "sales_seller_names" n
		WHERE n.instrument_id = s.instrument_id AND n.units > 0)
	WHERE s.instrument_id IN (SELECT l.instrument_id FROM "lines" l JOIN "sales" p ON p.id = l.sale_id
		WHERE p.status IN ('succeeded', 'partially_refunded') AND p.fulfilment <> 'cancelled');
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- A line edited in place: a deleted instrument's lines (grouped by name from then on), or a line
-- moved or recounted by hand.
CREATE FUNCTION "sales_sellers_line_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM "sales" WHERE id = OLD.sale_id
		AND status IN ('succeeded', 'partially_refunded') AND fulfilment <> 'cancelled') THEN
		PERFORM "sales_sellers_take"(ARRAY[OLD], -1);
	END IF;
	IF EXISTS (SELECT 1 FROM "sales" WHERE id = NEW.sale_id
		AND status IN ('succeeded', 'partially_refunded') AND fulfilment <> 'cancelled') THEN
		PERFORM "sales_sellers_take"(ARRAY[NEW], 1);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_sellers_kept" AFTER UPDATE OF "status", "fulfilment" ON "sales"
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.fulfilment IS DISTINCT FROM NEW.fulfilment)
	EXECUTE FUNCTION "sales_sellers_keep"();--> statement-breakpoint
-- Before the delete: the cascade takes the sale's lines away before an AFTER trigger could read them.
CREATE TRIGGER "sales_sellers_kept_on_delete" BEFORE DELETE ON "sales"
	FOR EACH ROW EXECUTE FUNCTION "sales_sellers_keep"();--> statement-breakpoint
CREATE TRIGGER "sales_sellers_lines_add" AFTER INSERT ON "sale_items"
	REFERENCING NEW TABLE AS lines FOR EACH STATEMENT EXECUTE FUNCTION "sales_sellers_lines_moved"();--> statement-breakpoint
CREATE TRIGGER "sales_sellers_lines_remove" AFTER DELETE ON "sale_items"
	REFERENCING OLD TABLE AS lines FOR EACH STATEMENT EXECUTE FUNCTION "sales_sellers_lines_moved"();--> statement-breakpoint
CREATE TRIGGER "sales_sellers_line_kept" AFTER UPDATE OF "sale_id", "instrument_id", "name", "count" ON "sale_items"
	FOR EACH ROW WHEN (OLD.sale_id IS DISTINCT FROM NEW.sale_id OR OLD.instrument_id IS DISTINCT FROM NEW.instrument_id
		OR OLD.name IS DISTINCT FROM NEW.name OR OLD.count IS DISTINCT FROM NEW.count)
	EXECUTE FUNCTION "sales_sellers_line_keep"();--> statement-breakpoint
-- The per-state counts (every sale, paid or not): added and removed once per statement, states
-- in a fixed order; an update moves a sale between two states in one statement, as 0017 does.
CREATE FUNCTION "sales_state_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "sales_state_counts" ("status", "fulfilment", "orders", "cents")
	SELECT status, fulfilment, count(*), sum(round(cost * 100) - refunded_cents)
	FROM "added" GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("status", "fulfilment") DO UPDATE SET "orders" = "sales_state_counts"."orders" + excluded."orders",
		"cents" = "sales_state_counts"."cents" + excluded."cents";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "sales_state_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "sales_state_counts" ("status", "fulfilment", "orders", "cents")
	SELECT status, fulfilment, -count(*), -sum(round(cost * 100) - refunded_cents)
	FROM "removed" GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("status", "fulfilment") DO UPDATE SET "orders" = "sales_state_counts"."orders" + excluded."orders",
		"cents" = "sales_state_counts"."cents" + excluded."cents";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "sales_state_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "sales_state_counts" ("status", "fulfilment", "orders", "cents")
	SELECT status, fulfilment, sum(n), sum(cents) FROM (VALUES
		(OLD.status, OLD.fulfilment, -1, -(round(OLD.cost * 100) - OLD.refunded_cents)),
		(NEW.status, NEW.fulfilment, 1, round(NEW.cost * 100) - NEW.refunded_cents)
	) AS moved (status, fulfilment, n, cents)
	GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(cents) <> 0 ORDER BY 1, 2
	ON CONFLICT ("status", "fulfilment") DO UPDATE SET "orders" = "sales_state_counts"."orders" + excluded."orders",
		"cents" = "sales_state_counts"."cents" + excluded."cents";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_state_counts_add" AFTER INSERT ON "sales"
	REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "sales_state_counts_add"();--> statement-breakpoint
CREATE TRIGGER "sales_state_counts_remove" AFTER DELETE ON "sales"
	REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "sales_state_counts_remove"();--> statement-breakpoint
-- A sale's mail, hold or parcel details change no count: only these columns reach the function.
CREATE TRIGGER "sales_state_counts_move" AFTER UPDATE OF "status", "fulfilment", "cost", "refunded_cents" ON "sales"
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.fulfilment IS DISTINCT FROM NEW.fulfilment
		OR OLD.cost IS DISTINCT FROM NEW.cost OR OLD.refunded_cents IS DISTINCT FROM NEW.refunded_cents)
	EXECUTE FUNCTION "sales_state_counts_move"();--> statement-breakpoint
-- The sales made before this migration: creating the triggers locked sales and sale_items against
-- writes until the migration commits, so nothing is counted twice or missed.
INSERT INTO "sales_state_counts" ("status", "fulfilment", "orders", "cents")
SELECT status, fulfilment, count(*), sum(round(cost * 100) - refunded_cents) FROM "sales" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "sales_units_sold" ("id", "units")
SELECT true, sum(i.count) FROM "sale_items" i JOIN "sales" s ON s.id = i.sale_id
WHERE s.status IN ('succeeded', 'partially_refunded') AND s.fulfilment <> 'cancelled'
HAVING count(*) > 0;--> statement-breakpoint
INSERT INTO "sales_sellers" ("instrument_id", "deleted_name", "name", "units")
SELECT i.instrument_id, CASE WHEN i.instrument_id IS NULL THEN i.name END, max(i.name), sum(i.count)
FROM "sale_items" i JOIN "sales" s ON s.id = i.sale_id
WHERE s.status IN ('succeeded', 'partially_refunded') AND s.fulfilment <> 'cancelled'
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "sales_seller_names" ("instrument_id", "name", "units")
SELECT i.instrument_id, i.name, sum(i.count)
FROM "sale_items" i JOIN "sales" s ON s.id = i.sale_id
WHERE s.status IN ('succeeded', 'partially_refunded') AND s.fulfilment <> 'cancelled' AND i.instrument_id IS NOT NULL
GROUP BY 1, 2;
