DROP INDEX "ein_applications_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ein_applications_created_id_idx" ON "ein_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ein_applications_status_created_idx" ON "ein_applications" USING btree ("ein_status","created_at","id");