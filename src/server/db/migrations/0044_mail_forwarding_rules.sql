CREATE TABLE "forwarding_addresses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text,
	"country" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_standing_rules" (
	"user_id" text PRIMARY KEY NOT NULL,
	"scan_government" boolean DEFAULT false NOT NULL,
	"shred_advertising" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "forward_order_id" uuid;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "forward_to" text;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "forwarded_on" date;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "shredded_on" date;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "mailroom_item" text;--> statement-breakpoint
ALTER TABLE "forwarding_addresses" ADD CONSTRAINT "forwarding_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_standing_rules" ADD CONSTRAINT "mail_standing_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_forward_order_id_orders_id_fk" FOREIGN KEY ("forward_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letters_forward_order_idx" ON "letters" USING btree ("forward_order_id");--> statement-breakpoint
CREATE INDEX "letters_created_idx" ON "letters" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "letters_scanned_at_idx" ON "letters" USING btree ("scanned_at");--> statement-breakpoint
CREATE INDEX "letters_sender_received_idx" ON "letters" USING btree ("sender","received_on");--> statement-breakpoint
CREATE INDEX "services_mailroom_item_idx" ON "services" USING btree ("mailroom_item");
