ALTER TABLE "filings" ADD COLUMN "foreign_tax_id_encrypted" text;--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "foreign_tax_id_last4" text;--> statement-breakpoint
ALTER TABLE "filings" ADD COLUMN "foreign_tax_id_purged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "filings_foreign_tax_id_kept_idx" ON "filings" USING btree ("done_at","id") WHERE "filings"."foreign_tax_id_encrypted" is not null;
