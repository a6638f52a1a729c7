CREATE TABLE "mail_scan_allowances" (
	"plan" text PRIMARY KEY NOT NULL,
	"scans_per_month" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "scan_counted_on" date;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "scan_order_id" uuid;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_scan_order_id_orders_id_fk" FOREIGN KEY ("scan_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letters_scan_order_idx" ON "letters" USING btree ("scan_order_id");--> statement-breakpoint
CREATE INDEX "letters_user_scan_counted_idx" ON "letters" USING btree ("user_id","scan_counted_on");
