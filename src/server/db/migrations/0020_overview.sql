CREATE TABLE "overview_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"item" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "overview_daily_day_metric_source_link_item_pk" PRIMARY KEY("day","metric","source","link","item")
);
--> statement-breakpoint
CREATE INDEX "overview_daily_metric_day_idx" ON "overview_daily" USING btree ("metric","day");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "support_threads_created_idx" ON "support_threads" USING btree ("created_at");