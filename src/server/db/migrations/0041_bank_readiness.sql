-- Issue 40, decision 0084: the company's addresses by role and kind, and the customer's bank applications.
CREATE TABLE "bank_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"country" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"decided_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_addresses" ADD CONSTRAINT "bank_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_applications" ADD CONSTRAINT "bank_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_addresses_user_role_idx" ON "bank_addresses" USING btree ("user_id","role");--> statement-breakpoint
CREATE INDEX "bank_applications_user_idx" ON "bank_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_applications_provider_outcome_idx" ON "bank_applications" USING btree ("provider","outcome","created_at");
