CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "compliance_marks" (
	"user_id" text NOT NULL,
	"item_key" text NOT NULL,
	"done_by" text,
	"done_by_role" text,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_marks_user_id_item_key_pk" PRIMARY KEY("user_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "stage_history" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"stage" text NOT NULL,
	"reached_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "stage_history_user_id_kind_stage_pk" PRIMARY KEY("user_id","kind","stage")
);
--> statement-breakpoint
ALTER TABLE "ein_applications" ADD COLUMN "ein" text;--> statement-breakpoint
ALTER TABLE "ein_applications" ADD COLUMN "generated_ss4_key" text;--> statement-breakpoint
ALTER TABLE "ein_applications" ADD COLUMN "stage_reached_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "company_formations" ADD COLUMN "formed_on" date;--> statement-breakpoint
ALTER TABLE "company_formations" ADD COLUMN "state_file_number" text;--> statement-breakpoint
ALTER TABLE "company_formations" ADD COLUMN "stage_reached_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_marks" ADD CONSTRAINT "compliance_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_history" ADD CONSTRAINT "stage_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stage_history_kind_stage_reached_idx" ON "stage_history" USING btree ("kind","stage","reached_at");--> statement-breakpoint
CREATE INDEX "ein_applications_stage_reached_idx" ON "ein_applications" USING btree ("stage_reached_at","id");--> statement-breakpoint
CREATE INDEX "ein_applications_status_stage_reached_idx" ON "ein_applications" USING btree ("ein_status","stage_reached_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key_idx" ON "mail_outbox" USING btree ("dedupe_key") WHERE "mail_outbox"."dedupe_key" is not null;--> statement-breakpoint
-- Existing records: the current stage started at the last update (the best date kept so far), the first at creation.
UPDATE "company_formations" SET "stage_reached_at" = "updated_at";--> statement-breakpoint
UPDATE "ein_applications" SET "stage_reached_at" = "updated_at";--> statement-breakpoint
INSERT INTO "stage_history" ("user_id", "kind", "stage", "reached_at")
  SELECT "user_id", 'formation', 'preparation', "created_at" FROM "company_formations"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "stage_history" ("user_id", "kind", "stage", "reached_at")
  SELECT "user_id", 'formation', "formation_status", "updated_at" FROM "company_formations"
  WHERE "formation_status" <> 'preparation'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "stage_history" ("user_id", "kind", "stage", "reached_at")
  SELECT "user_id", 'ein', 'waiting_for_form', "created_at" FROM "ein_applications"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "stage_history" ("user_id", "kind", "stage", "reached_at")
  SELECT "user_id", 'ein', "ein_status", "updated_at" FROM "ein_applications"
  WHERE "ein_status" <> 'waiting_for_form'
  ON CONFLICT DO NOTHING;
