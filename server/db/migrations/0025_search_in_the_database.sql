-- The shoppers' search runs in SQL again (server/services/search.ts): no process keeps a copy of the catalogue to reload, so 0023's version row and its triggers go.
DROP TRIGGER "instruments_search_text_changed" ON "instruments";--> statement-breakpoint
DROP TRIGGER "categories_search_text_changed" ON "categories";--> statement-breakpoint
DROP TRIGGER "instruments_search_text_emptied" ON "instruments";--> statement-breakpoint
DROP TRIGGER "categories_search_text_emptied" ON "categories";--> statement-breakpoint
DROP FUNCTION "search_text_changed"();--> statement-breakpoint
DROP TABLE "search_version";--> statement-breakpoint
CREATE INDEX "instruments_search_idx" ON "instruments" USING gin (lower("name" || ' ' || "brand") gin_trgm_ops) WITH (fastupdate=false) WHERE NOT "instruments"."is_banned";
