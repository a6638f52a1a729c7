-- The mail desk at a million customers (decision 0102). A search by the envelope's name reads the trigram index
-- of the folded name (as the other desks' searches do, migration 0004) instead of every letter.
CREATE INDEX IF NOT EXISTS "letters_envelope_name_fold_trgm_idx" ON "letters" USING gin (fold_tr("envelope_name") gin_trgm_ops);--> statement-breakpoint
-- A queue (a state's matched letters, oldest first) in its order, the id breaking ties: the page reads its
-- twenty entries and the capped count the index alone, where the state's index left the company check and
-- the id's order to the table's rows.
CREATE INDEX IF NOT EXISTS "letters_desk_queue_idx" ON "letters" USING btree ("status", "created_at", "id") WHERE "user_id" IS NOT NULL;--> statement-breakpoint
-- The unmatched tray, oldest first: a few letters in a thousand, in an index of their own.
CREATE INDEX IF NOT EXISTS "letters_desk_unmatched_idx" ON "letters" USING btree ("created_at", "id") WHERE "user_id" IS NULL;
