-- The admin's trigram indexes (0012) without GIN's pending list, as the shopper's (0013): PGlite never vacuums, so rows written since the list last overflowed were read on every admin search. ALTER, not drizzle-kit's drop and create: no rebuild at 100,000 rows. Turning fastupdate off keeps what is already pending, hence the flush after (docs/decisions/2026-11-25-back-office-at-scale.md).
ALTER INDEX "accounts_admin_user_name_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "instruments_admin_name_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "sale_items_admin_name_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('accounts_admin_user_name_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('instruments_admin_name_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('sale_items_admin_name_idx'::regclass);
