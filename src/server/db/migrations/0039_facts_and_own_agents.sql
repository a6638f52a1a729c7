-- Decision 0073: the facts at their source. Inauguration Day (20 January every fourth year from 1965)
-- joins DC's legal holidays (D.C. Code § 28-2701): a Sunday one moves to the Monday, a Saturday one
-- stays (the code's Saturday rule excepts it). The catalogue's federal-holidays.ts holds the same list.
CREATE OR REPLACE FUNCTION federal_holiday(d date) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT EXISTS (
    SELECT 1
    FROM (VALUES (extract(year FROM d)::int), (extract(year FROM d)::int + 1)) AS years(y)
    CROSS JOIN LATERAL (VALUES
      (make_date(y, 1, 1), 'fixed'),
      (CASE WHEN y >= 1965 AND (y - 1965) % 4 = 0 THEN make_date(y, 1, 20) END, 'sunday_only'),
      (federal_nth_weekday(y, 1, 1, 3), 'nth'),
      (federal_nth_weekday(y, 2, 1, 3), 'nth'),
      (CASE WHEN y >= 2005 THEN make_date(y, 4, 16) END, 'fixed'),
      (federal_nth_weekday(y, 5, 1, -1), 'nth'),
      (CASE WHEN y >= 2021 THEN make_date(y, 6, 19) END, 'fixed'),
      (make_date(y, 7, 4), 'fixed'),
      (federal_nth_weekday(y, 9, 1, 1), 'nth'),
      (federal_nth_weekday(y, 10, 1, 2), 'nth'),
      (make_date(y, 11, 11), 'fixed'),
      (federal_nth_weekday(y, 11, 4, 4), 'nth'),
      (make_date(y, 12, 25), 'fixed')
    ) AS h(day, kind)
    WHERE h.day = d
       OR (h.kind = 'fixed' AND federal_observed(h.day) = d)
       OR (h.kind = 'sunday_only' AND extract(dow FROM h.day) = 0 AND h.day + 1 = d)
  )
$$;--> statement-breakpoint
-- Texas (fact check 5c): since the 2024 reports an LLC at or below the no-tax-due threshold files no
-- franchise tax report, only the Public Information Report; the calendar schedules that one, and its
-- 15 May moves off a weekend to the Monday (5d; catalogue texasDueDate).
CREATE OR REPLACE FUNCTION compliance_rules_for(state text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT r.rule_id FROM (VALUES
    ('wyoming_annual_report', 'Wyoming'),
    ('delaware_llc_annual_tax', 'Delaware'),
    ('florida_annual_report', 'Florida'),
    ('texas_public_information_report', 'Texas'),
    ('federal_form_5472', NULL),
    ('registered_agent_renewal', NULL)
  ) AS r(rule_id, rule_state)
  WHERE r.rule_state IS NULL OR r.rule_state = state
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION compliance_occurrence(rule text, formed date, year int) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE rule
    WHEN 'wyoming_annual_report' THEN make_date(year, extract(month FROM formed)::int, 1)
    WHEN 'delaware_llc_annual_tax' THEN make_date(year, 6, 1)
    WHEN 'florida_annual_report' THEN make_date(year, 5, 1)
    WHEN 'texas_public_information_report' THEN
      make_date(year, 5, 15) + CASE extract(dow FROM make_date(year, 5, 15))::int WHEN 6 THEN 2 WHEN 0 THEN 1 ELSE 0 END
    WHEN 'federal_form_5472' THEN federal_due_date(make_date(year, 4, 15))
    -- An interval of years clamps 29 February to the 28th in common years, as sameDayInYear does.
    WHEN 'registered_agent_renewal' THEN (formed + make_interval(years => year - extract(year FROM formed)::int))::date
  END
$$;--> statement-breakpoint
DELETE FROM compliance_schedule WHERE rule_id = 'texas_franchise_tax_report';--> statement-breakpoint
UPDATE compliance_schedule
   SET due_date = compliance_occurrence(rule_id, formed_on, extract(year FROM due_date)::int)
 WHERE rule_id = 'texas_public_information_report'
   AND due_date <> compliance_occurrence(rule_id, formed_on, extract(year FROM due_date)::int);--> statement-breakpoint
-- Decision 0074: the registered agent is ours (our partner, billed by us at the renewal price) only when
-- the customer bought a turnkey package, which includes the first year: the formation's payment is
-- 'paid'. A self-service founder appointed an agent on the formation site and is billed by that agent,
-- so no subscription of ours is opened for them.
CREATE OR REPLACE FUNCTION subscriptions_sync(today date, agent_price integer, address_price integer, one_user text DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE added integer;
BEGIN
  WITH firsts AS (
    SELECT f.user_id, 'registered_agent'::text AS product, f.formed_on AS first, f.state_selected AS state, agent_price AS price
      FROM company_formations f
     WHERE f.formed_on IS NOT NULL AND f.formed_on <= today AND (one_user IS NULL OR f.user_id = one_user)
       AND f.payment_status = 'paid'
       AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = f.user_id AND s.product = 'registered_agent')
    UNION ALL
    SELECT o.user_id, 'private_address', min((o.paid_at AT TIME ZONE 'UTC')::date), max(f.state_selected), address_price
      FROM orders o LEFT JOIN company_formations f ON f.user_id = o.user_id
     WHERE o.kind = 'formation_package' AND o.address_option = 'private_address' AND o.status = 'paid'
       AND o.paid_at IS NOT NULL AND (one_user IS NULL OR o.user_id = one_user)
       AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = o.user_id AND s.product = 'private_address')
     GROUP BY o.user_id
  ), cycles AS (
    SELECT user_id, product, state, price, first,
           greatest(0, date_part('year', age(today, first))::int) AS n
      FROM firsts WHERE first <= today
  ), inserted AS (
    INSERT INTO subscriptions (user_id, product, state, period_start, period_end, price_cents)
    SELECT user_id, product, state, (first + make_interval(years => n))::date, (first + make_interval(years => n + 1))::date, price
      FROM cycles
    ON CONFLICT (user_id, product) DO NOTHING
    RETURNING id, user_id, period_end
  ), events AS (
    INSERT INTO subscription_events (subscription_id, user_id, kind, period_end)
    SELECT id, user_id, 'started', period_end FROM inserted
    RETURNING 1
  )
  SELECT count(*) INTO added FROM events;
  RETURN added;
END $$;
--> statement-breakpoint
-- The agent subscriptions the old sync opened for self-service companies were never ours and nobody was
-- charged for them: they go, with their history, tasks and unsent notices. One the customer paid a
-- renewal on stays (they bought a year of our agent). Their calendar row returns to the anniversary.
-- A function so the rule can be tested; the migration runs it once.
CREATE FUNCTION subscriptions_drop_unowned_agents() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE dropped integer;
BEGIN
  CREATE TEMP TABLE unowned_agents ON COMMIT DROP AS
  SELECT s.id, s.user_id
    FROM subscriptions s
   WHERE s.product = 'registered_agent'
     AND NOT EXISTS (SELECT 1 FROM company_formations f WHERE f.user_id = s.user_id AND f.payment_status = 'paid')
     AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.subscription_id = s.id AND o.status = 'paid');
  SELECT count(*) INTO dropped FROM unowned_agents;
  DELETE FROM mail_outbox m USING unowned_agents o
   WHERE m.status = 'queued' AND m.dedupe_key LIKE 'renewals:' || o.id || ':%';
  DELETE FROM subscriptions s USING unowned_agents o WHERE s.id = o.id;
  DELETE FROM compliance_schedule c USING unowned_agents o
   WHERE c.user_id = o.user_id AND c.rule_id = 'registered_agent_renewal';
  INSERT INTO compliance_schedule (formation_id, user_id, rule_id, state_selected, formed_on, due_date, search_text)
  SELECT f.id, f.user_id, 'registered_agent_renewal', f.state_selected, f.formed_on,
         compliance_next_due('registered_agent_renewal', f.formed_on, current_date),
         compliance_search_text(f.user_id, f.business_name)
    FROM company_formations f JOIN (SELECT DISTINCT user_id FROM unowned_agents) o ON o.user_id = f.user_id
   WHERE f.formed_on IS NOT NULL
  ON CONFLICT DO NOTHING;
  DROP TABLE unowned_agents;
  RETURN dropped;
END $$;
--> statement-breakpoint
SELECT subscriptions_drop_unowned_agents();
