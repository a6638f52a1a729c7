ALTER TABLE "compliance_schedule" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Decision 0028: a search of "Upcoming deadlines" filters the schedule's own rows instead of first
-- building the set of every matching customer through four trigram indexes (a second and more for a
-- common surname at a million customers, once for the page and again for its count). The text is the
-- fields that list's search has always matched, folded like every admin search (fold_tr, migration
-- 0004) and joined by newlines: a folded query holds no newline, so it matches the joined text exactly
-- when it matches one of the fields.
CREATE FUNCTION compliance_search_text(uid text, business text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT concat_ws(E'\n', fold_tr(u.email), fold_tr(u.name), fold_tr(p.display_name), fold_tr(business))
     FROM users u LEFT JOIN user_profiles p ON p.id = u.id WHERE u.id = uid),
    fold_tr(business), '')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION compliance_schedule_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM compliance_schedule WHERE formation_id = OLD.id;
  END IF;
  IF NEW.formed_on IS NOT NULL THEN
    INSERT INTO compliance_schedule (formation_id, user_id, rule_id, state_selected, formed_on, due_date, search_text)
    SELECT NEW.id, NEW.user_id, r.rule_id, NEW.state_selected, NEW.formed_on,
           compliance_next_due(r.rule_id, NEW.formed_on, NEW.formed_on),
           compliance_search_text(NEW.user_id, NEW.business_name)
    FROM compliance_rules_for(NEW.state_selected) AS r(rule_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The customer's rows follow a change of their email or name, their display name, or the business name.
CREATE FUNCTION compliance_schedule_search_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  uid text;
BEGIN
  IF TG_TABLE_NAME = 'company_formations' THEN
    uid := NEW.user_id;
  ELSE
    uid := NEW.id;
  END IF;
  UPDATE compliance_schedule s SET search_text = compliance_search_text(s.user_id, f.business_name)
  FROM company_formations f
  WHERE s.user_id = uid AND f.id = s.formation_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER compliance_search_on_user AFTER UPDATE OF email, name ON users
FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION compliance_schedule_search_sync();--> statement-breakpoint
CREATE TRIGGER compliance_search_on_profile_insert AFTER INSERT ON user_profiles
FOR EACH ROW WHEN (NEW.display_name IS NOT NULL) EXECUTE FUNCTION compliance_schedule_search_sync();--> statement-breakpoint
CREATE TRIGGER compliance_search_on_profile_update AFTER UPDATE OF display_name ON user_profiles
FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
EXECUTE FUNCTION compliance_schedule_search_sync();--> statement-breakpoint
CREATE TRIGGER compliance_search_on_business_name AFTER UPDATE OF business_name ON company_formations
FOR EACH ROW WHEN (OLD.business_name IS DISTINCT FROM NEW.business_name)
EXECUTE FUNCTION compliance_schedule_search_sync();--> statement-breakpoint
-- The schedule's existing rows, in one pass over the joined tables.
UPDATE compliance_schedule s
SET search_text = concat_ws(E'\n', fold_tr(u.email), fold_tr(u.name), fold_tr(p.display_name), fold_tr(f.business_name))
FROM company_formations f
JOIN users u ON u.id = f.user_id
LEFT JOIN user_profiles p ON p.id = f.user_id
WHERE f.id = s.formation_id;--> statement-breakpoint
-- A rare match (one email) is found through the trigram index; a common one (a surname that a tenth of
-- the customers share) walks the due-date index in the list's order and filters on the text, which the
-- index now carries so the walk and the capped count never visit the table.
CREATE INDEX "compliance_schedule_search_trgm_idx" ON "compliance_schedule" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "compliance_schedule_due_idx";--> statement-breakpoint
CREATE INDEX "compliance_schedule_due_idx" ON "compliance_schedule" USING btree ("due_date","rule_id","user_id") INCLUDE ("search_text");
