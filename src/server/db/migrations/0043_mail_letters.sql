CREATE TABLE "letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"envelope_name" text NOT NULL,
	"sender" text NOT NULL,
	"sender_name" text,
	"kind" text NOT NULL,
	"letter_date" date,
	"received_on" date NOT NULL,
	"pages" integer NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"envelope_key" text,
	"envelope_content_type" text,
	"scan_document_id" uuid,
	"scanned_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"logged_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_scan_document_id_documents_id_fk" FOREIGN KEY ("scan_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_logged_by_users_id_fk" FOREIGN KEY ("logged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letters_user_received_idx" ON "letters" USING btree ("user_id","received_on");--> statement-breakpoint
CREATE INDEX "letters_status_created_idx" ON "letters" USING btree ("status","created_at");
