-- Issue 24 (decision 0043): staff join by invitation, can be deactivated, and the audit trail is read.
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"lang" text DEFAULT 'tr' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- One open invitation per address: a second one is a resend, not a new link beside the old.
CREATE UNIQUE INDEX "staff_invitations_open_email_idx" ON "staff_invitations" USING btree ("email") WHERE "accepted_at" is null and "cancelled_at" is null;
--> statement-breakpoint
-- The client's network (IPv4 /24, IPv6 /48) the change came from; null for rows older than this column
-- and for changes no request made (the CLI, background jobs).
ALTER TABLE "audit_events" ADD COLUMN "network" text;
--> statement-breakpoint
-- /admin/audit reads newest first; each filter walks its own (column, created_at, id) index.
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "audit_events_actor_created_idx" ON "audit_events" USING btree ("actor_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "audit_events_action_created_idx" ON "audit_events" USING btree ("action","created_at","id");
--> statement-breakpoint
CREATE INDEX "audit_events_subject_created_idx" ON "audit_events" USING btree ("subject_user_id","created_at","id");
--> statement-breakpoint
DROP INDEX "audit_events_subject_idx";
