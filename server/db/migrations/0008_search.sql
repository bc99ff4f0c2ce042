-- Trigrams let the shopper's search forgive typos; PGlite loads the extension in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "instruments_search_idx" ON "instruments" USING gist (lower("name" || ' ' || "brand") gist_trgm_ops);
