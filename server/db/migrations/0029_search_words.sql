CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "instruments_search_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The lexemes of name and brand, stored: a probe that reads rows in the table's order checks each
-- against them without parsing the name again (the schema leaves the column out on purpose,
-- server/db/schema/catalog.ts).
ALTER TABLE "instruments" ADD COLUMN "search_vector" tsvector
	GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "name" || ' ' || "brand")) STORED;--> statement-breakpoint
CREATE INDEX "instruments_words_idx" ON "instruments" USING gin ("search_vector") WITH (fastupdate=false) WHERE NOT "instruments"."is_banned";--> statement-breakpoint
-- The shoppers' search corrects each typed word against the catalogue's distinct words, then finds
-- the instruments holding them with full-text search (server/catalogue/search.ts): the words are
-- added in the transaction of every write, whatever writes, so every process reads the same words.
-- Insert-only: an existing word takes no lock, so writers of the same words never wait on each
-- other; a bulk insert (the CSV import, a seed) pays once per statement.
CREATE FUNCTION "search_words_of_instruments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT words.lexeme FROM "added", unnest("added"."search_vector") AS words ORDER BY 1
	ON CONFLICT ("word") DO NOTHING;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "search_words_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	words tsvector;
BEGIN
	IF TG_TABLE_NAME = 'categories' THEN
		words := to_tsvector('simple'::regconfig, NEW."name");
	ELSE
		words := NEW."search_vector";
	END IF;
	INSERT INTO "search_words" ("word")
	SELECT lexeme FROM unnest(words) ORDER BY 1
	ON CONFLICT ("word") DO NOTHING;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "instruments_search_words_added" AFTER INSERT ON "instruments"
	REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "search_words_of_instruments"();--> statement-breakpoint
-- A price, stock or ban change never reaches the function (the trigger's WHEN).
CREATE TRIGGER "instruments_search_words_renamed" AFTER UPDATE OF "name", "brand" ON "instruments"
	FOR EACH ROW WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector")
	EXECUTE FUNCTION "search_words_of_row"();--> statement-breakpoint
CREATE TRIGGER "categories_search_words" AFTER INSERT OR UPDATE OF "name" ON "categories"
	FOR EACH ROW EXECUTE FUNCTION "search_words_of_row"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT lexeme FROM "instruments", unnest("search_vector")
UNION
SELECT lexeme FROM "categories", unnest(to_tsvector('simple'::regconfig, "name"));
