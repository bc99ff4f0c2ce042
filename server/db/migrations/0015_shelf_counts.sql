CREATE TABLE "shelf_counts" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"shown" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shelf_counts" ADD CONSTRAINT "shelf_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Bulk writes (the CSV import, a seed) pay once per statement: the rows a statement added or
-- removed are counted per category, categories in id order so two writers lock them alike.
CREATE FUNCTION "shelf_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "shelf_counts" ("category_id", "shown")
	SELECT category_id, count(*) FROM added WHERE NOT is_banned GROUP BY category_id ORDER BY category_id
	ON CONFLICT ("category_id") DO UPDATE SET "shown" = "shelf_counts"."shown" + excluded."shown";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "shelf_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "shelf_counts" SET "shown" = "shelf_counts"."shown" - gone.n
	FROM (SELECT category_id, count(*) AS n FROM removed WHERE NOT is_banned GROUP BY category_id) gone
	WHERE "shelf_counts"."category_id" = gone.category_id;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- An update moves a count only when it bans, unbans or moves an instrument (the trigger's WHEN):
-- a sale's stock change or a price edit never reaches this function.
CREATE FUNCTION "shelf_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT OLD.is_banned THEN
		UPDATE "shelf_counts" SET "shown" = "shown" - 1 WHERE "category_id" = OLD.category_id;
	END IF;
	IF NOT NEW.is_banned THEN
		INSERT INTO "shelf_counts" ("category_id", "shown") VALUES (NEW.category_id, 1)
		ON CONFLICT ("category_id") DO UPDATE SET "shown" = "shelf_counts"."shown" + 1;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "instruments_shelf_add" AFTER INSERT ON "instruments"
	REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "shelf_counts_add"();--> statement-breakpoint
CREATE TRIGGER "instruments_shelf_remove" AFTER DELETE ON "instruments"
	REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "shelf_counts_remove"();--> statement-breakpoint
CREATE TRIGGER "instruments_shelf_move" AFTER UPDATE OF "is_banned", "category_id" ON "instruments"
	FOR EACH ROW WHEN (OLD.is_banned IS DISTINCT FROM NEW.is_banned OR OLD.category_id IS DISTINCT FROM NEW.category_id)
	EXECUTE FUNCTION "shelf_counts_move"();--> statement-breakpoint
INSERT INTO "shelf_counts" ("category_id", "shown")
SELECT "id", (SELECT count(*) FROM "instruments" WHERE "category_id" = "categories"."id" AND NOT "is_banned")
FROM "categories";
