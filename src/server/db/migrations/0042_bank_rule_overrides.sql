-- Decision 0085: the back office re-checks or withdraws a bank catalogue rule; the audit log says who.
CREATE TABLE "bank_rule_overrides" (
	"provider" text NOT NULL,
	"rule_key" text NOT NULL,
	"checked_on" date,
	"withdrawn" boolean DEFAULT false NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_rule_overrides_provider_rule_key_pk" PRIMARY KEY("provider","rule_key")
);
