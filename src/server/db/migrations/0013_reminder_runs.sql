-- Decision 0029: the deadline reminders run once a day for all copies, and a day's run reads only the
-- schedule rows whose reminder day came since the last finished run, or that were filed since then.
-- filed_at's default is evaluated once for the existing rows (no table rewrite). The first run after
-- this migration finds no finished run and reads every row due within 60 days, as runs did before.
CREATE TABLE "compliance_reminder_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"attempted" integer
);
--> statement-breakpoint
ALTER TABLE "compliance_schedule" ADD COLUMN "filed_at" timestamp with time zone DEFAULT now() NOT NULL;