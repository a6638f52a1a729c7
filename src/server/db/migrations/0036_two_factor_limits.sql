CREATE TABLE "two_factor_limits" (
	"user_id" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"day_started_at" timestamp with time zone,
	"day_failures" integer DEFAULT 0 NOT NULL,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_factor_limits" ADD CONSTRAINT "two_factor_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
