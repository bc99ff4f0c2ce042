CREATE TABLE "search_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_version_one_row" CHECK ("search_version"."id")
);
--> statement-breakpoint
-- The shoppers' search is held in memory now (server/services/search/search-index.ts).
DROP INDEX "instruments_search_trgm_idx";
--> statement-breakpoint
INSERT INTO "search_version" DEFAULT VALUES;--> statement-breakpoint
-- Once per transaction, at its commit (a deferred trigger): a bulk import of 10,000 rows counts
-- one change, and the row's lock is taken when the transaction waits for nothing else.
CREATE FUNCTION "search_text_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('shop.search_text_changed', true), '') <> 'yes' THEN
		PERFORM set_config('shop.search_text_changed', 'yes', true);
		UPDATE "search_version" SET "changes" = "changes" + 1;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "instruments_search_text_changed"
	AFTER INSERT OR DELETE OR UPDATE OF "name", "brand", "category_id", "is_banned" ON "instruments"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "search_text_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_search_text_changed"
	AFTER INSERT OR DELETE OR UPDATE OF "name", "is_banned" ON "categories"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "search_text_changed"();--> statement-breakpoint
-- A constraint trigger cannot watch TRUNCATE (the tests' reset): counted at once.
CREATE TRIGGER "instruments_search_text_emptied" AFTER TRUNCATE ON "instruments"
	FOR EACH STATEMENT EXECUTE FUNCTION "search_text_changed"();--> statement-breakpoint
CREATE TRIGGER "categories_search_text_emptied" AFTER TRUNCATE ON "categories"
	FOR EACH STATEMENT EXECUTE FUNCTION "search_text_changed"();
