-- An instrument moved from one category to another changes two counts. Done as 0015 wrote it,
-- old category first, two moves in opposite directions at once (two admins, or an import beside
-- an edit) could each hold one count and wait for the other: a deadlock, one of them refused.
-- Both counts now change in one statement, categories in id order, as the insert trigger does;
-- a bulk delete now takes its categories in that order too (an UPDATE ... FROM had none).
CREATE OR REPLACE FUNCTION "shelf_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "shelf_counts" ("category_id", "shown")
	SELECT category_id, sum(change) FROM (VALUES
		(OLD.category_id, CASE WHEN OLD.is_banned THEN 0 ELSE -1 END),
		(NEW.category_id, CASE WHEN NEW.is_banned THEN 0 ELSE 1 END)
	) AS moved (category_id, change)
	GROUP BY category_id HAVING sum(change) <> 0 ORDER BY category_id
	ON CONFLICT ("category_id") DO UPDATE SET "shown" = "shelf_counts"."shown" + excluded."shown";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "shelf_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "shelf_counts" ("category_id", "shown")
	SELECT category_id, -count(*) FROM removed WHERE NOT is_banned GROUP BY category_id ORDER BY category_id
	ON CONFLICT ("category_id") DO UPDATE SET "shown" = "shelf_counts"."shown" + excluded."shown";
	RETURN NULL;
END;
$$;
