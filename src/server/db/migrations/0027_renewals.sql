-- Decision 0057: the deadlines desk's "Registered agent renewal" row is the agent subscription's period
-- end, as the customer's calendar shows it (decision 0054), not the formation anniversary: after an early
-- renewal the two would otherwise disagree for up to a year. The row stays in compliance_schedule, so
-- the desk keeps reading one index range on (due_date, rule_id, user_id) in its own order.
--
-- A company's rows, filed on a formation date set or changed: the agent row takes the subscription's
-- end when there is one (a corrected date moves the subscription first, see formation-company.service).
CREATE OR REPLACE FUNCTION compliance_schedule_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM compliance_schedule WHERE formation_id = OLD.id;
  END IF;
  IF NEW.formed_on IS NOT NULL THEN
    INSERT INTO compliance_schedule (formation_id, user_id, rule_id, state_selected, formed_on, due_date, search_text)
    SELECT NEW.id, NEW.user_id, r.rule_id, NEW.state_selected, NEW.formed_on,
           coalesce(
             (SELECT s.period_end FROM subscriptions s
               WHERE r.rule_id = 'registered_agent_renewal' AND s.user_id = NEW.user_id AND s.product = 'registered_agent'),
             compliance_next_due(r.rule_id, NEW.formed_on, NEW.formed_on)),
           compliance_search_text(NEW.user_id, NEW.business_name)
    FROM compliance_rules_for(NEW.state_selected) AS r(rule_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The agent row follows its subscription: a new subscription, and every change of its period end (a
-- renewal, a corrected formation date). Set-based (statement triggers over the changed rows), so a bulk
-- insert such as subscriptions_sync for every customer is one join, not a million single updates. A row
-- the roll removed (the period ended unrenewed) comes back when a late renewal moves the end on.
CREATE FUNCTION compliance_schedule_set_agent(user_ids text[], period_ends date[]) RETURNS void
LANGUAGE sql AS $$
  WITH c AS (
    SELECT * FROM unnest(user_ids, period_ends) AS c(user_id, period_end)
  ), moved AS (
    UPDATE compliance_schedule s SET due_date = c.period_end
      FROM c
     WHERE s.user_id = c.user_id AND s.rule_id = 'registered_agent_renewal' AND s.due_date <> c.period_end
    RETURNING 1
  )
  INSERT INTO compliance_schedule (formation_id, user_id, rule_id, state_selected, formed_on, due_date, search_text)
  SELECT f.id, f.user_id, 'registered_agent_renewal', f.state_selected, f.formed_on, c.period_end,
         compliance_search_text(f.user_id, f.business_name)
    FROM c JOIN company_formations f ON f.user_id = c.user_id AND f.formed_on IS NOT NULL
   WHERE NOT EXISTS (SELECT 1 FROM compliance_schedule s WHERE s.formation_id = f.id AND s.rule_id = 'registered_agent_renewal')
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION compliance_schedule_follow_agent() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM compliance_schedule_set_agent(array_agg(n.user_id), array_agg(n.period_end))
       FROM new_rows n WHERE n.product = 'registered_agent' HAVING count(*) > 0;
  ELSE
    PERFORM compliance_schedule_set_agent(array_agg(n.user_id), array_agg(n.period_end))
       FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.product = 'registered_agent' AND o.period_end IS DISTINCT FROM n.period_end HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER compliance_schedule_agent_on_insert AFTER INSERT ON subscriptions
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION compliance_schedule_follow_agent();--> statement-breakpoint
CREATE TRIGGER compliance_schedule_agent_on_update AFTER UPDATE ON subscriptions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION compliance_schedule_follow_agent();--> statement-breakpoint
-- The daily roll: a passed date moves to the rule's next occurrence, except the agent row of a customer
-- with a subscription. Its period ended unrenewed (in grace, lapsed or ended), so no agent renewal lies
-- ahead: the row leaves the schedule (the renewals desk lists those), and the passed range, which the
-- desk probes on every read, stays empty after the roll.
CREATE OR REPLACE FUNCTION compliance_schedule_roll(today date) RETURNS int
LANGUAGE sql AS $$
  WITH ended AS (
    DELETE FROM compliance_schedule s
     WHERE s.due_date < today AND s.rule_id = 'registered_agent_renewal'
       AND EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = s.user_id AND sub.product = 'registered_agent')
    RETURNING 1
  ), moved AS (
    UPDATE compliance_schedule s SET due_date = compliance_next_due(s.rule_id, s.formed_on, today)
     WHERE s.due_date < today
       AND NOT (s.rule_id = 'registered_agent_renewal'
         AND EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = s.user_id AND sub.product = 'registered_agent'))
    RETURNING 1
  )
  SELECT ((SELECT count(*) FROM ended) + (SELECT count(*) FROM moved))::int
$$;--> statement-breakpoint
-- The subscriptions that exist: their agent rows take the period end now (the next roll removes those
-- already past it).
UPDATE compliance_schedule s SET due_date = sub.period_end
  FROM subscriptions sub
 WHERE sub.user_id = s.user_id AND sub.product = 'registered_agent'
   AND s.rule_id = 'registered_agent_renewal' AND s.due_date <> sub.period_end;
