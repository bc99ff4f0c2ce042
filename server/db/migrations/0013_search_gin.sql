-- GIN, not GiST, for the shopper's search: exact trigram lists let a LIMITed probe stop after its rows (docs/decisions/2026-11-25-cheap-misses.md).
DROP INDEX "instruments_search_idx";--> statement-breakpoint
CREATE INDEX "instruments_search_trgm_idx" ON "instruments" USING gin (lower("name" || ' ' || "brand") gin_trgm_ops);