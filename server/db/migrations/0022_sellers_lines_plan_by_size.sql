-- 0018 planned every statement of this trigger without nested loops, for bulk writes: a seed of
-- 20,000 sales with lines, planned from a few demo sales' statistics (PGlite has no autovacuum),
-- took 285 s instead of 3.7 s. But a checkout adds one or two lines, and without nested loops
-- each statement read every sale to find the lines' one sale: at 100,000 sales, 175-200 ms of
-- PGlite per checkout instead of 5. Nested loops are allowed again; the bulk seed analyses the
-- sales it wrote before adding their lines (seed-bulk-back-office.ts). A plan cached under one
-- setting would be reused under the other, so the setting cannot depend on the statement's size.
CREATE OR REPLACE FUNCTION "sales_sellers_lines_moved"() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
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
$$;
