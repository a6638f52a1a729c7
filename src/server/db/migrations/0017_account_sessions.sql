-- Decision 0044: the devices list and the staff session limits. last_seen_at stays null until the first
-- request after sign-in; network is the client's /24 (IPv4) or /48 (IPv6), never a full address.
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "network" text;--> statement-breakpoint
-- The portal records the network itself from the address it trusts; better-auth's copy came from a
-- header any client can write, so the full addresses it stored are dropped.
UPDATE "sessions" SET "ip_address" = NULL WHERE "ip_address" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "email_changes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");
