-- Decision 0064: an overdue deadline is an occurrence that passed unmarked. The daily roll moves a passed
-- row on to its next date, so it now keeps the date it moved from; the desk's overdue view and the home's
-- figure read both (rows not rolled yet, and rows rolled lately) as index ranges in the desk's order.
ALTER TABLE "compliance_schedule" ADD COLUMN "previous_due" date;--> statement-breakpoint
CREATE OR REPLACE FUNCTION compliance_schedule_roll(today date) RETURNS int
LANGUAGE sql AS $$
  WITH ended AS (
    DELETE FROM compliance_schedule s
     WHERE s.due_date < today AND s.rule_id = 'registered_agent_renewal'
       AND EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = s.user_id AND sub.product = 'registered_agent')
    RETURNING 1
  ), moved AS (
    UPDATE compliance_schedule s
       SET due_date = compliance_next_due(s.rule_id, s.formed_on, today), previous_due = s.due_date
     WHERE s.due_date < today
       AND NOT (s.rule_id = 'registered_agent_renewal'
         AND EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = s.user_id AND sub.product = 'registered_agent'))
    RETURNING 1
  )
  SELECT ((SELECT count(*) FROM ended) + (SELECT count(*) FROM moved))::int
$$;--> statement-breakpoint
-- The rows rolled before this migration: the occurrence a year before their date, when it was one (after
-- the formation year, which never has one) and passed in the last 60 days; older ones no reader asks for.
-- An agent row that follows a subscription moves by renewal, not by the roll, and keeps none.
UPDATE compliance_schedule s SET previous_due = p.passed
  FROM (SELECT s2.formation_id, s2.rule_id,
               compliance_occurrence(s2.rule_id, s2.formed_on, extract(year FROM s2.due_date)::int - 1) AS passed
          FROM compliance_schedule s2
         WHERE s2.due_date >= CURRENT_DATE + 300) p
 WHERE p.formation_id = s.formation_id AND p.rule_id = s.rule_id
   AND p.passed >= CURRENT_DATE - 60 AND p.passed < CURRENT_DATE AND p.passed < s.due_date
   AND extract(year FROM p.passed) > extract(year FROM s.formed_on)
   AND NOT (s.rule_id = 'registered_agent_renewal'
     AND EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = s.user_id AND sub.product = 'registered_agent'));--> statement-breakpoint
CREATE INDEX "compliance_schedule_previous_due_idx" ON "compliance_schedule" USING btree ("previous_due","rule_id","user_id") WHERE previous_due is not null;
