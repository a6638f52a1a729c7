CREATE TABLE "privacy_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" text,
	"given" boolean NOT NULL,
	"network" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"token_hash" text,
	"link_expires_at" timestamp with time zone,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"due_on" date,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"answer" text,
	"files_pending" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files_done_at" timestamp with time zone,
	CONSTRAINT "privacy_erasure_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "privacy_consents" ADD CONSTRAINT "privacy_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_erasure_requests" ADD CONSTRAINT "privacy_erasure_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_consents_user_kind_idx" ON "privacy_consents" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "privacy_erasure_requests_status_due_idx" ON "privacy_erasure_requests" USING btree ("status","due_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_erasure_requests_open_user_idx" ON "privacy_erasure_requests" USING btree ("user_id") WHERE "privacy_erasure_requests"."status" in ('unconfirmed', 'pending');--> statement-breakpoint
CREATE INDEX "privacy_erasure_requests_files_idx" ON "privacy_erasure_requests" USING btree ("files_done_at") WHERE "privacy_erasure_requests"."status" = 'erased';