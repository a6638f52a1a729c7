CREATE TABLE "filings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"rule_id" text NOT NULL,
	"item_key" text NOT NULL,
	"tax_year" integer NOT NULL,
	"status" text NOT NULL,
	"due_date" date NOT NULL,
	"status_since" timestamp with time zone DEFAULT now() NOT NULL,
	"answers" jsonb,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"prepared_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"extended_on" date,
	"submit_method" text,
	"filed_on" date,
	"confirmation_number" text,
	"prepared_as" text,
	"form_5472_document_id" uuid,
	"form_1120_document_id" uuid,
	"data_sheet_document_id" uuid,
	"signed_document_id" uuid,
	"confirmation_document_id" uuid,
	"support_thread_id" uuid,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "compliance_item_key" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "compliance_rules" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "filings_user_item_idx" ON "filings" USING btree ("user_id","item_key");--> statement-breakpoint
CREATE INDEX "filings_status_since_idx" ON "filings" USING btree ("status_since","id");--> statement-breakpoint
CREATE INDEX "filings_status_status_since_idx" ON "filings" USING btree ("status","status_since","id");--> statement-breakpoint
CREATE INDEX "filings_year_status_since_idx" ON "filings" USING btree ("tax_year","status_since","id");--> statement-breakpoint
CREATE INDEX "filings_kind_status_since_idx" ON "filings" USING btree ("kind","status_since","id");--> statement-breakpoint
CREATE INDEX "filings_extended_status_since_idx" ON "filings" USING btree ("status_since","id") WHERE "filings"."extended_on" is not null;--> statement-breakpoint
CREATE INDEX "filings_created_idx" ON "filings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "filings_due_idx" ON "filings" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "filings_kind_status_due_idx" ON "filings" USING btree ("kind","status","due_date","id");--> statement-breakpoint
-- "Let us file it" links a calendar item to its service by the rules the service files (decision 0052),
-- no longer by its English title. The example catalogue's services get their rules once, by that title.
UPDATE "services" SET "compliance_rules" = ARRAY['wyoming_annual_report', 'florida_annual_report']::text[]
  WHERE lower(btrim("title_en")) = 'annual report filing';--> statement-breakpoint
UPDATE "services" SET "compliance_rules" = ARRAY['federal_form_5472']::text[]
  WHERE lower(btrim("title_en")) = 'form 5472 and pro forma 1120 filing';
