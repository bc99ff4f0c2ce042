-- Refunds are kept in whole cents from now on.
UPDATE "sales" SET "refunded_cents" = round("refunded" * 100)::integer;--> statement-breakpoint
ALTER TABLE "sales" DROP COLUMN "refunded";