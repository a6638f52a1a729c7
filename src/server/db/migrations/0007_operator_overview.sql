ALTER TABLE "short_links" ADD COLUMN "share_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "short_link_slug" text;--> statement-breakpoint
CREATE INDEX "company_formations_updated_idx" ON "company_formations" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "company_formations_status_created_idx" ON "company_formations" USING btree ("formation_status","created_at","id");--> statement-breakpoint
CREATE INDEX "company_formations_status_updated_idx" ON "company_formations" USING btree ("formation_status","updated_at","id");--> statement-breakpoint
CREATE INDEX "short_links_created_idx" ON "short_links" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_profiles_short_link_slug_idx" ON "user_profiles" USING btree ("short_link_slug");--> statement-breakpoint
-- Custom: the admin formations search folds Turkish letters like the other lists (decision 0009).
CREATE INDEX IF NOT EXISTS "company_formations_state_selected_fold_trgm_idx" ON "company_formations" USING gin (fold_tr("state_selected") gin_trgm_ops);
