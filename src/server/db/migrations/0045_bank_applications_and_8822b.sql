-- Decision 0091: the back office's list of bank applications, newest first: all of them, by answer, and the
-- refusals of one reason as the home's figures fold it (trimmed, lower case). Decision 0092: the day a
-- mailing address replaced another, from which the calendar puts Form 8822-B 60 days on.
CREATE INDEX IF NOT EXISTS "bank_applications_created_idx" ON "bank_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bank_applications_outcome_idx" ON "bank_applications" USING btree ("outcome","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bank_applications_refusal_reason_idx" ON "bank_applications" USING btree (lower(trim("reason")),"created_at") WHERE "bank_applications"."outcome" = 'refused';--> statement-breakpoint
ALTER TABLE "bank_addresses" ADD COLUMN IF NOT EXISTS "form_8822b_changed_on" date;
