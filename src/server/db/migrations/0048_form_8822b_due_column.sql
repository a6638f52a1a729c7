-- Decision 0100: Form 8822-B's due date kept on the address row, computed once by the database when the
-- change's day is written (federal_due_date is IMMUTABLE), and indexed. Computed at read time, the
-- deadlines desk called the plpgsql due-date rule for every change in its window, twice: 9.7 s for the
-- first page at a million customers (20,000 changes), against 10-16 ms for the desk before it.
ALTER TABLE "bank_addresses" ADD COLUMN IF NOT EXISTS "form_8822b_due_on" date GENERATED ALWAYS AS (federal_due_date("form_8822b_changed_on" + 60)) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bank_addresses_8822b_due_idx" ON "bank_addresses" USING btree ("form_8822b_due_on") WHERE "bank_addresses"."form_8822b_due_on" is not null;
