-- Admin search compares folded text: Turkish letters reduced to ASCII, lower case, whitespace runs
-- collapsed. `foldTurkish` in src/shared/domain/search.ts is the same function; a property test
-- (src/server/db/search.test.ts) holds the two together, so change both or neither.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- translate() runs before lower() so that no locale (a tr_TR one lowers I to ı) can touch I, İ or ı.
-- The combining marks (dot above, cedilla, breve, diaeresis) have no counterpart and are deleted, so
-- decomposed text ("S" + cedilla) and an İ lower-cased by other rules ("i" + dot) fold like the letters.
-- A plain SQL body with no SET clause, so that the planner inlines it and matches the index expressions.
CREATE OR REPLACE FUNCTION fold_tr(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT btrim(
    regexp_replace(lower(translate($1, E'İIıŞşĞğÜüÖöÇç\u0307\u0327\u0306\u0308', 'iiissgguuoocc')), '[ \t\n\r\f\v\u00a0]+', ' ', 'g'),
    ' '
  )
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ein_applications_business_name_fold_trgm_idx" ON "ein_applications" USING gin (fold_tr("business_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ein_applications_email_fold_trgm_idx" ON "ein_applications" USING gin (fold_tr("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ein_applications_responsible_party_name_fold_trgm_idx" ON "ein_applications" USING gin (fold_tr("responsible_party_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_fold_trgm_idx" ON "users" USING gin (fold_tr("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_fold_trgm_idx" ON "users" USING gin (fold_tr("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_profiles_display_name_fold_trgm_idx" ON "user_profiles" USING gin (fold_tr("display_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "company_formations_business_name_fold_trgm_idx" ON "company_formations" USING gin (fold_tr("business_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_threads_subject_fold_trgm_idx" ON "support_threads" USING gin (fold_tr("subject") gin_trgm_ops);
