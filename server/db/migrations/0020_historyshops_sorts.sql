CREATE INDEX "sales_admin_created_idx" ON "sales" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sales_admin_status_idx" ON "sales" USING btree ("status","fulfilment","id");--> statement-breakpoint
CREATE INDEX "sales_admin_cost_idx" ON "sales" USING btree ("cost","id");--> statement-breakpoint
CREATE INDEX "sales_admin_cus_name_idx" ON "sales" USING btree (lower("cus_name"),"id");--> statement-breakpoint
CREATE INDEX "sales_admin_cus_country_idx" ON "sales" USING btree (lower("cus_country"),"id");