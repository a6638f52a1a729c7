-- Decision 0103: the home's mail and bank panels read daily rollups written by the daily run, as the other
-- panels do (decision 0056), and only today's rows live. Each rollup's covered days are rows of
-- daily_rollup_days, so a rollup added later starts from the first row of its table, not from the day the
-- older rollups reached.
CREATE TABLE IF NOT EXISTS "daily_rollup_days" (
	"rollup" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "daily_rollup_days_rollup_day_pk" PRIMARY KEY("rollup","day")
);
--> statement-breakpoint
-- Per UTC day: letters logged ('received', hours 0), and letters scanned by their time to scan in whole hours
-- (rounded to the nearest), which the panel's median and 90th percentile are read from.
CREATE TABLE IF NOT EXISTS "mail_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"hours" integer DEFAULT 0 NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "mail_daily_day_metric_hours_pk" PRIMARY KEY("day","metric","hours")
);
--> statement-breakpoint
-- Per UTC day of recording: the answers per provider and outcome, a refusal's reason as the home folds it
-- (lower(trim(reason)); '' for none).
CREATE TABLE IF NOT EXISTS "bank_daily" (
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "bank_daily_day_provider_outcome_reason_pk" PRIMARY KEY("day","provider","outcome","reason")
);
--> statement-breakpoint
-- The mail panel's two "now" figures (letters waiting for the customer's decision, paid forwardings) counted
-- a large state's letters on every load (300,000 at a million customers). Statement triggers keep a count per
-- status and matched-or-not instead, from their transition tables, so a bulk insert costs one row update;
-- the keys are taken in one order so two writers cannot deadlock on them.
CREATE TABLE IF NOT EXISTS "letter_counts" (
	"status" text NOT NULL,
	"matched" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "letter_counts_status_matched_pk" PRIMARY KEY("status","matched")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION letter_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM letter_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO letter_counts AS c (status, matched, n)
      SELECT status, user_id IS NOT NULL, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, matched) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO letter_counts AS c (status, matched, n)
      SELECT status, user_id IS NOT NULL, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, matched) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO letter_counts AS c (status, matched, n)
      SELECT d.status, d.matched, sum(d.delta) FROM (
        SELECT status, user_id IS NOT NULL AS matched, 1 AS delta FROM new_rows
        UNION ALL SELECT status, user_id IS NOT NULL, -1 FROM old_rows
      ) AS d GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (status, matched) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS letter_counts_insert ON letters;
--> statement-breakpoint
CREATE TRIGGER letter_counts_insert AFTER INSERT ON letters REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION letter_counts_keep();
--> statement-breakpoint
DROP TRIGGER IF EXISTS letter_counts_update ON letters;
--> statement-breakpoint
CREATE TRIGGER letter_counts_update AFTER UPDATE ON letters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION letter_counts_keep();
--> statement-breakpoint
DROP TRIGGER IF EXISTS letter_counts_delete ON letters;
--> statement-breakpoint
CREATE TRIGGER letter_counts_delete AFTER DELETE ON letters REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION letter_counts_keep();
--> statement-breakpoint
DROP TRIGGER IF EXISTS letter_counts_truncate ON letters;
--> statement-breakpoint
CREATE TRIGGER letter_counts_truncate AFTER TRUNCATE ON letters
	FOR EACH STATEMENT EXECUTE FUNCTION letter_counts_keep();
--> statement-breakpoint
-- The letters already there; a second run of this file adds nothing.
INSERT INTO letter_counts (status, matched, n)
	SELECT status, user_id IS NOT NULL, count(*) FROM letters GROUP BY 1, 2
	ON CONFLICT (status, matched) DO NOTHING;
