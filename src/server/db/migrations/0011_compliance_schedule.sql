-- Decision 0027: the next due date of every tracked compliance rule of every formed company, kept by a
-- trigger, so that "Upcoming deadlines" reads an index range on (due_date, rule_id, user_id) instead of
-- computing a million companies' dates and sorting them. The rules below repeat the `due` functions of
-- src/shared/catalogue/compliance.ts; compliance-schedule.test.ts compares both over many generated
-- cases, so a change to one without the other fails.
CREATE TABLE "compliance_schedule" (
	"formation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"state_selected" text,
	"formed_on" date NOT NULL,
	"due_date" date NOT NULL,
	CONSTRAINT "compliance_schedule_formation_id_rule_id_pk" PRIMARY KEY("formation_id","rule_id")
);
--> statement-breakpoint
DROP INDEX "company_formations_state_formed_month_idx";--> statement-breakpoint
DROP INDEX "company_formations_formed_month_day_idx";--> statement-breakpoint
ALTER TABLE "compliance_schedule" ADD CONSTRAINT "compliance_schedule_formation_id_company_formations_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."company_formations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The tracked rules that reach a company formed in `state` (catalogue rulesFor, minus the never-due FinCEN
-- item): the state's own rule, and the federal and registered agent items every company has.
CREATE FUNCTION compliance_rules_for(state text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT r.rule_id FROM (VALUES
    ('wyoming_annual_report', 'Wyoming'),
    ('delaware_llc_annual_tax', 'Delaware'),
    ('florida_annual_report', 'Florida'),
    ('federal_form_5472', NULL),
    ('registered_agent_renewal', NULL)
  ) AS r(rule_id, rule_state)
  WHERE r.rule_state IS NULL OR r.rule_state = state
$$;--> statement-breakpoint
-- A rule's occurrence in `year` for a company formed on `formed`.
CREATE FUNCTION compliance_occurrence(rule text, formed date, year int) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE rule
    WHEN 'wyoming_annual_report' THEN make_date(year, extract(month FROM formed)::int, 1)
    WHEN 'delaware_llc_annual_tax' THEN make_date(year, 6, 1)
    WHEN 'florida_annual_report' THEN make_date(year, 5, 1)
    WHEN 'federal_form_5472' THEN make_date(year, 4, 15)
    -- An interval of years clamps 29 February to the 28th in common years, as sameDayInYear does.
    WHEN 'registered_agent_renewal' THEN (formed + make_interval(years => year - extract(year FROM formed)::int))::date
  END
$$;--> statement-breakpoint
-- The first occurrence on or after `from_day`, never in the formation year (catalogue nextYearly):
-- occurrences grow with the year, so the first candidate year or the one after it holds it.
CREATE FUNCTION compliance_next_due(rule text, formed date, from_day date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN compliance_occurrence(rule, formed, y) >= from_day
    THEN compliance_occurrence(rule, formed, y)
    ELSE compliance_occurrence(rule, formed, y + 1) END
  FROM (SELECT greatest(extract(year FROM formed)::int + 1, extract(year FROM from_day)::int) AS y) AS first_year
$$;--> statement-breakpoint
-- A company's rows follow its formation date, state and owner. A new row holds the rule's first
-- occurrence ever, whatever today is; compliance_schedule_roll moves passed ones on (and readers see
-- past-due rows through it or compute their next date, see deadlines.service.ts).
CREATE FUNCTION compliance_schedule_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM compliance_schedule WHERE formation_id = OLD.id;
  END IF;
  IF NEW.formed_on IS NOT NULL THEN
    INSERT INTO compliance_schedule (formation_id, user_id, rule_id, state_selected, formed_on, due_date)
    SELECT NEW.id, NEW.user_id, r.rule_id, NEW.state_selected, NEW.formed_on,
           compliance_next_due(r.rule_id, NEW.formed_on, NEW.formed_on)
    FROM compliance_rules_for(NEW.state_selected) AS r(rule_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER compliance_schedule_on_insert AFTER INSERT ON company_formations
FOR EACH ROW WHEN (NEW.formed_on IS NOT NULL) EXECUTE FUNCTION compliance_schedule_sync();--> statement-breakpoint
CREATE TRIGGER compliance_schedule_on_update AFTER UPDATE OF formed_on, state_selected, user_id ON company_formations
FOR EACH ROW WHEN (OLD.formed_on IS DISTINCT FROM NEW.formed_on OR OLD.state_selected IS DISTINCT FROM NEW.state_selected
  OR OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION compliance_schedule_sync();--> statement-breakpoint
-- Moves every date before `today` to the rule's next occurrence; the passed rows are an index range, so
-- a day with nothing passed costs one index probe. Returns how many rows moved.
CREATE FUNCTION compliance_schedule_roll(today date) RETURNS int
LANGUAGE sql AS $$
  WITH moved AS (
    UPDATE compliance_schedule SET due_date = compliance_next_due(rule_id, formed_on, today)
    WHERE due_date < today RETURNING 1
  )
  SELECT count(*)::int FROM moved
$$;--> statement-breakpoint
-- The companies formed so far, already rolled to the day of the migration.
INSERT INTO compliance_schedule (formation_id, user_id, rule_id, state_selected, formed_on, due_date)
SELECT f.id, f.user_id, r.rule_id, f.state_selected, f.formed_on,
       compliance_next_due(r.rule_id, f.formed_on, current_date)
FROM company_formations f CROSS JOIN LATERAL compliance_rules_for(f.state_selected) AS r(rule_id)
WHERE f.formed_on IS NOT NULL;--> statement-breakpoint
CREATE INDEX "compliance_schedule_due_idx" ON "compliance_schedule" USING btree ("due_date","rule_id","user_id");--> statement-breakpoint
CREATE INDEX "compliance_schedule_user_idx" ON "compliance_schedule" USING btree ("user_id");
