-- Decision 0100: the deadlines desk and the reminder mails read the Form 8822-B items (one after each
-- mailing address change, decision 0092) by the change's day, from the few rows that have one.
CREATE INDEX IF NOT EXISTS "bank_addresses_8822b_changed_idx" ON "bank_addresses" USING btree ("form_8822b_changed_on") WHERE "bank_addresses"."form_8822b_changed_on" is not null;
