CREATE TABLE "ops_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "ops_runs_job_day_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
ALTER TABLE "ein_applications" ADD COLUMN "ssn_purged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_unverified_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."email_verified" = false;--> statement-breakpoint
CREATE INDEX "ein_applications_ssn_kept_idx" ON "ein_applications" USING btree ("stage_reached_at","id") WHERE "ein_applications"."ein_status" = 'ein_issued' and "ein_applications"."ssn_purged_at" is null;