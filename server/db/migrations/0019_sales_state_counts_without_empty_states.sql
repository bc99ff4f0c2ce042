-- A state's row leaves sales_state_counts when its last sale does. 0018 kept it at zero, so a
-- refund the provider refused (the claim moves the sale to a state of its own, the give-back moves
-- it home) left a row behind: data a refused request had changed. Only rows this statement has
-- just written, and so already holds, are deleted: no new lock, no new order to keep.
CREATE OR REPLACE FUNCTION "sales_state_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "sales_state_counts" ("status", "fulfilment", "orders", "cents")
	SELECT status, fulfilment, -count(*), -sum(round(cost * 100) - refunded_cents)
	FROM "removed" GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("status", "fulfilment") DO UPDATE SET "orders" = "sales_state_counts"."orders" + excluded."orders",
		"cents" = "sales_state_counts"."cents" + excluded."cents";
	DELETE FROM "sales_state_counts" c WHERE c."orders" = 0
		AND (c."status", c."fulfilment") IN (SELECT status, fulfilment FROM "removed");
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_state_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "sales_state_counts" ("status", "fulfilment", "orders", "cents")
	SELECT status, fulfilment, sum(n), sum(cents) FROM (VALUES
		(OLD.status, OLD.fulfilment, -1, -(round(OLD.cost * 100) - OLD.refunded_cents)),
		(NEW.status, NEW.fulfilment, 1, round(NEW.cost * 100) - NEW.refunded_cents)
	) AS moved (status, fulfilment, n, cents)
	GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(cents) <> 0 ORDER BY 1, 2
	ON CONFLICT ("status", "fulfilment") DO UPDATE SET "orders" = "sales_state_counts"."orders" + excluded."orders",
		"cents" = "sales_state_counts"."cents" + excluded."cents";
	DELETE FROM "sales_state_counts" c WHERE c."orders" = 0
		AND c."status" = OLD.status AND c."fulfilment" = OLD.fulfilment;
	RETURN NULL;
END;
$$;--> statement-breakpoint
DELETE FROM "sales_state_counts" WHERE "orders" = 0;
