CREATE INDEX "accounts_admin_full_name_idx" ON "accounts" USING btree (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')),"id");--> statement-breakpoint
CREATE INDEX "accounts_admin_rol_idx" ON "accounts" USING btree ("rol","id");--> statement-breakpoint
CREATE INDEX "instruments_admin_name_sort_idx" ON "instruments" USING btree (lower("name"),"id");