CREATE TABLE "ein_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"followed_up_on" date NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"note_shareable" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ein_follow_ups" ADD CONSTRAINT "ein_follow_ups_application_id_ein_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."ein_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ein_follow_ups" ADD CONSTRAINT "ein_follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ein_follow_ups_application_idx" ON "ein_follow_ups" USING btree ("application_id","followed_up_on","created_at");--> statement-breakpoint
CREATE INDEX "ein_follow_ups_user_idx" ON "ein_follow_ups" USING btree ("user_id");--> statement-breakpoint
-- Decision 0050: the federal due-date rule in SQL, repeating src/shared/catalogue/federal-holidays.ts (the
-- compliance schedule test compares both): the nth weekday of a month (n = -1: the last one), a fixed
-- holiday's observed weekday, whether a day is a legal holiday, and the next business day on or after a day.
CREATE FUNCTION federal_nth_weekday(y int, m int, wd int, n int) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN n > 0
    THEN make_date(y, m, 1) + ((wd - extract(dow FROM make_date(y, m, 1))::int + 7) % 7 + (n - 1) * 7)
    ELSE last_day - ((extract(dow FROM last_day)::int - wd + 7) % 7)
  END
  FROM (SELECT (make_date(y, m, 1) + interval '1 month' - interval '1 day')::date AS last_day) AS l
$$;--> statement-breakpoint
CREATE FUNCTION federal_observed(d date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE extract(dow FROM d)::int WHEN 6 THEN d - 1 WHEN 0 THEN d + 1 ELSE d END
$$;--> statement-breakpoint
CREATE FUNCTION federal_holiday(d date) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT EXISTS (
    SELECT 1
    FROM (VALUES (extract(year FROM d)::int), (extract(year FROM d)::int + 1)) AS years(y)
    CROSS JOIN LATERAL (VALUES
      (make_date(y, 1, 1), true),
      (federal_nth_weekday(y, 1, 1, 3), false),
      (federal_nth_weekday(y, 2, 1, 3), false),
      (CASE WHEN y >= 2005 THEN make_date(y, 4, 16) END, true),
      (federal_nth_weekday(y, 5, 1, -1), false),
      (CASE WHEN y >= 2021 THEN make_date(y, 6, 19) END, true),
      (make_date(y, 7, 4), true),
      (federal_nth_weekday(y, 9, 1, 1), false),
      (federal_nth_weekday(y, 10, 1, 2), false),
      (make_date(y, 11, 11), true),
      (federal_nth_weekday(y, 11, 4, 4), false),
      (make_date(y, 12, 25), true)
    ) AS h(day, fixed)
    WHERE h.day = d OR (h.fixed AND federal_observed(h.day) = d)
  )
$$;--> statement-breakpoint
CREATE FUNCTION federal_due_date(d date) RETURNS date
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  day date := d;
BEGIN
  WHILE extract(isodow FROM day) > 5 OR federal_holiday(day) LOOP
    day := day + 1;
  END LOOP;
  RETURN day;
END
$$;--> statement-breakpoint
-- Texas joins the tracked states (its two reports, due 15 May); New Mexico has no report to schedule.
CREATE OR REPLACE FUNCTION compliance_rules_for(state text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT r.rule_id FROM (VALUES
    ('wyoming_annual_report', 'Wyoming'),
    ('delaware_llc_annual_tax', 'Delaware'),
    ('florida_annual_report', 'Florida'),
    ('texas_franchise_tax_report', 'Texas'),
    ('texas_public_information_report', 'Texas'),
    ('federal_form_5472', NULL),
    ('registered_agent_renewal', NULL)
  ) AS r(rule_id, rule_state)
  WHERE r.rule_state IS NULL OR r.rule_state = state
$$;--> statement-breakpoint
-- The federal Form 5472 date now follows the due-date rule.
CREATE OR REPLACE FUNCTION compliance_occurrence(rule text, formed date, year int) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE rule
    WHEN 'wyoming_annual_report' THEN make_date(year, extract(month FROM formed)::int, 1)
    WHEN 'delaware_llc_annual_tax' THEN make_date(year, 6, 1)
    WHEN 'florida_annual_report' THEN make_date(year, 5, 1)
    WHEN 'texas_franchise_tax_report' THEN make_date(year, 5, 15)
    WHEN 'texas_public_information_report' THEN make_date(year, 5, 15)
    WHEN 'federal_form_5472' THEN federal_due_date(make_date(year, 4, 15))
    -- An interval of years clamps 29 February to the 28th in common years, as sameDayInYear does.
    WHEN 'registered_agent_renewal' THEN (formed + make_interval(years => year - extract(year FROM formed)::int))::date
  END
$$;--> statement-breakpoint
-- The rows already scheduled: a 15 April on a weekend or holiday moves on; Texas companies get their reports.
UPDATE compliance_schedule SET due_date = federal_due_date(due_date) WHERE rule_id = 'federal_form_5472';--> statement-breakpoint
INSERT INTO compliance_schedule (formation_id, user_id, rule_id, state_selected, formed_on, due_date, search_text)
SELECT f.id, f.user_id, r.rule_id, f.state_selected, f.formed_on,
       compliance_next_due(r.rule_id, f.formed_on, current_date),
       compliance_search_text(f.user_id, f.business_name)
FROM company_formations f
CROSS JOIN (VALUES ('texas_franchise_tax_report'), ('texas_public_information_report')) AS r(rule_id)
WHERE f.formed_on IS NOT NULL AND f.state_selected = 'Texas'
ON CONFLICT DO NOTHING;
