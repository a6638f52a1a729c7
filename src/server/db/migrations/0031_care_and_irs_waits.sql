-- Decision 0062: the home's care and IRS-clock percentiles read one row per sample from an index range.
-- Both facts are derived from rows the application already writes (support_messages, stage_history) by
-- triggers, so every writer (the services, the seed, erasure, fixtures) keeps them true without knowing.
CREATE TABLE "ein_stage_waits" (
	"user_id" text NOT NULL,
	"stage" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"seconds" double precision NOT NULL,
	CONSTRAINT "ein_stage_waits_user_id_stage_pk" PRIMARY KEY("user_id","stage")
);
--> statement-breakpoint
DROP INDEX "support_threads_created_idx";--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "first_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "last_message_by_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ein_stage_waits" ADD CONSTRAINT "ein_stage_waits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A thread's first staff reply and whether its newest message (latest created_at, then id, as the
-- support desk orders) is staff's, recomputed from its messages for every thread a statement touched.
CREATE FUNCTION support_threads_follow_messages(thread_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE support_threads t SET
    first_reply_at = (SELECT min(m.created_at) FROM support_messages m WHERE m.thread_id = t.id AND m.is_admin_reply),
    last_message_by_staff = coalesce((SELECT m.is_admin_reply FROM support_messages m WHERE m.thread_id = t.id
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1), false)
  FROM unnest(thread_ids) AS x(id)
  WHERE t.id = x.id
$$;--> statement-breakpoint
CREATE FUNCTION support_messages_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM support_threads_follow_messages(array_agg(DISTINCT o.thread_id)) FROM old_rows o HAVING count(*) > 0;
  ELSE
    PERFORM support_threads_follow_messages(array_agg(DISTINCT n.thread_id)) FROM new_rows n HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER support_messages_follow_on_insert AFTER INSERT ON support_messages
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION support_messages_changed();--> statement-breakpoint
CREATE TRIGGER support_messages_follow_on_update AFTER UPDATE ON support_messages
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION support_messages_changed();--> statement-breakpoint
CREATE TRIGGER support_messages_follow_on_delete AFTER DELETE ON support_messages
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION support_messages_changed();--> statement-breakpoint
-- The threads of before this migration, through the same function.
SELECT support_threads_follow_messages(array_agg(t.id)) FROM support_threads t HAVING count(*) > 0;--> statement-breakpoint
-- An EIN application's stage waits: for each stage with a next one (shared/domain/ein.ts EIN_STATUSES,
-- in order), the seconds from its date to the next stage's, when the next came no earlier; stamped with
-- the application's submission time. Recomputed whole for every user a statement touched (joined, not
-- `= any(array)`, so a bulk insert of a million stage rows is one hash join).
CREATE FUNCTION ein_stage_waits_sync(user_ids text[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM ein_stage_waits w USING unnest(user_ids) AS u(id) WHERE w.user_id = u.id;
  INSERT INTO ein_stage_waits (user_id, stage, submitted_at, seconds)
  SELECT h.user_id, h.stage, a.created_at, extract(epoch FROM (n.reached_at - h.reached_at))::float8
    FROM (VALUES ('waiting_for_form', 'ss4_ready'), ('ss4_ready', 'ss4_uploaded'),
                 ('ss4_uploaded', 'submitted_to_irs'), ('submitted_to_irs', 'ein_issued')) AS s(stage, next)
    JOIN stage_history h ON h.kind = 'ein' AND h.stage = s.stage
    JOIN stage_history n ON n.user_id = h.user_id AND n.kind = 'ein' AND n.stage = s.next
    JOIN ein_applications a ON a.user_id = h.user_id
    JOIN unnest(user_ids) AS u(id) ON u.id = h.user_id
   WHERE n.reached_at >= h.reached_at
$$;--> statement-breakpoint
CREATE FUNCTION ein_stage_waits_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM ein_stage_waits_sync(array_agg(DISTINCT o.user_id)) FROM old_rows o HAVING count(*) > 0;
  ELSIF TG_TABLE_NAME = 'stage_history' THEN
    PERFORM ein_stage_waits_sync(array_agg(DISTINCT n.user_id)) FROM new_rows n WHERE n.kind = 'ein' HAVING count(*) > 0;
  ELSE
    PERFORM ein_stage_waits_sync(array_agg(DISTINCT n.user_id)) FROM new_rows n HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stage_history_waits_on_insert AFTER INSERT ON stage_history
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION ein_stage_waits_changed();--> statement-breakpoint
CREATE TRIGGER stage_history_waits_on_update AFTER UPDATE ON stage_history
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION ein_stage_waits_changed();--> statement-breakpoint
CREATE TRIGGER stage_history_waits_on_delete AFTER DELETE ON stage_history
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION ein_stage_waits_changed();--> statement-breakpoint
-- The submission time comes from the application: one made (or made again) after its stages were
-- recorded, or whose created_at is corrected, files its waits then.
CREATE TRIGGER ein_applications_waits_on_insert AFTER INSERT ON ein_applications
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION ein_stage_waits_changed();--> statement-breakpoint
CREATE TRIGGER ein_applications_waits_on_delete AFTER DELETE ON ein_applications
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION ein_stage_waits_changed();--> statement-breakpoint
-- The applications of before this migration, through the same function.
SELECT ein_stage_waits_sync(array_agg(DISTINCT a.user_id)) FROM ein_applications a HAVING count(*) > 0;--> statement-breakpoint
CREATE INDEX "ein_stage_waits_submitted_idx" ON "ein_stage_waits" USING btree ("submitted_at","stage","seconds");--> statement-breakpoint
CREATE INDEX "support_threads_created_reply_idx" ON "support_threads" USING btree ("created_at","first_reply_at");--> statement-breakpoint
CREATE INDEX "support_threads_waiting_idx" ON "support_threads" USING btree ("last_message_at") WHERE not last_message_by_staff and status in ('open', 'in_progress');
