-- The staff's list of every order (/admin/orders): newest first, alone or under one filter, paged in SQL.
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_service_created_idx" ON "orders" USING btree ("service_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_package_created_idx" ON "orders" USING btree ("package_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_provider_created_idx" ON "orders" USING btree ("provider","created_at","id");